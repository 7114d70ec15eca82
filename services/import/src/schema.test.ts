import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DataSource } from 'typeorm';
import { pendingSchemaChanges } from '@windward/service-kit/testing';
import { ImportHarness } from './testing/import-harness.js';

/** The migrations build exactly the tables the entities describe: nothing left for TypeORM to change. */
describe('import schema', () => {
  let h: ImportHarness;

  before(async () => {
    h = await ImportHarness.start();
  });
  after(async () => {
    await h?.stop();
  });

  test('a freshly migrated database matches the entities (import has none: its tables are raw SQL)', async () => {
    assert.deepEqual(await pendingSchemaChanges(h.svc.app.get(DataSource)), []);
  });
});
