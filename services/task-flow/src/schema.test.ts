import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { DataSource } from 'typeorm';
import { declaredRowColumns } from '@windward/service-kit';
import { missingRowColumns, pendingSchemaChanges } from '@windward/service-kit/testing';
import { TaskFlowHarness } from './testing/task-flow-harness.js';

let h: TaskFlowHarness;
before(async () => {
  h = await TaskFlowHarness.start();
});
after(async () => {
  await h.stop();
});

test('entities and migrations agree: a freshly migrated database needs no schema change', async () => {
  assert.deepEqual(await pendingSchemaChanges(h.svc.app.get(DataSource)), []);
});

// The service's SQL is hand-written behind typed repositories (no entities to compare): each declares
// the columns of its rows (`rowColumns`), and every one must exist after migrating.
test('typed repositories and migrations agree: every column a repository declares exists after migrating', async () => {
  assert.ok(declaredRowColumns().length > 0, 'the repositories declare their columns');
  assert.deepEqual(await missingRowColumns(h.svc.app.get(DataSource)), []);
});
