import pg from 'pg';
import type { QueryRunner } from 'typeorm';
import type { Logger } from 'pino';
import type { EventEnvelope } from '@windward/contracts';
import type { BusAdapter, Deliver } from './bus-adapter.js';
import { SAFETY_POLL_MS, Waker, sleep } from './waker.js';

const BUS_CHANNEL = 'ww_bus';
/** Serialises appends so sequence numbers are committed in order (no gaps a reader could skip). */
const APPEND_LOCK = 0x77_77_62_75; // "wwbu"

/**
 * The embedded default: PostgreSQL as the log. Events live in `bus.event` with a global sequence,
 * each consumer group keeps a committed position in `bus.consumer_offset`, and LISTEN/NOTIFY
 * wakes readers within milliseconds (a 1 s poll covers lost notifications).
 * One active reader per group (session advisory lock); other instances stand by.
 *
 * The log is trimmed (hourly, by every instance that consumes; deleting twice is harmless): an
 * event goes once every consumer group has passed it and it is older than a day, so a group
 * that lags or stands still keeps what it has not read, and a day of history stays for looking
 * back. A group that no longer exists must be removed from `bus.consumer_offset`, or it holds
 * the log (see docs/events.md).
 */
export class PostgresBus implements BusAdapter {
  readonly kind = 'postgres' as const;
  private readonly clients: pg.Client[] = [];
  private running = true;
  private readonly loops: Promise<void>[] = [];
  /** One per read loop: close() wakes them, so a stop never waits out a poll interval. */
  private readonly wakers: Waker[] = [];
  private trimTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly log: Logger,
    private readonly pollMs = SAFETY_POLL_MS,
    private readonly trimEveryMs = 3_600_000,
    private readonly trimMinAgeMs = 86_400_000,
  ) {}

  /** Deletes the events every consumer group has passed and older than `minAgeMs`; answers how many. */
  async trim(minAgeMs = this.trimMinAgeMs): Promise<number> {
    const c = new pg.Client({ connectionString: this.url, application_name: 'bus-trim' });
    await c.connect();
    try {
      // No group yet: min() is null and nothing goes.
      const r = await c.query(
        `DELETE FROM bus.event WHERE seq <= (SELECT min(position) FROM bus.consumer_offset)
           AND appended_at < now() - make_interval(secs => $1::double precision / 1000)`,
        [minAgeMs],
      );
      return r.rowCount ?? 0;
    } finally {
      await c.end();
    }
  }

  private startTrimming(): void {
    if (this.trimTimer || this.trimEveryMs <= 0) return;
    this.trimTimer = setInterval(() => {
      this.trim()
        .then((n) => n && this.log.info({ trimmed: n }, 'bus log trimmed'))
        .catch((err) => this.running && this.log.warn({ err }, 'bus log trim failed; next hour again'));
    }, this.trimEveryMs);
    this.trimTimer.unref();
  }

  static async ensureTables(url: string): Promise<void> {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(`SELECT pg_advisory_lock(hashtext('bus:ddl'))`);
      await c.query(`CREATE SCHEMA IF NOT EXISTS bus`);
      await c.query(`CREATE TABLE IF NOT EXISTS bus.event (
        seq bigserial PRIMARY KEY,
        event_id uuid NOT NULL,
        type text NOT NULL,
        key text NOT NULL,
        envelope jsonb NOT NULL,
        appended_at timestamptz NOT NULL DEFAULT now())`);
      await c.query(`CREATE INDEX IF NOT EXISTS event_type_seq ON bus.event (type, seq)`);
      await c.query(`CREATE TABLE IF NOT EXISTS bus.consumer_offset (
        group_name text PRIMARY KEY,
        position bigint NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now())`);
    } finally {
      await c.end();
    }
  }

  async publish(events: EventEnvelope[], tx: QueryRunner): Promise<void> {
    if (!events.length) return;
    await tx.query('SELECT pg_advisory_xact_lock($1)', [APPEND_LOCK]);
    await tx.query(
      `INSERT INTO bus.event (event_id, type, key, envelope)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::jsonb[])`,
      [events.map((e) => e.id), events.map((e) => e.type), events.map((e) => e.key), events.map((e) => JSON.stringify(e))],
    );
    // NOTIFY is transactional: readers wake only if the append commits.
    await tx.query('SELECT pg_notify($1, $2)', [BUS_CHANNEL, '']);
  }

  async consume(group: string, topics: string[], deliver: Deliver): Promise<void> {
    if (!topics.length) return;
    const client = new pg.Client({ connectionString: this.url, application_name: `bus-consumer-${group}` });
    await client.connect();
    this.clients.push(client);
    const waker = new Waker();
    this.wakers.push(waker);
    client.on('notification', () => waker.poke());
    client.on('error', (err) => this.log.error({ err, group }, 'bus consumer connection error'));
    await client.query(`LISTEN ${BUS_CHANNEL}`);
    await client.query(`INSERT INTO bus.consumer_offset (group_name) VALUES ($1) ON CONFLICT DO NOTHING`, [group]);
    this.loops.push(this.readLoop(client, group, topics, deliver, waker));
    this.startTrimming();
  }

  private async readLoop(client: pg.Client, group: string, topics: string[], deliver: Deliver, waker: Waker) {
    let leader = false;
    while (this.running) {
      try {
        if (!leader) {
          const r = await client.query('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [`bus:group:${group}`]);
          leader = r.rows[0].ok === true;
          if (!leader) {
            await waker.wait(this.pollMs);
            continue;
          }
        }
        const { rows: [off] } = await client.query('SELECT position FROM bus.consumer_offset WHERE group_name = $1', [group]);
        const { rows } = await client.query(
          `SELECT seq, envelope FROM bus.event WHERE seq > $1 AND type = ANY($2) ORDER BY seq LIMIT 200`,
          [off.position, topics],
        );
        let position: string | null = null;
        try {
          for (const row of rows) {
            if (!this.running) break;
            await deliver(row.envelope as EventEnvelope);
            position = row.seq;
          }
        } finally {
          // One offset write per batch: a crash mid-batch redelivers, and handled-event ids make that harmless.
          if (position !== null) {
            await client.query('UPDATE bus.consumer_offset SET position = $2, updated_at = now() WHERE group_name = $1', [group, position]);
          }
        }
        if (rows.length === 0) await waker.wait(this.pollMs);
      } catch (err) {
        if (!this.running) return;
        this.log.error({ err, group }, 'bus read loop failed; retrying');
        await sleep(this.pollMs);
      }
    }
  }

  async close(): Promise<void> {
    this.running = false;
    if (this.trimTimer) clearInterval(this.trimTimer);
    for (const w of this.wakers) w.poke();
    await Promise.all(this.clients.map((c) => c.end().catch(() => undefined)));
    await Promise.allSettled(this.loops);
  }
}
