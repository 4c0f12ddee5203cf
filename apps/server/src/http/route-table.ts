// The route table: every /api route declares in its `config` who may call it and whether it works on a
// work space (X-Work-Id). The auth hook and the work-space hook read the declaration; the generated
// test matrices (auth, fuzz, tenant isolation, child permissions) are built from the table.
// A route under /api without a complete declaration stops the app at registration.
import type { RouteOptions } from 'fastify';
import type { TSchema } from 'typebox';

/**
 * What a route's `config` declares (see apps/server/README.md, "Route guards"). Exactly one access rule:
 * - `public: true` — no login (login, register, callbacks, health, public files);
 * - `anyAccount: true` — any logged-in account, child accounts included, whatever their keys;
 * - `mainOnly: true` — main accounts only (children get 403 「子账号无权进行此操作」);
 * - `permission: 'key' | ['key', …]` — children need one of these menu keys (or one above it);
 * - `distributor: true` — a logged-in distributor (its own session kind, docs/distributors.md); account
 *   sessions are strangers there (401), as distributor sessions are on every other route.
 * And, unless public, `workSpace: true | false`: true when the route works on the work space named by
 * the `X-Work-Id` header (the work-space hook resolves it into `req.workSpace`).
 */
export interface RouteDeclaration {
  public?: boolean;
  anyAccount?: boolean;
  mainOnly?: boolean;
  permission?: string | readonly string[];
  distributor?: boolean;
  workSpace?: boolean;
  keep?: boolean;
}

/** One /api route as the matrices see it. */
export interface RouteEntry {
  method: string;
  /** The full path, e.g. /api/qw/lxw/list or /api/material/file/:id/:token. */
  url: string;
  public: boolean;
  workSpace: boolean;
  mainOnly: boolean;
  /** Called by distributors (the portal's session), not by accounts. */
  distributor: boolean;
  /** The keys a child account needs (any one of them); null when none is needed (public, any account, main only). */
  permission: string[] | null;
  body?: TSchema;
  querystring?: TSchema;
  params?: TSchema;
  /** The body is multipart/form-data (uploads), not JSON. */
  multipart?: boolean;
  /** The answers' schemas by status code. */
  response?: Record<string, TSchema>;
}

/** Routes under /api that plugins register (the API docs pages): public, outside any work space. */
const PLUGIN_ROUTES = /^\/api\/docs(?:\/|$)/;

export const API_ROUTE = /^\/api(?:\/|$)/;

function keysOf(permission: RouteDeclaration['permission']): string[] | null {
  if (permission === undefined) return null;
  return typeof permission === 'string' ? [permission] : [...permission];
}

/** The entry of a route, or an Error saying what its declaration lacks. */
export function entryOf(route: Pick<RouteOptions, 'method' | 'url' | 'config' | 'schema'>): RouteEntry[] | Error {
  const url = route.url;
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
  const c = (route.config ?? {}) as RouteDeclaration;
  const where = `${methods.join(',')} ${url}`;
  const rules = [c.public === true, c.anyAccount === true, c.mainOnly === true, c.permission !== undefined, c.distributor === true].filter(Boolean).length;
  if (rules !== 1) {
    return new Error(
      `route ${where}: declare exactly one access rule in its config — public: true, anyAccount: true, mainOnly: true, permission: 'key' or distributor: true (see apps/server/README.md, Route guards)`,
    );
  }
  if (c.distributor && c.workSpace !== false) return new Error(`route ${where}: a distributor route declares workSpace: false (distributors have no work space)`);
  const keys = keysOf(c.permission);
  if (keys && (keys.length === 0 || keys.some((k) => typeof k !== 'string' || k === ''))) {
    return new Error(`route ${where}: permission must name at least one menu key`);
  }
  if (c.keep && (c.public || c.distributor)) return new Error(`route ${where}: keep: true is for account routes (an answer is kept per account)`);
  if (c.public) {
    if (c.workSpace === true) return new Error(`route ${where}: a public route cannot be scoped to a work space`);
  } else if (typeof c.workSpace !== 'boolean') {
    return new Error(`route ${where}: declare workSpace: true or false in its config (does it read X-Work-Id?)`);
  }
  const schema = (route.schema ?? {}) as { body?: TSchema; querystring?: TSchema; params?: TSchema; consumes?: string[]; response?: Record<string, TSchema> };
  return methods.map((method) => ({
    method,
    url,
    public: c.public === true,
    workSpace: c.workSpace === true,
    mainOnly: c.mainOnly === true,
    distributor: c.distributor === true,
    permission: keys,
    ...(schema.body ? { body: schema.body } : {}),
    ...(schema.querystring ? { querystring: schema.querystring } : {}),
    ...(schema.params ? { params: schema.params } : {}),
    ...(schema.consumes?.includes('multipart/form-data') ? { multipart: true } : {}),
    ...(schema.response ? { response: schema.response } : {}),
  }));
}

/**
 * Adds the onRoute hook that fills `table` with every route under /api (registered after it) and
 * throws on a route whose declaration is missing or incomplete. HEAD routes Fastify adds for each GET
 * are left out (they share the GET's declaration).
 */
export function collectRouteTable(
  app: { addHook(name: 'onRoute', hook: (route: RouteOptions) => void): unknown },
  table: RouteEntry[],
): void {
  app.addHook('onRoute', (route) => {
    if (!API_ROUTE.test(route.url)) return;
    if (PLUGIN_ROUTES.test(route.url)) {
      // The swagger-ui pages: static documentation, public.
      route.config = { ...(route.config ?? {}), public: true, workSpace: false } as typeof route.config;
    }
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    if (methods.length === 0) return;
    const entry = entryOf({ ...route, method: methods });
    if (entry instanceof Error) throw entry;
    table.push(...entry);
  });
}
