// Fastify typing shared by every route file: the TypeBox provider, the request's caller,
// and the route config flags the auth hook reads.
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AuthContext } from '../auth/session.service.js';
import type { DistributorCaller } from '../auth/auth.hook.js';
import type { WorkSpace } from '../workspace/workspace.repository.js';
import type { RouteEntry } from './route-table.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in caller; set by the auth hook on every non-public /api route. */
    auth: AuthContext | null;
    /** The work space named by X-Work-Id; set by the work-space hook on routes declared `workSpace: true`. */
    workSpace: WorkSpace | null;
    /** The distributor of a `distributor: true` route; set by the auth hook. */
    distributor: DistributorCaller | null;
  }
  // The route declaration (see http/route-table.ts): exactly one of public / anyAccount / mainOnly /
  // permission, and workSpace unless public. A route under /api without it stops the app.
  interface FastifyContextConfig {
    /** No login needed (login, register, callbacks, health). */
    public?: boolean;
    /** Any logged-in account, child accounts included whatever their keys. */
    anyAccount?: boolean;
    /** A logged-in distributor (the portal's session kind); account sessions get 401. Declares workSpace: false. */
    distributor?: boolean;
    /** The route works on the work space named by X-Work-Id (resolved once into req.workSpace). */
    workSpace?: boolean;
    /** Child accounts are refused with 403 「子账号无权进行此操作」. */
    mainOnly?: boolean;
    /**
     * Child accounts need this menu key (or one above it) granted, else 403 「暂无权限」. A list means any
     * one of them (e.g. the member picker serves every page that picks members).
     */
    permission?: string | readonly string[];
    /** Skips the XSRF check (http/xsrf.ts): only /api/cookie/update, which replaces the cookie. */
    xsrfExempt?: boolean;
    /**
     * Called by another server (WeCom's and WeChat's callbacks, the payment provider's notices), never by
     * a page: no XSRF cookie is handed out (http/xsrf.ts), which such a caller would never send back.
     */
    machine?: boolean;
    /**
     * A read whose answer a repeat of the call may get again while no data changed (http/kept-answers.ts):
     * the lists the console opens first. Only on account routes, and only on a route that writes nothing.
     */
    keep?: boolean;
  }
}

export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The open database; closed when the app closes. */
    database: import('../db/database.js').Database;
    /** The app's services (tests reach the callback worker and sync through it). */
    services: import('../services.js').Services;
    /** Every /api route with its declaration (http/route-table.ts); the test matrices are built from it. */
    routeTable: readonly RouteEntry[];
  }
}
