import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { cappedCount, KeptCounts, pageRowsFrom, pageWithCappedCount, windowTotal } from './paging.js';

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

test('a page and its count in one statement: the rows without the count column, exact up to the limit', async () => {
  const sent: string[] = [];
  const counting = { query: async (sql: string, params?: unknown[]) => (sent.push(sql), ds.query(sql, params)) };
  const r = await pageWithCappedCount<{ id: number }>(
    counting,
    { select: 'id', fromWhere: 'FROM item WHERE kind = $1', tail: 'ORDER BY id LIMIT 3 OFFSET 3' },
    [1],
    5000,
  );
  assert.deepEqual(r, { rows: [{ id: 10 }, { id: 13 }, { id: 16 }], totalCount: 1000, totalCountExact: true });
  assert.equal(sent.length, 1);
});

test('beyond the limit the estimate is asked once more (no second count); past the end the count is asked alone', async () => {
  const sent: string[] = [];
  const counting = { query: async (sql: string, params?: unknown[]) => (sent.push(sql), ds.query(sql, params)) };
  const big = await pageWithCappedCount<{ id: number }>(counting, { select: 'id', fromWhere: 'FROM item WHERE kind >= $1', tail: 'ORDER BY id LIMIT 2' }, [0], 100);
  assert.deepEqual(big.rows, [{ id: 1 }, { id: 2 }]);
  assert.equal(big.totalCountExact, false);
  assert.ok(Math.abs(big.totalCount - 3000) < 300, String(big.totalCount));
  assert.equal(sent.length, 2);
  assert.match(sent[1]!, /^EXPLAIN/);
  sent.length = 0;
  const past = await pageWithCappedCount<{ id: number }>(counting, { select: 'id', fromWhere: 'FROM item WHERE kind = $1', tail: 'ORDER BY id LIMIT 20 OFFSET 5000' }, [2], 5000);
  assert.deepEqual(past, { rows: [], totalCount: 1000, totalCountExact: true });
  assert.equal(sent.length, 2);
});

test('a window-counted page gives its total; a page past the end has it counted alone', async () => {
  const sent: string[] = [];
  const counting = { query: async (sql: string, params?: unknown[]) => (sent.push(sql), ds.query(sql, params)) };
  const page = (await ds.query('SELECT id, count(*) OVER () AS total FROM item WHERE kind = $1 ORDER BY id LIMIT 2', [1])) as { total: string }[];
  assert.equal(await windowTotal(counting, page, 'FROM item WHERE kind = $1', [1]), 1000);
  assert.equal(sent.length, 0);
  assert.equal(await windowTotal(counting, [], 'FROM item WHERE kind = $1', [2]), 1000);
  assert.equal(sent.length, 1);
});

test('kept counts: one count per version, statement and parameters; a new version counts again; without a version every time', async () => {
  const sent: string[] = [];
  const counting = { query: async (sql: string, params?: unknown[]) => (sent.push(sql), ds.query(sql, params)) };
  const kept = new KeptCounts();
  const ask = (version: string | undefined, kind: number) => kept.count(counting, version, 'FROM item WHERE kind = $1', [kind]);
  assert.deepEqual(await ask('v1', 1), { totalCount: 1000, totalCountExact: true });
  assert.deepEqual(await ask('v1', 1), { totalCount: 1000, totalCountExact: true });
  assert.equal(sent.length, 1);
  await ask('v1', 2);
  assert.equal(sent.length, 2, 'other parameters are another count');
  await client.query('INSERT INTO item VALUES (3001, 1)');
  try {
    assert.deepEqual(await ask('v2', 1), { totalCount: 1001, totalCountExact: true });
    assert.equal(sent.length, 3);
    await ask(undefined, 1);
    await ask(undefined, 1);
    assert.equal(sent.length, 5);
  } finally {
    await client.query('DELETE FROM item WHERE id = 3001');
  }
});

test('the rows of a page, read by its ids in the same statement, keep the page order', async () => {
  for (const dir of ['ASC', 'DESC']) {
    const page = `SELECT i.id, i.kind AS k FROM item i WHERE i.kind = $1 ORDER BY i.id ${dir} LIMIT 4 OFFSET 2`;
    const rows = await ds.query(`SELECT x.id, x.kind, p.k ${pageRowsFrom(page, 'item')} ORDER BY p.n`, [2]);
    const ids = dir === 'ASC' ? [8, 11, 14, 17] : [2993, 2990, 2987, 2984];
    assert.deepEqual(
      rows,
      ids.map((id) => ({ id, kind: 2, k: 2 })),
    );
  }
});
