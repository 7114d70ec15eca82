export * from './database-fixture.js';
export * from './auth-fixture.js';
export * from './eventually.js';
export * from './service-harness.js';
export * from './api-client.js';
export * from './schema-sync.js';
export * from './kafka-events.js';
