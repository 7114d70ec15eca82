import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DataSource } from 'typeorm';
import { missingRowColumns, pendingSchemaChanges } from '@windward/service-kit/testing';
import { AssetHarness } from './testing/asset-harness.js';

describe('asset schema', () => {
  let h: AssetHarness;
  before(async () => {
    h = await AssetHarness.start();
  });
  after(async () => h?.stop());

  test('the migrations create exactly what the entities describe (nothing left for TypeORM to change)', async () => {
    const pending = await pendingSchemaChanges(h.svc.app.get(DataSource));
    assert.deepEqual(pending, []);
  });

  test('every column a raw-SQL repository names exists in the migrated schema', async () => {
    assert.deepEqual(await missingRowColumns(h.svc.app.get(DataSource)), []);
  });
});
