// How the client's calls reach WeCom. JSON posts and GETs go over node:http / node:https with kept-alive
// connections: a call costs ~60 µs of CPU there against ~500 µs through `fetch` (undici's Request and
// Response objects and the AbortSignal of its timeout), and the acquisition chain makes three calls an add.
// Uploads (a FormData body, rare) go through `fetch`, the runtime's one multipart encoder. The simulator
// sends its callbacks and notifications (XML, JSON) through the same transport.
import http from 'node:http';
import https from 'node:https';

export interface WireRequest {
  url: URL;
  method: 'GET' | 'POST';
  /** A text body (POST): JSON unless `contentType` says otherwise. */
  body?: string;
  /** The body's type; `application/json` when not given. */
  contentType?: string;
  /** More request headers (lower-case names). */
  headers?: Record<string, string>;
  /** A multipart body (an upload). */
  form?: FormData;
  /** The whole call is abandoned after this long: the promise rejects with an error named TimeoutError. */
  timeoutMs: number;
  /**
   * Whether asking twice does no harm. A call sent on a kept-alive connection that the peer had just
   * closed fails before any answer; such a call is sent once more on a new connection, unless it is not
   * idempotent (WeCom may have seen it).
   */
  idempotent: boolean;
}

export interface WireAnswer {
  status: number;
  /** The answer's body as text. */
  text: string;
}

export type Transport = (req: WireRequest) => Promise<WireAnswer>;

/** A connection idle this long is closed by us (unless the peer's `Keep-Alive: timeout` hint is shorter). */
const IDLE_MS = 4_000;

/** Errors of a kept-alive connection the peer closed between two calls. */
const STALE = new Set(['ECONNRESET', 'EPIPE']);

function timeoutError(ms: number): Error {
  const err = new Error(`no answer within ${ms} ms`);
  err.name = 'TimeoutError';
  return err;
}

/** The default transport: one pool of kept-alive connections per client (and per protocol). */
export function httpTransport(): Transport {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, timeout: IDLE_MS, scheduling: 'lifo' }),
    'https:': new https.Agent({ keepAlive: true, timeout: IDLE_MS, scheduling: 'lifo' }),
  };

  /** One try; `pooled` false: on a connection of its own (closed after it). */
  const once = (req: WireRequest, pooled: boolean): Promise<WireAnswer & { stale?: boolean }> =>
    new Promise((resolve, reject) => {
      const pool = agents[req.url.protocol as keyof typeof agents];
      if (!pool) return reject(new Error(`unsupported protocol ${req.url.protocol}`));
      const agent = pooled ? pool : false;
      const send = req.url.protocol === 'https:' ? https.request : http.request;
      const headers: http.OutgoingHttpHeaders = { ...req.headers };
      if (req.body !== undefined) {
        headers['content-type'] = req.contentType ?? 'application/json';
        headers['content-length'] = Buffer.byteLength(req.body);
      }
      let answered = false;
      const call = send(req.url, { method: req.method, agent, headers }, (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', fail);
      });
      const timer = setTimeout(() => call.destroy(timeoutError(req.timeoutMs)), req.timeoutMs);
      function fail(err: NodeJS.ErrnoException) {
        clearTimeout(timer);
        if (!answered && call.reusedSocket && err.code && STALE.has(err.code)) resolve({ status: 0, text: '', stale: true });
        else reject(err);
      }
      call.on('error', fail);
      call.end(req.body);
    });

  return async (req) => {
    if (req.form) return viaFetch(req);
    const answer = await once(req, true);
    if (!answer.stale) return answer;
    if (!req.idempotent) throw Object.assign(new Error('the connection was closed before an answer'), { code: 'ECONNRESET' });
    // On a new connection: the pool's other idle ones may be closing too.
    return once(req, false);
  };
}

async function viaFetch(req: WireRequest): Promise<WireAnswer> {
  const res = await fetch(req.url, { method: req.method, body: req.form, signal: AbortSignal.timeout(req.timeoutMs) }).catch((err: unknown) => {
    throw err instanceof Error && err.name === 'TimeoutError' ? timeoutError(req.timeoutMs) : err;
  });
  return { status: res.status, text: await res.text() };
}
