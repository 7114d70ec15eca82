import { Global, Module, type DynamicModule, type OnApplicationBootstrap, type OnApplicationShutdown, Inject } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type EntitySchema, type MixedList } from 'typeorm';
import type { Logger } from 'pino';
import type { ServiceName } from '@windward/contracts';
import { loadConfig, SERVICE_CONFIG, type ServiceConfig } from './config/config.js';
import { dataSourceOptions, openDatabase } from './database/database.js';
import { LOGGER, createLogger } from './logging/logger.js';
import { LiveSockets } from './realtime/live-gateway.js';
import { Sql } from './database/sql.js';
import { AppExceptionFilter } from './errors/app-exception.filter.js';
import { AuthGuard } from './auth/auth.guard.js';
import { LocalKeySet, TokenVerifier } from './auth/token-verifier.js';
import { RevocationSet, SessionRevocationConsumer } from './auth/revocations.js';
import { EventBus, createBusAdapter } from './events/event-bus.js';
import { EventPublisher } from './events/event-publisher.js';
import { deadLetterController } from './events/dead-letter.controller.js';
import { JobsService } from './jobs/jobs.service.js';
import { inputValidationPipe } from './http/validation.js';
import { HOUSEKEEPING_CRON, HOUSEKEEPING_QUEUE, runHousekeeping } from './jobs/housekeeping.js';

export interface ServiceKitOptions {
  service: ServiceName;
  entities: MixedList<Function | string | EntitySchema>;
  migrations: Function[];
  /** The service signs tokens itself (identity) and verifies them with an in-process key set. */
  localKeys?: boolean;
}

@Global()
@Module({})
class KitCoreModule {
  static register(service: ServiceName): DynamicModule {
    return {
      module: KitCoreModule,
      providers: [
        { provide: SERVICE_CONFIG, useFactory: () => loadConfig(service) },
        { provide: LOGGER, inject: [SERVICE_CONFIG], useFactory: (c: ServiceConfig) => createLogger(c.service, c.logLevel) },
      ],
      exports: [SERVICE_CONFIG, LOGGER],
    };
  }
}

/** Starts the outbox relay and the nightly housekeeping once the app is up; closes bus and jobs on shutdown. */
class KitLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(JobsService) private readonly jobs: JobsService,
    @Inject(SERVICE_CONFIG) private readonly cfg: ServiceConfig,
    private readonly ds: DataSource,
  ) {}
  async onApplicationBootstrap() {
    await this.bus.relay.start();
    await this.jobs.register(HOUSEKEEPING_QUEUE, (_data, progress) =>
      runHousekeeping(this.ds, this.cfg.schema, this.cfg.retentionDays, progress).then(() => undefined),
    );
    await this.jobs.schedule(HOUSEKEEPING_QUEUE, HOUSEKEEPING_CRON);
  }
  async onApplicationShutdown() {
    await this.jobs.stop();
    await this.bus.close();
  }
}

/**
 * Everything a Windward service gets the same way: config, logger, its schema through TypeORM
 * (migrations at start, never synchronize), auth guard, error filter, validation, event bus
 * (outbox publisher, relay; consumers via BusTransport), jobs and the dead-letter admin API.
 */
@Global()
@Module({})
export class ServiceKitModule {
  static forService(o: ServiceKitOptions): DynamicModule {
    const core = KitCoreModule.register(o.service);
    return {
      module: ServiceKitModule,
      imports: [
        core,
        TypeOrmModule.forRootAsync({
          inject: [SERVICE_CONFIG],
          useFactory: (c: ServiceConfig) => dataSourceOptions({ url: c.databaseUrl, schema: c.schema, entities: o.entities, migrations: o.migrations }),
          dataSourceFactory: async (opts) => {
            const c = opts as unknown as { url: string; schema: string; entities: ServiceKitOptions['entities'] };
            return openDatabase({ url: c.url, schema: c.schema, entities: c.entities, migrations: o.migrations });
          },
        }),
      ],
      controllers: [deadLetterController(o.service), SessionRevocationConsumer],
      providers: [
        {
          provide: EventBus,
          inject: [SERVICE_CONFIG, DataSource, LOGGER],
          useFactory: async (c: ServiceConfig, ds: DataSource, log: Logger) => new EventBus(c, ds, await createBusAdapter(c, log), log),
        },
        { provide: EventPublisher, inject: [EventBus], useFactory: (bus: EventBus) => bus.publisher },
        {
          provide: JobsService,
          inject: [SERVICE_CONFIG, DataSource, LOGGER],
          useFactory: (c: ServiceConfig, ds: DataSource, log: Logger) => new JobsService(c.databaseUrl, c.schema, ds, log),
        },
        LocalKeySet,
        RevocationSet,
        {
          provide: TokenVerifier,
          inject: [SERVICE_CONFIG, LocalKeySet, RevocationSet],
          useFactory: (c: ServiceConfig, local: LocalKeySet, revoked: RevocationSet) => new TokenVerifier(o.localKeys ? local : c.jwksUrl, revoked),
        },
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_FILTER, inject: [LOGGER], useFactory: (log: Logger) => new AppExceptionFilter(log) },
        {
          provide: APP_PIPE,
          useFactory: inputValidationPipe,
        },
        KitLifecycle,
        LiveSockets,
        Sql,
      ],
      exports: [core, TypeOrmModule, EventBus, EventPublisher, JobsService, TokenVerifier, LocalKeySet, RevocationSet, LiveSockets, Sql],
    };
  }
}
