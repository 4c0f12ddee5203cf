// The one HTTP client of every web app (DESIGN.md §4, spec §7–§8): POST JSON under /api,
// the answer read from the envelope's `data`, every failure turned into one ApiRequestError.
import axios, { AxiosError, type AxiosRequestConfig } from 'axios';
import { ApiCode, WORK_ID_HEADER, XSRF_COOKIE, XSRF_HEADER, type Envelope } from '@scrm/contracts/api';
import { createEmitter } from './events';
import { getToken, getWorkId } from './storage';
import { toast } from './toast';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Do not toast a failure; the caller shows it (e.g. the login form's red banner). */
    silent?: boolean;
  }
}

/** Every failed call: `status` is the HTTP status (0 when no answer came), `code` the server's business code. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** `code` of a failure that got no answer (network error, abort, timeout). */
export const TRANSPORT_FAILURE = -1;

export const httpEvents = createEmitter<{ unauthorized: ApiRequestError }>();

export const http = axios.create({
  headers: { 'Content-Type': 'application/json' },
  xsrfCookieName: XSRF_COOKIE,
  xsrfHeaderName: XSRF_HEADER,
  timeout: 0, // spec §7: no timeout by default
});

http.interceptors.request.use((config) => {
  const token = getToken();
  // A call that names its own session (the distributors' portal) keeps it.
  if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
  const workId = getWorkId();
  // A call about another work space (e.g. seats migrated to it) names it itself.
  if (workId && !config.headers.has(WORK_ID_HEADER)) config.headers.set(WORK_ID_HEADER, String(workId));
  return config;
});

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

/** Maps whatever a call threw to the one error type; transport messages are axios's own (spec §8). */
export function toApiRequestError(error: unknown): ApiRequestError {
  if (error instanceof ApiRequestError) return error;
  if (axios.isCancel(error)) return new ApiRequestError(0, TRANSPORT_FAILURE, 'Request aborted');
  if (error instanceof AxiosError) {
    const res = error.response;
    if (!res) return new ApiRequestError(0, TRANSPORT_FAILURE, error.message || 'Network Error');
    const body = res.data;
    if (isEnvelope(body)) return new ApiRequestError(res.status, body.code, body.message || error.message);
    return new ApiRequestError(res.status, res.status, error.message);
  }
  return new ApiRequestError(0, TRANSPORT_FAILURE, error instanceof Error ? error.message : String(error));
}

http.interceptors.response.use(
  (res) => {
    // A 2xx answer whose envelope carries a non-zero code is still a failure.
    if (isEnvelope(res.data) && res.data.code !== ApiCode.OK) {
      return Promise.reject(new ApiRequestError(res.status, res.data.code, res.data.message || '请求失败'));
    }
    return res;
  },
);

export interface PostOptions extends Pick<AxiosRequestConfig, 'signal' | 'timeout' | 'headers'> {
  silent?: boolean;
}

/** The general error handler (spec §8): an info-level toast with the error's message. */
export function notifyError(error: unknown): void {
  const err = toApiRequestError(error);
  // Same text → same toast, so retries and double reports do not stack up.
  toast.info(err.message, { key: `api-error:${err.message}` });
}

function report(err: ApiRequestError, silent: boolean | undefined): void {
  if (err.status === 401) httpEvents.emit('unauthorized', err);
  if (!silent) notifyError(err);
}

/**
 * A call refused for its XSRF pair (10403: the cookie changed under the page, e.g. cleared or replaced in
 * another tab) is sent once more after /api/cookie/update has set a fresh cookie.
 */
async function withFreshXsrf<R>(send: () => Promise<R>): Promise<R> {
  try {
    return await send();
  } catch (error) {
    if (toApiRequestError(error).code !== ApiCode.XSRF_FAILED) throw error;
    await http.post('/api/cookie/update', {});
    return send();
  }
}

/** POST `body` as JSON to `url` and resolve with the envelope's `data`. */
export async function post<T = unknown>(url: string, body: unknown = {}, opts: PostOptions = {}): Promise<T> {
  const { silent, ...config } = opts;
  try {
    const res = await withFreshXsrf(() => http.post<unknown>(url, body ?? {}, { ...config, silent }));
    return (isEnvelope(res.data) ? res.data.data : res.data) as T;
  } catch (error) {
    const err = toApiRequestError(error);
    report(err, silent);
    throw err;
  }
}

/** GET for the few calls the spec marks as GET. */
export async function get<T = unknown>(url: string, opts: PostOptions = {}): Promise<T> {
  const { silent, ...config } = opts;
  try {
    const res = await http.get<unknown>(url, { ...config, silent });
    return (isEnvelope(res.data) ? res.data.data : res.data) as T;
  } catch (error) {
    const err = toApiRequestError(error);
    report(err, silent);
    throw err;
  }
}
