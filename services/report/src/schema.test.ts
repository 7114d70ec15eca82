import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DataSource } from 'typeorm';
import { pendingSchemaChanges } from '@windward/service-kit/testing';
import { ReportHarness } from './testing/report-harness.js';

/** The migrations build exactly the tables the entities describe: nothing left for TypeORM to change. */
describe('report schema', () => {
  let h: ReportHarness;

  before(async () => {
    h = await ReportHarness.start();
  });
  after(async () => {
    await h?.stop();
  });

  test('a freshly migrated database matches the entities (report has none: its tables are raw SQL)', async () => {
    assert.deepEqual(await pendingSchemaChanges(h.svc.app.get(DataSource)), []);
  });
});
