// /api/qw/customer/code/* (一客一码) — being written.
import type { Api } from '../http/types.js';
import type { Services } from '../services.js';

export async function leadRoutes(_app: Api, _opts: { services: Services }) {}
