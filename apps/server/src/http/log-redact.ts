// Log lines carry paths, never query strings: a callback's query holds its signature, timestamp,
// nonce and openid (enough to forge a plain-mode official-account callback), and calls to WeChat
// carry access tokens. The request serializer keeps the path only; messages and errors lose any
// `?name=value…` they mention.
import type { DestinationStream, LoggerOptions } from 'pino';

const QUERY = /\?[\w.%[\]-]+=[^\s"'<>]*/g;

/** The URL without its query string. */
export const pathOf = (url: string): string => {
  const i = url.indexOf('?');
  return i < 0 ? url : url.slice(0, i);
};

/** Any `?name=value…` in the text removed. */
export const stripQueries = (text: string): string => text.replace(QUERY, '');

type RequestLike = { method?: string; url?: string; host?: string; ip?: string };

function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return err;
  const out: Record<string, unknown> = { type: err.constructor?.name ?? 'Error', message: stripQueries(err.message) };
  if (err.stack) out.stack = stripQueries(err.stack);
  for (const [k, v] of Object.entries(err)) {
    if (k in out || k === 'cause') continue;
    out[k] = typeof v === 'string' ? stripQueries(v) : v !== null && typeof v === 'object' ? '[object]' : v;
  }
  if (err.cause !== undefined && depth < 3) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

/** The server's pino options: the level, an optional destination (tests), and the query-free serializers. */
export function loggerOptions(level: string, stream?: DestinationStream): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (req: RequestLike) => ({ method: req.method, url: pathOf(req.url ?? ''), host: req.host, remoteAddress: req.ip }),
      err: serializeError,
    },
    hooks: {
      logMethod(args, method) {
        return method.apply(this, args.map((a) => (typeof a === 'string' ? stripQueries(a) : a)) as Parameters<typeof method>);
      },
    },
  };
}
