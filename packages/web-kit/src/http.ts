// The one HTTP client of every web app (DESIGN.md §4, spec §7–§8): POST JSON under /api,
// the answer read from the envelope's `data`, every failure turned into one ApiRequestError.
import { ApiCode, WORK_ID_HEADER, XSRF_COOKIE, XSRF_HEADER, type Envelope } from '@scrm/contracts/api';
import { createEmitter } from './events';
import { getToken, getWorkId } from './storage';
import { toast } from './toast';

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

export interface HttpResponse<T> {
  status: number;
  data: T;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Milliseconds; 0 (the default, spec §7) waits as long as it takes. */
  timeout?: number;
  headers?: Record<string, string>;
  /** `blob` for a file download; otherwise a JSON answer is parsed (any other text stays text). */
  responseType?: 'json' | 'blob';
  /** Upload progress (multipart uploads). */
  onUploadProgress?: (e: { loaded: number; total?: number }) => void;
}

/** A transport failure (no `response`) or an answer with a non-2xx status (with it). */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly response?: HttpResponse<unknown>,
  ) {
    super(message);
  }
}

function cookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const pair = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return pair === undefined ? undefined : decodeURIComponent(pair.slice(name.length + 1));
}

function sameOrigin(url: string): boolean {
  return typeof location === 'undefined' || new URL(url, location.href).origin === location.origin;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * One request over XMLHttpRequest (not fetch: uploads report their progress). The token, the work space
 * and, to our own origin, the XSRF cookie's value go along as headers; the transport messages are the
 * ones the spec (§8) shows: "Network Error", "Request aborted", "timeout of Nms exceeded".
 */
function send<T>(method: 'GET' | 'POST', url: string, body: unknown, opts: RequestOptions = {}): Promise<HttpResponse<T>> {
  const full = http.defaults.baseURL && !/^https?:/.test(url) ? http.defaults.baseURL + url : url;
  const timeout = opts.timeout ?? http.defaults.timeout;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, full, true);
    const headers: Record<string, string> = {};
    const form = typeof FormData !== 'undefined' && body instanceof FormData;
    // The browser writes a form's multipart type with its boundary.
    if (!form) headers['content-type'] = 'application/json';
    const token = getToken();
    if (token) headers.authorization = `Bearer ${token}`;
    const workId = getWorkId();
    if (workId) headers[WORK_ID_HEADER] = String(workId);
    const xsrf = sameOrigin(full) ? cookie(XSRF_COOKIE) : undefined;
    if (xsrf) headers[XSRF_HEADER] = xsrf;
    // A call that names its own session (the distributors' portal) or work space keeps them.
    for (const [name, value] of Object.entries(opts.headers ?? {})) {
      if (form && name.toLowerCase() === 'content-type') continue;
      headers[name.toLowerCase()] = value;
    }
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    if (opts.responseType === 'blob') xhr.responseType = 'blob';
    if (timeout) xhr.timeout = timeout;
    const fail = (message: string) => {
      opts.signal?.removeEventListener('abort', abort);
      reject(new HttpError(message));
    };
    const abort = () => {
      xhr.abort();
      fail('Request aborted');
    };
    if (opts.signal?.aborted) return abort();
    opts.signal?.addEventListener('abort', abort);
    xhr.onerror = () => fail('Network Error');
    xhr.ontimeout = () => fail(`timeout of ${timeout}ms exceeded`);
    if (opts.onUploadProgress) xhr.upload.onprogress = (e) => opts.onUploadProgress!({ loaded: e.loaded, total: e.lengthComputable ? e.total : undefined });
    xhr.onload = () => {
      opts.signal?.removeEventListener('abort', abort);
      const data = (opts.responseType === 'blob' ? xhr.response : parse(xhr.responseText)) as T;
      const response = { status: xhr.status, data };
      if (xhr.status < 200 || xhr.status >= 300) reject(new HttpError(`Request failed with status code ${xhr.status}`, response));
      // A 2xx answer whose envelope carries a non-zero code is still a failure.
      else if (isEnvelope(data) && data.code !== ApiCode.OK) reject(new ApiRequestError(xhr.status, data.code, data.message || '请求失败'));
      else resolve(response);
    };
    xhr.send(body === undefined ? null : form ? (body as FormData) : JSON.stringify(body));
  });
}

/** The one transport of every web app; `defaults` are for tests (another origin). */
export const http = {
  defaults: { baseURL: undefined as string | undefined, timeout: 0 },
  post: <T = unknown>(url: string, body: unknown = {}, opts?: RequestOptions) => send<T>('POST', url, body, opts),
  get: <T = unknown>(url: string, opts?: RequestOptions) => send<T>('GET', url, undefined, opts),
};

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

/** Maps whatever a call threw to the one error type (spec §8). */
export function toApiRequestError(error: unknown): ApiRequestError {
  if (error instanceof ApiRequestError) return error;
  if (error instanceof HttpError) {
    const res = error.response;
    if (!res) return new ApiRequestError(0, TRANSPORT_FAILURE, error.message || 'Network Error');
    const body = res.data;
    if (isEnvelope(body)) return new ApiRequestError(res.status, body.code, body.message || error.message);
    return new ApiRequestError(res.status, res.status, error.message);
  }
  return new ApiRequestError(0, TRANSPORT_FAILURE, error instanceof Error ? error.message : String(error));
}

/** The envelope's `data` (an answer without an envelope as it is). */
function unwrap<T>(res: HttpResponse<unknown>): T {
  return (isEnvelope(res.data) ? res.data.data : res.data) as T;
}

export interface PostOptions extends Pick<RequestOptions, 'signal' | 'timeout' | 'headers'> {
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
async function withFreshXsrf<R>(call: () => Promise<R>): Promise<R> {
  try {
    return await call();
  } catch (error) {
    if (toApiRequestError(error).code !== ApiCode.XSRF_FAILED) throw error;
    await http.post('/api/cookie/update', {});
    return call();
  }
}

/** POST `body` as JSON to `url` and resolve with the envelope's `data`. */
export async function post<T = unknown>(url: string, body: unknown = {}, opts: PostOptions = {}): Promise<T> {
  const { silent, ...config } = opts;
  try {
    return await withFreshXsrf(async () => unwrap<T>(await http.post<unknown>(url, body ?? {}, config)));
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
    return unwrap<T>(await http.get<unknown>(url, config));
  } catch (error) {
    const err = toApiRequestError(error);
    report(err, silent);
    throw err;
  }
}
