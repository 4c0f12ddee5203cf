// /api/qw/risk/plan/*, /api/qw/limit/plan/*, /api/qw/risk/record/* (风控) — being written.
import type { Api } from '../http/types.js';
import type { Services } from '../services.js';

export async function riskRoutes(_app: Api, _opts: { services: Services }) {}
