import { test } from 'node:test';
import assert from 'node:assert/strict';
import { declaredRowColumns, entityRowColumns } from './row-columns.js';

test('entityRowColumns declares the columns and selects them under the entity names, numeric as numbers', () => {
  const cols = entityRowColumns('widget', { id: 'id', sizeMm: 'size_mm', createdAt: 'created_at' }, ['size_mm']);
  assert.deepEqual(cols.columns, ['id', 'size_mm', 'created_at']);
  assert.ok(declaredRowColumns().some((d) => d.table === 'widget' && d.columns.join() === 'id,size_mm,created_at'));
  assert.equal(cols.select('w'), 'w.id AS "id", w.size_mm::float8 AS "sizeMm", w.created_at AS "createdAt"');
});
