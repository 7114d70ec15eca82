import pg from 'pg';
import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import type { EventEnvelope } from '@windward/contracts';
import type { BusAdapter } from './bus-adapter.js';
import { outboxChannel } from './event-publisher.js';
import { SAFETY_POLL_MS, Waker, sleep } from './waker.js';

/**
 * Ships committed outbox rows to the bus in outbox order. One relay per service schema is
 * active at a time (session advisory lock), so per-key order survives several instances.
 */
export class OutboxRelay {
  private running = false;
  private client: pg.Client | null = null;
  private loop: Promise<void> | null = null;
  private readonly waker = new Waker();

  constructor(
    private readonly ds: DataSource,
    private readonly url: string,
    private readonly schema: string,
    private readonly bus: BusAdapter,
    private readonly log: Logger,
    private readonly pollMs = SAFETY_POLL_MS,
    private readonly batch = 500,
  ) {}

  async start(): Promise<void> {
    this.running = true;
    this.client = new pg.Client({ connectionString: this.url, application_name: `relay-${this.schema}` });
    await this.client.connect();
    this.client.on('notification', () => this.waker.poke());
    this.client.on('error', (err) => this.log.error({ err }, 'relay connection error'));
    await this.client.query(`LISTEN ${outboxChannel(this.schema)}`);
    this.loop = this.run();
  }

  private async run(): Promise<void> {
    let leader = false;
    while (this.running) {
      try {
        if (!leader) {
          const r = await this.client!.query('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [`relay:${this.schema}`]);
          leader = r.rows[0].ok === true;
        }
        const moved = leader ? await this.drainOnce() : 0;
        if (moved < this.batch) await this.waker.wait(this.pollMs);
      } catch (err) {
        if (!this.running) return;
        this.log.error({ err }, 'outbox relay failed; retrying');
        await sleep(this.pollMs);
      }
    }
  }

  /** Moves one batch; returns how many events it shipped. */
  async drainOnce(): Promise<number> {
    const qr = this.ds.createQueryRunner();
    await qr.connect();
    try {
      await qr.startTransaction();
      const rows: { seq: string; envelope: EventEnvelope }[] = await qr.query(
        `SELECT seq, envelope FROM "${this.schema}".outbox ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.batch],
      );
      if (rows.length) {
        await this.bus.publish(
          rows.map((r) => r.envelope),
          qr,
        );
        await qr.query(`DELETE FROM "${this.schema}".outbox WHERE seq = ANY($1::bigint[])`, [rows.map((r) => r.seq)]);
      }
      await qr.commitTransaction();
      return rows.length;
    } catch (err) {
      if (qr.isTransactionActive) await qr.rollbackTransaction();
      throw err;
    } finally {
      await qr.release();
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    this.waker.poke();
    await this.loop?.catch(() => undefined);
    await this.client?.end().catch(() => undefined);
  }
}
