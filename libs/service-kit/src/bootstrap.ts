import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import type { Request, Response } from 'express';
import type { ServiceName } from '@windward/contracts';
import { SERVICE_CONFIG, type ServiceConfig } from './config/config.js';
import { LOGGER, PinoNestLogger } from './logging/logger.js';
import { requestLogging } from './logging/request-log.js';
import { EventBus } from './events/event-bus.js';
import { BusTransport } from './events/bus-transport.js';
import { openApiDocument } from './openapi/openapi.js';
import { JSON_BODY_LIMIT_MB, verifyJsonDepth } from './http/input-limits.js';
import { RateLimiter, ipRateLimit, securityHeaders } from './http/protection.js';

/** Requests per minute one client IP may send to one service (generous: the gateway's own IP in tests and the demo). */
export const DEFAULT_IP_PER_MINUTE = 6000;

/** How long a service keeps an idle HTTP connection open: longer than the gateway's 60 s. */
export const SERVICE_KEEP_ALIVE_MS = 65_000;

/** Largest JSON or form body a service reads. */
export const JSON_BODY_LIMIT = `${JSON_BODY_LIMIT_MB}mb`;

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
  // Our own body parsers: Express's 100 kB JSON default refuses a repair plan of 10,000 defect ids
  // (about 400 kB) before the service can answer with the spec's cap message.
  const app = await NestFactory.create<NestExpressApplication>(module as never, { bufferLogs: true, bodyParser: false });
  app.disable('x-powered-by');
  // No ETag: every JSON answer is `no-store` (securityHeaders), so none is ever revalidated, and
  // express hashed each body for one (files are streamed with their own Cache-Control, unaffected).
  app.set('etag', false);
  app.set('trust proxy', 'loopback');
  const cfg = app.get<ServiceConfig>(SERVICE_CONFIG);
  app.use(securityHeaders(`/gw/${cfg.context}/docs`));
  // Per-IP request limit before anything is read (issue #16; RATE_LIMIT_IP_PER_MINUTE, 0 = off).
  app.use(ipRateLimit(new RateLimiter(Number(process.env.RATE_LIMIT_IP_PER_MINUTE ?? DEFAULT_IP_PER_MINUTE))));
  // Nest's types leave out `verify` (it uses it for rawBody, which is off): over-deep JSON is refused before parsing.
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT, verify: verifyJsonDepth } as { limit: string });
  app.useBodyParser('urlencoded', { extended: true, limit: JSON_BODY_LIMIT });
  const log = app.get<Logger>(LOGGER);
  app.useLogger(new PinoNestLogger(log));
  app.use(requestLogging(log));

  const ds = app.get(DataSource);
  const health = async (_req: Request, res: Response) => {
    try {
      await ds.query('SELECT 1');
      res.json({ status: 'ok', service: cfg.service, database: 'up' });
    } catch {
      res.status(503).json({ status: 'error', service: cfg.service, database: 'down' });
    }
  };
  const express = app.getHttpAdapter().getInstance();
  express.get('/health', health);
  express.get(`/gw/${cfg.context}/health`, health);

  // API documentation: off in production unless SWAGGER=true (it maps every endpoint for an attacker).
  if (!cfg.production || process.env.SWAGGER === 'true') SwaggerModule.setup(`gw/${cfg.context}/docs`, app, () => openApiDocument(app, service));

  app.connectMicroservice({ strategy: new BusTransport(app.get(EventBus)) }, { inheritAppConfig: true });
  // The stop signals only: Nest's default list includes SIGUSR2, which the SQL trace uses as its switch (sql-trace.ts).
  app.enableShutdownHooks(['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGQUIT']);
  // Started by the launcher with an IPC channel: if the launcher dies, stop rather than linger.
  if (process.connected) process.once('disconnect', () => void app.close().finally(() => process.exit(0)));
  await app.startAllMicroservices();
  await app.listen(opts.port ?? cfg.port, cfg.host);
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
