// The single authentication hook of the /api subtree, plus the route-level guards
// declared in route config (`public`, `mainOnly`, `permission`, `distributor`).
import type { FastifyRequest } from 'fastify';
import { Errors } from '../http/errors.js';
import type { Api } from '../http/types.js';
import { childHas } from './permission.js';
import type { AuthContext, SessionService } from './session.service.js';

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1]! : null;
}

/** The caller of a distributor route (the distributors' portal). */
export interface DistributorCaller {
  distributorId: number;
  tokenHash: string;
}

/** Resolves a distributor's bearer token (its own session table): 401 for anything else, account tokens included. */
export interface DistributorAuthenticator {
  authenticate(token: string): Promise<DistributorCaller>;
}

export function registerAuthHook(app: Api, sessions: SessionService, distributors: DistributorAuthenticator): void {
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const config = request.routeOptions.config;
    if (config.public) return;
    const token = bearer(request);
    if (!token) throw Errors.notLoggedIn();
    // The two kinds of session never mix: a distributor route reads only distributor sessions, every other
    // route only account sessions, so either token is a stranger (401) on the other's calls.
    if (config.distributor) {
      request.distributor = await distributors.authenticate(token);
      return;
    }
    const auth = await sessions.authenticate(token);
    request.auth = auth;
    if (auth.isChild) {
      if (config.mainOnly) throw Errors.mainOnly();
      const keys = config.permission === undefined ? [] : typeof config.permission === 'string' ? [config.permission] : config.permission;
      if (keys.length && !keys.some((key) => childHas(auth.permissionKeys, key))) throw Errors.noPermission();
    }
  });
}

/** The caller of a route behind the auth hook. */
export function callerOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw Errors.notLoggedIn();
  return request.auth;
}

/** The distributor calling a distributor route. */
export function distributorOf(request: FastifyRequest): DistributorCaller {
  if (!request.distributor) throw Errors.notLoggedIn();
  return request.distributor;
}

/** Client details kept with a new session. */
export const clientOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});
