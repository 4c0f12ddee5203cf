// One log line per request, written when the response is done.
import type { Api } from './types.js';

export function registerRequestLog(app: Api): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        accountId: request.auth?.accountId,
      },
      'request',
    );
  });
}
