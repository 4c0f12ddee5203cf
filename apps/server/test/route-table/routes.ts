// Shared by the route-table matrices: calling any route of the table with a token and headers.
import type { RouteEntry } from '../../src/http/route-table.js';
import type { Harness } from '../helpers/harness.js';

/** The route's path with every `:param` filled in (the matrices check the guards, which run first). */
export const pathOf = (route: RouteEntry) => route.url.replace(/:[^/]+/g, '1');

export const labelOf = (route: RouteEntry) => `${route.method} ${route.url}`;

/** Calls a route with an empty JSON body (GET: none); the status and the envelope's message. */
export async function call(
  h: Harness,
  route: RouteEntry,
  token?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; message: string }> {
  const withBody = route.method !== 'GET' && route.method !== 'HEAD';
  const res = await fetch(h.baseUrl + pathOf(route), {
    method: route.method,
    headers: {
      ...(withBody ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: withBody ? '{}' : undefined,
  });
  const text = await res.text();
  let message = '';
  try {
    message = (JSON.parse(text) as { message?: string }).message ?? '';
  } catch {
    // PNG, CSV or plain text answers
  }
  return { status: res.status, message };
}
