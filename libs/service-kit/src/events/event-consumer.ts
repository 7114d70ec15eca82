import type { DataSource, EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import type { EventEnvelope } from '@windward/contracts';
import { sleep } from './waker.js';

/** What a service does with one event, inside the transaction that records it as handled. */
export type EventHandler = (event: EventEnvelope, manager: EntityManager) => Promise<void>;

export interface ConsumerOptions {
  schema: string;
  maxAttempts: number;
  retryBaseMs: number;
}

/**
 * Idempotent delivery into one service: the handled-event row and the handler's writes share
 * a transaction, so a duplicate delivery finds the row and does nothing. Failures retry with
 * exponential back-off, blocking later events (per-key order); after `maxAttempts` the event
 * goes to the dead-letter table and the consumer moves on.
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

  readonly deliver = async (event: EventEnvelope): Promise<void> => {
    const handler = this.handlers.get(event.type);
    if (!handler) return;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.applyOnce(event, handler);
        return;
      } catch (err) {
        if (attempt >= this.opts.maxAttempts) {
          await this.deadLetter(event, err, attempt);
          return;
        }
        this.log.warn({ err, eventId: event.id, type: event.type, attempt }, 'event handler failed; will retry');
        await sleep(this.opts.retryBaseMs * 2 ** (attempt - 1));
      }
    }
  };

  /** Runs the handler unless the event was handled before; returns whether it ran. */
  async applyOnce(event: EventEnvelope, handler = this.handlers.get(event.type)): Promise<boolean> {
    if (!handler) throw new Error(`no handler for ${event.type}`);
    return this.ds.transaction(async (m) => {
      const rows: unknown[] = await m.query(
        `INSERT INTO "${this.opts.schema}".handled_event (event_id, type) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`,
        [event.id, event.type],
      );
      if (rows.length === 0) return false;
      await handler(event, m);
      return true;
    });
  }

  private async deadLetter(event: EventEnvelope, err: unknown, attempts: number) {
    const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    this.log.error({ eventId: event.id, type: event.type, attempts, error: message }, 'event dead-lettered');
    await this.ds.query(
      `INSERT INTO "${this.opts.schema}".dead_letter (event_id, type, envelope, error, attempts) VALUES ($1, $2, $3, $4, $5)`,
      [event.id, event.type, JSON.stringify(event), message, attempts],
    );
  }

  /** Applies a dead-lettered event again (admin action); a failure leaves it in the table. */
  async replay(deadLetterId: number): Promise<{ applied: boolean }> {
    const [row] = await this.ds.query(`SELECT envelope FROM "${this.opts.schema}".dead_letter WHERE id = $1 AND replayed_at IS NULL`, [
      deadLetterId,
    ]);
    if (!row) return { applied: false };
    const applied = await this.applyOnce(row.envelope as EventEnvelope);
    await this.ds.query(`UPDATE "${this.opts.schema}".dead_letter SET replayed_at = now() WHERE id = $1`, [deadLetterId]);
    return { applied };
  }
}
