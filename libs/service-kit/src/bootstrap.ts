import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestApplication } from '@nestjs/common';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import type { ServiceName } from '@windward/contracts';
import { SERVICE_CONFIG, type ServiceConfig } from './config/config.js';
import { LOGGER, PinoNestLogger } from './logging/logger.js';
import { requestLogging } from './logging/request-log.js';
import { EventBus } from './events/event-bus.js';
import { BusTransport } from './events/bus-transport.js';
import { openApiDocument } from './openapi/openapi.js';
import { JSON_BODY_LIMIT_MB, parseFormBody, parseJsonBody, readBody } from './http/input-limits.js';
import { RateLimiter, ipRateLimit, securityHeaders } from './http/protection.js';

/** Requests per minute one client IP may send to one service (generous: the gateway's own IP in tests and the demo). */
export const DEFAULT_IP_PER_MINUTE = 6000;

/** How long a service keeps an idle HTTP connection open: longer than the gateway's 60 s. */
export const SERVICE_KEEP_ALIVE_MS = 65_000;

/** Largest JSON or form body a service reads, in bytes. */
export const JSON_BODY_LIMIT = JSON_BODY_LIMIT_MB * 1024 * 1024;

export interface StartedService {
  app: INestApplication;
  /** Base URL the service listens on, e.g. http://127.0.0.1:3001 */
  url: string;
  close(): Promise<void>;
}

/**
 * Starts one service the same way everywhere (npm start, tests, containers): logger, request
 * logging with correlation ids, /health, Swagger at /gw/<context>/docs, the bus consumer
 * (@EventPattern handlers), then HTTP. `port: 0` picks a free port (tests).
 */
export async function bootstrapService(module: unknown, service: ServiceName, opts: { port?: number } = {}): Promise<StartedService> {
  // Fastify under Nest rather than express: a third of a cheap list's service CPU was express's
  // router, response and per-request middleware (issue #22, docs/performance.md session 32).
  // Express's routing kept: paths match case-insensitively, a trailing slash does not matter, and
  // the X-Forwarded-* headers of the gateway (loopback) name the client.
  const adapter = new FastifyAdapter({
    trustProxy: 'loopback',
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
  });
  // The kit's own body parsers (below), not Nest's.
  const app = await NestFactory.create<NestFastifyApplication>(module as never, adapter, { bufferLogs: true, bodyParser: false });
  const cfg = app.get<ServiceConfig>(SERVICE_CONFIG);
  const log = app.get<Logger>(LOGGER);
  app.useLogger(new PinoNestLogger(log));
  const fastify = app.getHttpAdapter().getInstance();
  // JSON (over-deep refused before parsing, empty read as {}) and forms, read to the end even when
  // over the limit (readBody); any other type (multipart uploads, tus chunks) is left unread for
  // the handler that streams it.
  fastify.addContentTypeParser('application/json', (req: unknown, payload: NodeJS.ReadableStream) =>
    readBody(payload, JSON_BODY_LIMIT).then((b) => parseJsonBody(req, b)),
  );
  fastify.addContentTypeParser('application/x-www-form-urlencoded', (req: unknown, payload: NodeJS.ReadableStream) =>
    readBody(payload, JSON_BODY_LIMIT).then((b) => parseFormBody(req, b)),
  );
  fastify.addContentTypeParser('*', (_req, _payload, done) => done(null));
  fastify.addHook('onRequest', securityHeaders(`/gw/${cfg.context}/docs`));
  // Per-IP request limit before anything is read (issue #16; RATE_LIMIT_IP_PER_MINUTE, 0 = off).
  fastify.addHook('onRequest', ipRateLimit(new RateLimiter(Number(process.env.RATE_LIMIT_IP_PER_MINUTE ?? DEFAULT_IP_PER_MINUTE))));
  const logRequest = requestLogging(log);
  fastify.addHook('onRequest', (req, reply, done) => logRequest(req.raw, reply.raw, done));

  const ds = app.get(DataSource);
  const health = async (_req: unknown, reply: { status(n: number): { send(b: unknown): void } }) => {
    try {
      await ds.query('SELECT 1');
      reply.status(200).send({ status: 'ok', service: cfg.service, database: 'up' });
    } catch {
      reply.status(503).send({ status: 'error', service: cfg.service, database: 'down' });
    }
  };
  fastify.get('/health', health);
  fastify.get(`/gw/${cfg.context}/health`, health);

  // API documentation: off in production unless SWAGGER=true (it maps every endpoint for an attacker).
  if (!cfg.production || process.env.SWAGGER === 'true')
    SwaggerModule.setup(`gw/${cfg.context}/docs`, app, () => openApiDocument(app, service));

  app.connectMicroservice({ strategy: new BusTransport(app.get(EventBus)) }, { inheritAppConfig: true });
  // The stop signals only: Nest's default list includes SIGUSR2, which the SQL trace uses as its switch (sql-trace.ts).
  app.enableShutdownHooks(['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGQUIT']);
  // Started by the launcher with an IPC channel: if the launcher dies, stop rather than linger.
  if (process.connected) process.once('disconnect', () => void app.close().finally(() => process.exit(0)));
  await app.startAllMicroservices();
  await app.listen({ port: opts.port ?? cfg.port, host: cfg.host });
  // Idle keep-alive connections must outlive the gateway's (60 s, see infra gateway.ts): if the
  // service closed first (Node's default is 5 s), a request the gateway sends on a connection at
  // the moment the service closes it fails with a 502.
  const server = app.getHttpServer() as { keepAliveTimeout: number; headersTimeout: number };
  server.keepAliveTimeout = SERVICE_KEEP_ALIVE_MS;
  server.headersTimeout = SERVICE_KEEP_ALIVE_MS + 1_000;
  const address = app.getHttpServer().address() as { port: number };
  const url = `http://${cfg.host}:${address.port}`;
  log.info({ url }, `${cfg.service} service listening`);
  return { app, url, close: () => app.close() };
}
