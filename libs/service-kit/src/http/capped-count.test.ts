import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { cappedCount } from './paging.js';

let db: TestDatabase;
let client: pg.Client;
before(async () => {
  db = await createTestDatabase();
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
  await client.query('CREATE TABLE item AS SELECT g AS id, g % 3 AS kind FROM generate_series(1, 3000) g');
  await client.query('ANALYZE item');
});
after(async () => {
  await client.end();
  await db.drop();
});

const ds = { query: async (sql: string, params?: unknown[]) => (await client.query(sql, params)).rows };

test('counts exactly up to the limit', async () => {
  assert.deepEqual(await cappedCount(ds, 'FROM item WHERE kind = $1', [1], 5000), { totalCount: 1000, totalCountExact: true });
});

test('beyond the limit answers the planner estimate, never less than limit + 1', async () => {
  const c = await cappedCount(ds, 'FROM item WHERE kind >= $1', [0], 100);
  assert.equal(c.totalCountExact, false);
  assert.ok(c.totalCount >= 101, String(c.totalCount));
  // ANALYZE makes the estimate close to the truth (3,000 rows).
  assert.ok(Math.abs(c.totalCount - 3000) < 300, String(c.totalCount));
});
