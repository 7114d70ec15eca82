import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DataSource } from 'typeorm';
import { declaredRowColumns } from '@windward/service-kit';
import { missingRowColumns, pendingSchemaChanges } from '@windward/service-kit/testing';
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

  // The service's SQL is hand-written behind typed repositories (no entities to compare): each declares
  // the columns of its rows (`rowColumns`), and every one must exist after migrating.
  test('typed repositories and migrations agree: every column a repository declares exists after migrating', async () => {
    assert.ok(declaredRowColumns().length > 0, 'the repositories declare their columns');
    assert.deepEqual(await missingRowColumns(h.svc.app.get(DataSource)), []);
  });
});
