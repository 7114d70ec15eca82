import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import {
  addParkChangeTriggers,
  compactParkChanges,
  createParkChangeLog,
  dropParkChangeTriggers,
  parkVersions,
  parkVersionsOf,
  parkVersionSql,
  type ParkChangeLog,
  type ParkChangeTables,
} from './park-changes.js';

let db: TestDatabase;
let client: pg.Client;
const q = { query: async (sql: string, params?: unknown[]) => (await client.query(sql, params)).rows };
const LOG: ParkChangeLog = { table: 'park_change', park: 'park_id' };
const s = '"kit_test"';
const [P1, P2, P3] = [randomUUID(), randomUUID(), randomUUID()];
const ITEMS: ParkChangeTables = { item: (rel) => `SELECT park_id AS park FROM ${rel}` };

before(async () => {
  db = await createTestDatabase();
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
  await q.query(`CREATE SCHEMA ${s}`);
  await q.query(`CREATE TABLE ${s}.item (id serial PRIMARY KEY, park_id uuid, size int NOT NULL DEFAULT 0)`);
  await createParkChangeLog(q, s, LOG);
  await addParkChangeTriggers(q, s, LOG, ITEMS);
});
after(async () => {
  await client?.end();
  await db?.drop();
});

const versions = async () => Object.fromEntries(await parkVersions(q, s, LOG, [P1, P2, P3]));

test('every writing statement gives the parks it touched a new version, and only those', async () => {
  const v0 = await versions();
  assert.equal(v0[P1], `${P1}|0|${(await q.query('SELECT current_date::text AS d'))[0].d}`);
  await q.query(`INSERT INTO ${s}.item (park_id) VALUES ($1), ($1), ($2)`, [P1, P2]);
  const v1 = await versions();
  assert.notEqual(v1[P1], v0[P1]);
  assert.notEqual(v1[P2], v0[P2]);
  assert.equal(v1[P3], v0[P3]);
  // An update that moves a row: both the park it left and the park it joined.
  await q.query(`UPDATE ${s}.item SET park_id = $2 WHERE park_id = $1 AND id = (SELECT min(id) FROM ${s}.item)`, [P1, P3]);
  const v2 = await versions();
  assert.ok([P1, P3].every((p) => v2[p] !== v1[p]));
  assert.equal(v2[P2], v1[P2]);
  // A statement that writes nothing, a row without a park: no change.
  await q.query(`UPDATE ${s}.item SET size = 1 WHERE false`);
  await q.query(`INSERT INTO ${s}.item (park_id) VALUES (NULL)`);
  assert.deepEqual(await versions(), v2);
  await q.query(`DELETE FROM ${s}.item WHERE park_id = $1`, [P2]);
  assert.notEqual((await versions())[P2], v2[P2]);
});

test('the parks a query selects get the same versions as by id, in park id order, in one statement', async () => {
  await q.query(`INSERT INTO ${s}.item (park_id) VALUES ($1), ($2)`, [P1, P3]);
  const byId = await parkVersions(q, s, LOG, [P1, P2, P3]);
  const selected = await parkVersionsOf(q, s, LOG, `SELECT DISTINCT park_id AS id FROM ${s}.item WHERE park_id = ANY($1)`, [[P3, P1]]);
  assert.deepEqual([...selected.keys()], [P1, P3].sort());
  assert.deepEqual([...selected.values()], [...selected.keys()].map((p) => byId.get(p)));
  assert.equal((await parkVersionsOf(q, s, LOG, `SELECT park_id AS id FROM ${s}.item WHERE false`, [])).size, 0);
});

test('a version read as a column of another statement is the one parkVersions gives, and moves with a write', async () => {
  const column = async (park: string) =>
    ((await q.query(`SELECT ${parkVersionSql(s, LOG, 'r.id')} AS v FROM (SELECT $1::uuid AS id) r`, [park])) as { v: string }[])[0]!.v;
  const byId = await parkVersions(q, s, LOG, [P1, P2]);
  assert.equal(await column(P1), byId.get(P1));
  assert.equal(await column(P2), byId.get(P2));
  await q.query(`INSERT INTO ${s}.item (park_id) VALUES ($1)`, [P2]);
  const after = await column(P2);
  assert.notEqual(after, byId.get(P2));
  assert.equal(after, (await parkVersions(q, s, LOG, [P2])).get(P2));
});

test('a rolled-back write leaves the version as it was', async () => {
  const before = await versions();
  await q.query('BEGIN');
  await q.query(`INSERT INTO ${s}.item (park_id) VALUES ($1)`, [P1]);
  await q.query('ROLLBACK');
  assert.deepEqual(await versions(), before);
});

test('compaction leaves one row per park and every version as it was; triggers can be dropped', async () => {
  const before = await versions();
  const rows = async () => Number((await q.query(`SELECT count(*) AS n FROM ${s}.park_change`))[0].n);
  const n = await rows();
  assert.equal(await compactParkChanges(q, s, LOG), n - 3);
  assert.equal(await rows(), 3);
  assert.deepEqual(await versions(), before);
  await dropParkChangeTriggers(q, s, LOG, ITEMS);
  await q.query(`INSERT INTO ${s}.item (park_id) VALUES ($1)`, [P1]);
  assert.deepEqual(await versions(), before);
});
