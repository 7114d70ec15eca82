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
