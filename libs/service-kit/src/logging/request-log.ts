import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';

/**
 * Request logging with correlation ids (`x-request-id`, taken from the caller or made here): one
 * line per request once it is answered (or aborted), with its id, method, path, caller's address,
 * status and time. Not the headers: pino-http's default serializers wrote every request's
 * headers, so the bearer token and cookies of each call ended up in the logs in clear. Written
 * here rather than with pino-http, which made a child logger and its serializers per request
 * whether or not the line was written (a few per cent of a cheap list request's CPU, issue #22).
 * /health is not logged.
 */
export function requestLogging(logger: Logger) {
  return (req: IncomingMessage, res: ServerResponse, next?: () => void): void => {
    const id = (req.headers['x-request-id'] as string | undefined) ?? randomUUID();
    req.headers['x-request-id'] = id;
    res.setHeader('x-request-id', id);
    const url = req.url ?? '';
    if (!url.endsWith('/health') && logger.isLevelEnabled('info')) {
      const started = performance.now();
      res.once('close', () => {
        const line = {
          req: { id, method: req.method, url, remoteAddress: req.socket?.remoteAddress },
          res: { statusCode: res.statusCode },
          responseTime: Math.round(performance.now() - started),
        };
        if (!res.writableFinished) logger.warn(line, 'request aborted');
        else if (res.statusCode >= 500) logger.error(line, 'request errored');
        else logger.info(line, 'request completed');
      });
    }
    next?.();
  };
}
