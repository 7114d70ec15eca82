import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { ALL_RIGHTS, EventTypes, type EventPayloads, type EventType, type ServiceName } from '@windward/contracts';
import type { AccessTokenClaims } from '../auth/auth-user.js';
import { bootstrapService, type StartedService } from '../bootstrap.js';
import { SERVICE_CONFIG, type ServiceConfig } from '../config/config.js';
import { openDatabase } from '../database/database.js';
import { EventPublisher } from '../events/event-publisher.js';
import { OutboxRelay } from '../events/outbox-relay.js';
import { PostgresBus } from '../events/postgres-bus.js';
import { createLogger } from '../logging/logger.js';
import { eventually } from './eventually.js';
import { TestAuth } from './auth-fixture.js';
import { createTestDatabase, migratedTemplate, type TestDatabase } from './database-fixture.js';

/** Response bodies in tests are checked by assertions, not by types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Body = any;

export interface ApiInit {
  method?: string;
  /** Defaults to the admin token; `null` sends no Authorization header. */
  token?: string | null;
  json?: unknown;
  /** A multipart body (uploads); implies POST. */
  form?: FormData;
  locale?: string;
  headers?: Record<string, string>;
  body?: RequestInit["body"];
}

/**
 * One service on a fresh database with real RS256 tokens, fed by other contexts through the
 * real bus: an "upstream" schema publishes through its own outbox and relay, exactly as another
 * service would. Services extend it with helpers for the events they consume.
 */
/** What `ServiceHarness.boot` hands to a harness's constructor. */
export type BootParts = Awaited<ReturnType<typeof ServiceHarness.boot>>;

export class ServiceHarness {
  /** The service's file store (FILES_DIR) when started with `startWithFiles`; removed by `stop()`. */
  filesDir = '';

  protected constructor(
    readonly service: ServiceName,
    readonly db: TestDatabase,
    readonly auth: TestAuth,
    readonly svc: StartedService,
    /** Another schema on the same database: publishes upstream events and reads the service's tables. */
    readonly upstream: DataSource,
    private readonly relay: OutboxRelay,
    private readonly bus: PostgresBus,
    /** A super admin's token with every right. */
    readonly admin: string,
  ) {}

  static async boot(module: unknown, service: ServiceName, env: Record<string, string> = {}) {
    const auth = await TestAuth.start();
    const settings = (url: string) =>
      Object.assign(process.env, {
        DATABASE_URL: url,
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
        BUS_RETRY_BASE_MS: '20',
        BUS_MAX_ATTEMPTS: '2',
        SEED_DEMO: 'false',
        ...env,
      });
    // Each file starts from a copy of a database this service has already migrated once in this
    // process (same settings apart from its file folder): what a first start writes is the same.
    const { FILES_DIR: _files, ...keyed } = env;
    const template = await migratedTemplate(`${service} ${JSON.stringify(keyed)}`, async (url) => {
      settings(url);
      await (await bootstrapService(module, service, { port: 0 })).close();
      await PostgresBus.ensureTables(url);
      await (await openDatabase({ url, schema: 'upstream', entities: [], migrations: [] })).destroy();
    });
    const db = await createTestDatabase({ template });
    settings(db.url);
    const svc = await bootstrapService(module, service, { port: 0 });
    const upstream = await openDatabase({ url: db.url, schema: 'upstream', entities: [], migrations: [] });
    const log = createLogger('upstream', 'silent');
    await PostgresBus.ensureTables(db.url);
    const bus = new PostgresBus(db.url, log, 100);
    const relay = new OutboxRelay(upstream, db.url, 'upstream', bus, log, 100);
    await relay.start();
    const admin = await auth.token({ sub: randomUUID(), rights: [...ALL_RIGHTS] });
    return [service, db, auth, svc, upstream, relay, bus, admin] as const;
  }

  static async start(module: unknown, service: ServiceName, env: Record<string, string> = {}): Promise<ServiceHarness> {
    return new ServiceHarness(...(await ServiceHarness.boot(module, service, env)));
  }

  /**
   * Boots a service that stores files on a fresh folder (FILES_DIR): `make` is the subclass's
   * constructor call, e.g. `(parts) => new ImportHarness(...parts)`.
   */
  protected static async startWithFiles<H extends ServiceHarness>(
    make: (parts: BootParts) => H,
    module: unknown,
    service: ServiceName,
    env: Record<string, string> = {},
  ): Promise<H> {
    const filesDir = await mkdtemp(path.join(os.tmpdir(), `ww-${service}-files-`));
    const h = make(await ServiceHarness.boot(module, service, { FILES_DIR: filesDir, ...env }));
    h.filesDir = filesDir;
    return h;
  }

  token(claims: Partial<AccessTokenClaims>) {
    return this.auth.token({ sub: randomUUID(), ...claims });
  }

  async api<T = Body>(path: string, init: ApiInit = {}): Promise<{ status: number; body: T; headers: Headers; bytes: Buffer }> {
    const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
    const token = init.token === undefined ? this.admin : init.token;
    if (token) headers.authorization = `Bearer ${token}`;
    if (init.locale) headers.locale = init.locale;
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const r = await fetch(this.svc.url + path, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      body: init.form ?? (init.json === undefined ? init.body : JSON.stringify(init.json)),
    });
    const bytes = Buffer.from(await r.arrayBuffer());
    const isJson = (r.headers.get('content-type') ?? '').includes('json');
    const text = bytes.toString('utf8');
    return { status: r.status, body: (isJson && bytes.length ? JSON.parse(text) : text || undefined) as T, headers: r.headers, bytes };
  }

  /** Publishes an event as another context would (outbox in its own transaction, then the relay). */
  async publish<T extends EventType>(type: T, key: string, payload: EventPayloads[T]) {
    const publisher = new EventPublisher('identity', 'upstream');
    await this.upstream.transaction((m) => publisher.publish(m, type, key, payload));
  }

  /**
   * The platform licence as identity announces it (valid, 1,000 turbines, a year left unless
   * overridden); resolves once the service's `licence_ref` holds it.
   */
  async licence(over: Partial<EventPayloads['identity.licence.changed']> = {}): Promise<void> {
    const licenceId = randomUUID();
    await this.publish(EventTypes.IdentityLicenceChanged, 'licence', {
      licenceId,
      customer: 'Test licence',
      expiresAt: new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString(),
      maxTurbines: 1000,
      modules: [],
      valid: true,
      ...over,
    });
    const schema = `"${this.svc.app.get<ServiceConfig>(SERVICE_CONFIG).schema}"`;
    await eventually(async () => (await this.sql(`SELECT 1 FROM ${schema}.licence_ref WHERE licence->>'licenceId' = $1`, [licenceId])).length > 0);
  }

  /**
   * A wind park as asset announces it (active, no position); resolves once `readModel` — SQL with
   * the park id as $1 — finds it in the service's own copy.
   */
  async announcePark(name: string, readModel: string, customerId: string = randomUUID()): Promise<{ parkId: string; customerId: string }> {
    const parkId = randomUUID();
    await this.publish(EventTypes.AssetParkCreated, parkId, {
      windFarmId: parkId,
      windFarmName: name,
      customerId,
      active: true,
      latitude: null,
      longitude: null,
    });
    await eventually(async () => (await this.sql(readModel, [parkId])).length > 0);
    return { parkId, customerId };
  }

  /**
   * A turbine as asset announces it (`extra`: blades, serial number…); resolves with its id once
   * `readModel` — SQL with the turbine id as $1 — finds it in the service's own copy.
   */
  async announceTurbine(
    parkId: string,
    name: string,
    readModel: string,
    extra: Partial<EventPayloads[typeof EventTypes.AssetTurbineCreated]> = {},
    timeoutMs?: number,
  ): Promise<string> {
    const turbineId = randomUUID();
    await this.publish(EventTypes.AssetTurbineCreated, turbineId, { turbineId, turbineName: name, windFarmId: parkId, serialNumber: null, ...extra });
    await eventually(async () => (await this.sql(readModel, [turbineId])).length > 0, timeoutMs);
    return turbineId;
  }

  /**
   * A user as identity announces it (active, no organization, the given roles and data scope);
   * resolves with its id once `readModel` — SQL with the user id as $1 — finds it in the
   * service's own copy.
   */
  async announceUser(name: string, roles: number[], readModel: string, scope: { customerIds?: string[]; parkIds?: string[] } = {}): Promise<string> {
    const userId = randomUUID();
    await this.publish(EventTypes.IdentityUserCreated, userId, {
      userId,
      username: name,
      displayName: name,
      email: null,
      roles,
      organizationId: null,
      customerIds: scope.customerIds ?? [],
      parkIds: scope.parkIds ?? [],
      active: true,
    });
    await eventually(async () => (await this.sql(readModel, [userId])).length > 0);
    return userId;
  }

  sql<T = Body>(query: string, params: unknown[] = []): Promise<T[]> {
    return this.upstream.query(query, params);
  }

  /** Events the service published (relayed into the bus log), oldest first. */
  async published(type: string): Promise<Body[]> {
    const schema = `"${this.svc.app.get<ServiceConfig>(SERVICE_CONFIG).schema}"`;
    await eventually(async () => (await this.sql(`SELECT count(*)::int AS n FROM ${schema}.outbox`))[0].n === 0);
    const rows = await this.sql<{ envelope: Body }>(`SELECT envelope FROM bus.event WHERE type = $1 ORDER BY seq`, [type]);
    return rows.map((r) => r.envelope);
  }

  async stop() {
    await this.svc.close();
    await this.relay.stop();
    await this.bus.close();
    await this.upstream.destroy();
    await this.auth.stop();
    await this.db.drop();
    if (this.filesDir) await rm(this.filesDir, { recursive: true, force: true });
  }
}
