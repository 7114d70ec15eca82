import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig, serviceUrl } from './config.js';

const base = { DATABASE_URL: 'postgres://x@127.0.0.1/db' };

test('defaults: own port, schema and context; Postgres bus; identity JWKS on loopback', () => {
  const c = loadConfig('task-flow', base);
  assert.equal(c.port, 3004);
  assert.equal(c.schema, 'task_flow');
  assert.equal(c.context, 'task');
  assert.equal(c.bus, 'postgres');
  assert.equal(c.jwksUrl, 'http://127.0.0.1:3001/oauth/.well-known/jwks.json');
  assert.equal(c.seedDemo, false);
});

test('environment overrides: per-service port and URL, Kafka brokers', () => {
  const env = { ...base, TASK_FLOW_PORT: '4100', IDENTITY_URL: 'http://identity:3001', BUS: 'kafka', KAFKA_BROKERS: 'a:9092,b:9092' };
  const c = loadConfig('task-flow', env);
  assert.equal(c.port, 4100);
  assert.equal(c.jwksUrl, 'http://identity:3001/oauth/.well-known/jwks.json');
  assert.deepEqual(c.kafkaBrokers, ['a:9092', 'b:9092']);
  assert.equal(serviceUrl('task-flow', env), 'http://127.0.0.1:4100');
});

test('refuses to start without a database, with an unknown bus, or with demo data in production', () => {
  assert.throws(() => loadConfig('asset', {}), /DATABASE_URL/);
  assert.throws(() => loadConfig('asset', { ...base, BUS: 'rabbit' }), /BUS must be/);
  assert.throws(() => loadConfig('asset', { ...base, NODE_ENV: 'production', SEED_DEMO: 'true' }), /refused in production/);
  assert.equal(loadConfig('asset', { ...base, NODE_ENV: 'production' }).production, true);
});

test('NODE_ENV=production refuses default secrets: OAuth client secret, signing-key secret, S3 key, database password', () => {
  const prod = { DATABASE_URL: 'postgres://windward:Str0ng-db@db/windward', NODE_ENV: 'production' };
  assert.throws(() => loadConfig('identity', prod), /OAUTH_CLIENTS/);
  assert.throws(() => loadConfig('identity', { ...prod, OAUTH_CLIENTS: 'windward-web:windward-web-secret' }), /OAUTH_CLIENTS/);
  const sealed = { ...prod, OAUTH_CLIENTS: 'windward-web:9f2c1d7e' };
  assert.throws(() => loadConfig('identity', sealed), /SIGNING_KEY_SECRET/);
  assert.throws(() => loadConfig('identity', { ...sealed, SIGNING_KEY_SECRET: 'windward-dev-signing-secret' }), /SIGNING_KEY_SECRET/);
  assert.throws(() => loadConfig('identity', { ...sealed, SIGNING_KEY_SECRET: 'short' }), /SIGNING_KEY_SECRET/);
  assert.equal(loadConfig('identity', { ...sealed, SIGNING_KEY_SECRET: 'b1f0e6a4c2d84e1f9a07' }).production, true);
  assert.throws(() => loadConfig('asset', { ...prod, DATABASE_URL: 'postgres://windward:windward@db/windward' }), /DATABASE_URL/);
  const s3 = { ...prod, FILE_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'windward' };
  assert.throws(() => loadConfig('asset', { ...s3, S3_SECRET_ACCESS_KEY: 'windward-secret' }), /S3_SECRET_ACCESS_KEY/);
  assert.equal(loadConfig('asset', { ...s3, S3_SECRET_ACCESS_KEY: 'k8#Lq2' }).production, true);
  // Development keeps its defaults.
  assert.equal(loadConfig('identity', { DATABASE_URL: 'postgres://windward:windward@db/windward' }).production, false);
});
