import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DataSource } from 'typeorm';
import { missingRowColumns, pendingSchemaChanges } from '@windward/service-kit/testing';
import { InspectionHarness } from './testing/inspection-harness.js';

/**
 * The migrations build exactly the tables the entities describe: nothing left for TypeORM to
 * change. (Tables without an entity — upload_ingest, panoramas, edit_lock — are not compared.)
 */
describe('inspection schema', () => {
  let h: InspectionHarness;
  before(async () => {
    // A fresh database, migrated by the service's own start-up.
    h = await InspectionHarness.start();
  });
  after(async () => h?.stop());

  test('a freshly migrated database matches the entities', async () => {
    assert.deepEqual(await pendingSchemaChanges(h.svc.app.get(DataSource)), []);
  });

  test('every column a raw-SQL repository names exists in the migrated schema', async () => {
    assert.deepEqual(await missingRowColumns(h.svc.app.get(DataSource)), []);
  });
});
