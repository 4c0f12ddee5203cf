// The one place X-Work-Id is read: on every route declared `workSpace: true`, after the auth hook (login,
// then the child's permission key) and after the body is validated, the header is resolved once into
// req.workSpace — the caller's own work space, or for a child account its main account's. A missing or
// malformed header is a 400; a work space that is not the caller's is a 404 「企业不存在」.
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../auth/auth.hook.js';
import type { Api } from '../http/types.js';
import type { WorkSpace } from './workspace.repository.js';
import type { WorkSpaceService } from './workspace.service.js';

export function registerWorkSpaceHook(app: Api, workSpaces: WorkSpaceService): void {
  app.addHook('preHandler', async (request) => {
    if (request.is404 || !request.routeOptions.config.workSpace) return;
    request.workSpace = await workSpaces.scoped(callerOf(request), request.headers['x-work-id']);
  });
}

/** The work space of a route declared `workSpace: true` (set by the work-space hook). */
export function workSpaceOf(request: FastifyRequest): WorkSpace {
  if (!request.workSpace) throw new Error(`${request.method} ${request.routeOptions.url}: not declared workSpace: true`);
  return request.workSpace;
}
