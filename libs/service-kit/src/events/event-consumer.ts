import type { DataSource, EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import { AppError, type EventEnvelope } from '@windward/contracts';
import { sleep } from './waker.js';

/** What a service does with one event, inside the transaction that records it as handled. */
export type EventHandler = (event: EventEnvelope, manager: EntityManager) => Promise<void>;

export interface ConsumerOptions {
  schema: string;
  maxAttempts: number;
  retryBaseMs: number;
}

/** The record an event is about: its producing service and key (the aggregate id). */
function recordOf(e: EventEnvelope): { source: string; key: string } {
  return { source: e.actor?.service ?? '', key: e.key ?? '' };
}

/** What resolving a dead letter did: whether it was applied now, and how many held events followed it. */
export interface DeadLetterOutcome {
  applied: boolean;
  released: number;
}

/**
 * Idempotent delivery into one service: the handled-event row and the handler's writes share
 * a transaction, so a duplicate delivery finds the row and does nothing. Failures retry with
 * exponential back-off, blocking later events (per-key order); after `maxAttempts` the event
 * goes to the dead-letter table and the consumer moves on.
 *
 * Order per record survives a dead letter: while a record (producer + key) has an open dead
 * letter, its later events are held (`held_event`) instead of applied, so they can never be
 * overwritten by the older event's replay. Replaying the dead letter, or setting it aside (an
 * administrator's decision), applies the held events in their order; one that fails becomes the
 * record's new dead letter and the rest stay held behind it.
 */
export class EventConsumer {
  constructor(
    private readonly ds: DataSource,
    private readonly handlers: Map<string, EventHandler>,
    private readonly opts: ConsumerOptions,
    private readonly log: Logger,
  ) {}

  get topics(): string[] {
    return [...this.handlers.keys()];
  }

  private get s(): string {
    return `"${this.opts.schema}"`;
  }

  readonly deliver = async (event: EventEnvelope): Promise<void> => {
    const handler = this.handlers.get(event.type);
    if (!handler) return;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.ds.transaction(async (m) => {
          if (await this.blocked(m, event)) await this.hold(m, event);
          else await this.applyIn(m, event, handler);
        });
        return;
      } catch (err) {
        if (attempt >= this.opts.maxAttempts) {
          await this.deadLetter(this.ds.manager, event, err, attempt);
          return;
        }
        this.log.warn({ err, eventId: event.id, type: event.type, attempt }, 'event handler failed; will retry');
        await sleep(this.opts.retryBaseMs * 2 ** (attempt - 1));
      }
    }
  };

  /** Runs the handler unless the event was handled before; returns whether it ran. */
  private async applyIn(m: EntityManager, event: EventEnvelope, handler = this.handlers.get(event.type)): Promise<boolean> {
    if (!handler) throw new Error(`no handler for ${event.type}`);
    const rows: unknown[] = await m.query(
      `INSERT INTO ${this.s}.handled_event (event_id, type) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`,
      [event.id, event.type],
    );
    if (rows.length === 0) return false;
    await handler(event, m);
    return true;
  }

  /**
   * Locks the event's record for the transaction, so holding an event and releasing the held ones
   * never interleave (replays come in over HTTP, possibly on another instance).
   */
  private async lockRecord(m: EntityManager, event: EventEnvelope): Promise<void> {
    const { source, key } = recordOf(event);
    await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${this.opts.schema}:${source}:${key}`]);
  }

  /** Whether the event's record has an open dead letter (under the record's lock). */
  private async blocked(m: EntityManager, event: EventEnvelope): Promise<boolean> {
    await this.lockRecord(m, event);
    const { source, key } = recordOf(event);
    return this.hasOpenDeadLetter(m, source, key);
  }

  private async hold(m: EntityManager, event: EventEnvelope): Promise<void> {
    const { source, key } = recordOf(event);
    this.log.warn({ eventId: event.id, type: event.type, source, key }, 'event held: an earlier event of its record is a dead letter');
    await m.query(
      `INSERT INTO ${this.s}.held_event (event_id, source, key, type, envelope) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (event_id) DO NOTHING`,
      [event.id, source, key, event.type, JSON.stringify(event)],
    );
  }

  private async deadLetter(m: EntityManager, event: EventEnvelope, err: unknown, attempts: number) {
    const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    const { source, key } = recordOf(event);
    this.log.error({ eventId: event.id, type: event.type, attempts, error: message }, 'event dead-lettered');
    await m.query(
      `INSERT INTO ${this.s}.dead_letter (event_id, type, envelope, error, attempts, source, key) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [event.id, event.type, JSON.stringify(event), message, attempts, source, key],
    );
  }

  /**
   * Applies a dead-lettered event again (admin action), then the events its record held. If it
   * fails again nothing changes (the error is the answer); one set aside is refused, since later
   * events of its record were applied after it.
   */
  async replay(deadLetterId: number): Promise<DeadLetterOutcome> {
    return this.resolve(deadLetterId, async (m, envelope) => {
      await m.query(`UPDATE ${this.s}.dead_letter SET replayed_at = now() WHERE id = $1`, [deadLetterId]);
      return this.applyIn(m, envelope);
    });
  }

  /** Sets a dead letter aside for good (admin decision) and applies the events its record held. */
  async setAside(deadLetterId: number): Promise<DeadLetterOutcome> {
    return this.resolve(deadLetterId, async (m) => {
      await m.query(`UPDATE ${this.s}.dead_letter SET set_aside_at = now() WHERE id = $1`, [deadLetterId]);
      return false;
    });
  }

  private async resolve(
    deadLetterId: number,
    act: (m: EntityManager, envelope: EventEnvelope) => Promise<boolean>,
  ): Promise<DeadLetterOutcome> {
    return this.ds.transaction(async (m) => {
      const [row] = (await m.query(
        `SELECT envelope, replayed_at, set_aside_at FROM ${this.s}.dead_letter WHERE id = $1 FOR UPDATE`,
        [deadLetterId],
      )) as { envelope: EventEnvelope; replayed_at: Date | null; set_aside_at: Date | null }[];
      if (!row) throw new AppError('NOT_FOUND');
      if (row.set_aside_at) throw new AppError('DEAD_LETTER_SET_ASIDE');
      if (row.replayed_at) return { applied: false, released: 0 };
      const envelope = row.envelope;
      if (!this.handlers.has(envelope.type)) return { applied: false, released: 0 };
      await this.lockRecord(m, envelope);
      const applied = await act(m, envelope);
      return { applied, released: await this.release(m, envelope) };
    });
  }

  /**
   * Applies the record's held events in arrival order while it has no open dead letter. A held
   * event that fails is rolled back to its savepoint and becomes the record's dead letter; the
   * ones after it stay held.
   */
  private async release(m: EntityManager, of: EventEnvelope): Promise<number> {
    const { source, key } = recordOf(of);
    const held = (await m.query(`SELECT id, envelope FROM ${this.s}.held_event WHERE source = $1 AND key = $2 ORDER BY id`, [
      source,
      key,
    ])) as { id: string; envelope: EventEnvelope }[];
    let released = 0;
    for (const h of held) {
      if (await this.hasOpenDeadLetter(m, source, key)) break;
      await m.query('SAVEPOINT held_event');
      try {
        if (this.handlers.has(h.envelope.type)) await this.applyIn(m, h.envelope);
        await m.query('RELEASE SAVEPOINT held_event');
        released++;
      } catch (err) {
        await m.query('ROLLBACK TO SAVEPOINT held_event');
        await this.deadLetter(m, h.envelope, err, 1);
      }
      await m.query(`DELETE FROM ${this.s}.held_event WHERE id = $1`, [h.id]);
    }
    return released;
  }

  private async hasOpenDeadLetter(m: EntityManager, source: string, key: string): Promise<boolean> {
    const open: unknown[] = await m.query(
      `SELECT 1 FROM ${this.s}.dead_letter WHERE source = $1 AND key = $2 AND replayed_at IS NULL AND set_aside_at IS NULL LIMIT 1`,
      [source, key],
    );
    return open.length > 0;
  }
}
