import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import type { EventEnvelope } from '@windward/contracts';
import { createTestDatabase, eventually, type TestDatabase } from '../testing/index.js';
import { PostgresBus } from './postgres-bus.js';

const log = pino({ level: 'silent' });

describe('PostgreSQL bus log trimming', () => {
  let db: TestDatabase;
  let sql: pg.Client;
  before(async () => {
    db = await createTestDatabase();
    await PostgresBus.ensureTables(db.url);
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
  });
  after(async () => {
    await sql?.end();
    await db?.drop();
  });

  const envelope = (type: string, n: number): EventEnvelope =>
    ({ id: randomUUID(), type, key: `k-${n}`, occurredAt: new Date().toISOString(), producer: 'test', payload: { n } }) as unknown as EventEnvelope;
  const append = async (bus: PostgresBus, events: EventEnvelope[]) => {
    await sql.query('BEGIN');
    // The adapter takes a TypeORM query runner; a plain client's query has the same shape here.
    await bus.publish(events, sql as unknown as Parameters<PostgresBus['publish']>[1]);
    await sql.query('COMMIT');
  };
  const seqs = async () => (await sql.query<{ seq: string }>('SELECT seq FROM bus.event ORDER BY seq')).rows.map((r) => Number(r.seq));

  test('an event goes once every consumer group has passed it and it is older than the minimum age; a lagging group keeps what it has not read', async () => {
    const bus = new PostgresBus(db.url, log, 50, 0);
    const type = `trim.${randomUUID().slice(0, 8)}`;
    // Nobody consumes yet: nothing goes, however old.
    await append(bus, [1, 2, 3, 4].map((n) => envelope(type, n)));
    await sql.query(`UPDATE bus.event SET appended_at = now() - interval '2 days'`);
    assert.equal(await bus.trim(86_400_000), 0);
    const all = await seqs();
    // Group A reads everything; group B is registered but stands at the second event.
    const seen: number[] = [];
    await bus.consume('group-a', [type], async (e) => {
      seen.push((e.payload as { n: number }).n);
    });
    await eventually(async () => seen.length === 4);
    await eventually(async () => Number((await sql.query(`SELECT position FROM bus.consumer_offset WHERE group_name = 'group-a'`)).rows[0].position) === all[3]);
    await sql.query(`INSERT INTO bus.consumer_offset (group_name, position) VALUES ('group-b', $1)`, [all[1]]);
    // A fresh event (now) that both have passed is still too young.
    assert.equal(await bus.trim(86_400_000), 2);
    assert.deepEqual(await seqs(), all.slice(2));
    // B catches up: the rest goes; nothing younger than the minimum age would.
    await sql.query(`UPDATE bus.consumer_offset SET position = $1 WHERE group_name = 'group-b'`, [all[3]]);
    await append(bus, [envelope(type, 5)]);
    assert.equal(await bus.trim(86_400_000), 2);
    assert.equal((await seqs()).length, 1);
    // Delivery goes on after a trim: the new event reaches A.
    await eventually(async () => seen.includes(5));
    await bus.close();
  });
});
