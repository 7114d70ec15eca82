import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { DataSource } from 'typeorm';
import { pendingSchemaChanges } from '@windward/service-kit/testing';
import { RepairHarness } from './testing/repair-harness.js';

let h: RepairHarness;
before(async () => {
  h = await RepairHarness.start();
});
after(async () => {
  await h?.stop();
});

test('entities and migrations agree: a freshly migrated database needs no schema change', async () => {
  assert.deepEqual(await pendingSchemaChanges(h.svc.app.get(DataSource)), []);
});
