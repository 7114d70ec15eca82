import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { pinoHttp, type Options } from 'pino-http';

/**
 * What one request's log line keeps: its id, method, path, caller's address and status. Not the
 * headers: pino-http's default serializers wrote every request's headers, so the bearer token
 * and cookies of each call ended up in the logs in clear (and serializing both header sets was
 * a few per cent of a cheap list request's CPU).
 */
export const requestLogSerializers = {
  req: (req: { id?: unknown; method?: string; url?: string; remoteAddress?: string; raw?: IncomingMessage }) => ({
    id: req.id,
    method: req.method,
    url: req.url,
    remoteAddress: req.remoteAddress,
  }),
  res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
} satisfies Options['serializers'];

/** Request logging with correlation ids (`x-request-id`, taken from the caller or made here); /health is not logged. */
export function requestLogging(logger: Logger) {
  return pinoHttp({
    logger,
    serializers: requestLogSerializers,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const id = (req.headers['x-request-id'] as string | undefined) ?? randomUUID();
      req.headers['x-request-id'] = id;
      res.setHeader('x-request-id', id);
      return id;
    },
    autoLogging: { ignore: (req) => (req.url ?? '').endsWith('/health') },
  });
}
