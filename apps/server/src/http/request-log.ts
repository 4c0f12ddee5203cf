// One log line per request, written when the response is done. The path only: the query string
// of a callback holds its signature, timestamp, nonce and openid.
import { pathOf } from './log-redact.js';
import type { Api } from './types.js';

export function registerRequestLog(app: Api): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: pathOf(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        accountId: request.auth?.accountId,
      },
      'request',
    );
  });
}
