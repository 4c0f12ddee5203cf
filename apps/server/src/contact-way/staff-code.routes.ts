// /api/qw/staff/code/* (员工活码) — being written.
import type { Api } from '../http/types.js';
import type { Services } from '../services.js';

export async function staffCodeRoutes(_app: Api, _opts: { services: Services }) {}
