import { SERVICES, serviceEnvPrefix, type ServiceName } from '@windward/contracts';
import { s3SettingsFromEnv, type S3StoreSettings } from '../storage/s3-file-store.js';

export type BusKind = 'postgres' | 'kafka';

/** Everything a service reads from its environment, resolved once at start. */
export interface ServiceConfig {
  service: ServiceName;
  schema: string;
  context: string;
  port: number;
  host: string;
  databaseUrl: string;
  bus: BusKind;
  kafkaBrokers: string[];
  /** Where identity publishes its JSON Web Key Set. */
  jwksUrl: string;
  production: boolean;
  seedDemo: boolean;
  logLevel: string;
  filesDir: string;
  /** `FILE_STORE=s3` puts files in an S3-compatible bucket instead of `filesDir` (docs/architecture.md). */
  fileStore: { kind: 'local' } | { kind: 's3'; s3: S3StoreSettings };
  /** Attempts before an event lands in the dead-letter table. */
  busMaxAttempts: number;
  /** First retry delay; doubles on each attempt. */
  busRetryBaseMs: number;
  /** Days the kit keeps handled-event ids, replayed dead letters and finished job progress. */
  retentionDays: number;
}

/** URL of a service as another process reaches it (env `<NAME>_URL` or loopback default). */
export function serviceUrl(name: ServiceName, env: NodeJS.ProcessEnv = process.env): string {
  const prefix = serviceEnvPrefix(name);
  return env[`${prefix}_URL`] ?? `http://127.0.0.1:${env[`${prefix}_PORT`] ?? SERVICES[name].port}`;
}

function fileStoreKind(env: NodeJS.ProcessEnv): ServiceConfig['fileStore'] {
  const kind = env.FILE_STORE ?? 'local';
  if (kind === 'local') return { kind };
  if (kind === 's3') return { kind, s3: s3SettingsFromEnv(env) };
  throw new Error(`FILE_STORE must be local or s3, got ${kind}`);
}

/** Development defaults that must never guard a production system (issue #16). */
/** Identity's development default for sealing its signing key (SIGNING_KEY_SECRET). */
export const DEV_SIGNING_KEY_SECRET = 'windward-dev-signing-secret';
const DEFAULT_SECRETS = ['windward-web-secret', 'windward-secret', DEV_SIGNING_KEY_SECRET, 'minioadmin', 'postgres', 'windward', 'password', 'changeme'];

/**
 * NODE_ENV=production refuses to start with a default secret: the web's OAuth client secret and
 * the signing-key sealing secret (identity), the S3/MinIO keys, the database password.
 */
export function assertNoDefaultSecrets(service: ServiceName, env: NodeJS.ProcessEnv, databaseUrl: string): void {
  const bad: string[] = [];
  if (service === 'identity') {
    const clients = (env.OAUTH_CLIENTS ?? '').split(',').filter(Boolean);
    if (!clients.length || clients.some((c) => DEFAULT_SECRETS.includes(c.slice(c.indexOf(':') + 1)))) bad.push('OAUTH_CLIENTS');
    // The key that seals the token-signing private key at rest (identity's signing-key-seal.ts).
    if (!env.SIGNING_KEY_SECRET || env.SIGNING_KEY_SECRET.length < 16 || DEFAULT_SECRETS.includes(env.SIGNING_KEY_SECRET)) bad.push('SIGNING_KEY_SECRET');
  }
  if (env.FILE_STORE === 's3' && env.S3_SECRET_ACCESS_KEY !== undefined && DEFAULT_SECRETS.includes(env.S3_SECRET_ACCESS_KEY)) bad.push('S3_SECRET_ACCESS_KEY');
  try {
    const password = decodeURIComponent(new URL(databaseUrl).password);
    if (password && DEFAULT_SECRETS.includes(password)) bad.push('DATABASE_URL (password)');
  } catch {
    // Not a URL (e.g. a socket path): nothing to check.
  }
  if (bad.length) throw new Error(`NODE_ENV=production refuses default or missing secrets: ${bad.join(', ')} (docs/security.md).`);
}

export function loadConfig(service: ServiceName, env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const d = SERVICES[service];
  const prefix = serviceEnvPrefix(service);
  const databaseUrl = env[`${prefix}_DATABASE_URL`] ?? env.DATABASE_URL;
  if (!databaseUrl) {
    throw new Error(`DATABASE_URL is not set (the launcher sets it; see README).`);
  }
  const bus = (env.BUS ?? 'postgres') as BusKind;
  if (bus !== 'postgres' && bus !== 'kafka') throw new Error(`BUS must be postgres or kafka, got ${bus}`);
  const production = env.NODE_ENV === 'production';
  const seedDemo = env.SEED_DEMO === 'true';
  if (production && seedDemo) throw new Error('Demo data is refused in production (NODE_ENV=production).');
  if (production) assertNoDefaultSecrets(service, env, databaseUrl);
  return {
    service,
    schema: env[`${prefix}_SCHEMA`] ?? d.schema,
    context: d.context,
    port: Number(env[`${prefix}_PORT`] ?? d.port),
    host: env.SERVICE_HOST ?? '127.0.0.1',
    databaseUrl,
    bus,
    kafkaBrokers: (env.KAFKA_BROKERS ?? '').split(',').filter(Boolean),
    jwksUrl: env.JWKS_URL ?? `${serviceUrl('identity', env)}/oauth/.well-known/jwks.json`,
    production,
    seedDemo,
    logLevel: env.LOG_LEVEL ?? (production ? 'info' : 'warn'),
    filesDir: env.FILES_DIR ?? '.data/files',
    fileStore: fileStoreKind(env),
    busMaxAttempts: Number(env.BUS_MAX_ATTEMPTS ?? 5),
    busRetryBaseMs: Number(env.BUS_RETRY_BASE_MS ?? 200),
    retentionDays: Number(env.RETENTION_DAYS ?? 30),
  };
}

export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
