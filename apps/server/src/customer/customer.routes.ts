// /api/qw/customer/detail (客户详情) — being written.
import type { Api } from '../http/types.js';
import type { Services } from '../services.js';

export async function customerRoutes(_app: Api, _opts: { services: Services }) {}
