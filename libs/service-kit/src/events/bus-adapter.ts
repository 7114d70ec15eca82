import type { QueryRunner } from 'typeorm';
import type { EventEnvelope } from '@windward/contracts';

/** Hands one event to the consuming service; resolves once it is handled or dead-lettered. */
export type Deliver = (event: EventEnvelope) => Promise<void>;

/**
 * One interface, two adapters (PostgreSQL log, Kafka). The same contract tests run against both.
 * Delivery is at-least-once and in order per key; consumers are idempotent on event id.
 */
export interface BusAdapter {
  readonly kind: 'postgres' | 'kafka';
  /** Moves a batch from the outbox onto the bus. Postgres writes inside the relay's transaction `tx`. */
  publish(events: EventEnvelope[], tx: QueryRunner): Promise<void>;
  /** Starts delivering events of `topics` to the consumer group `group`, from its committed offset. */
  consume(group: string, topics: string[], deliver: Deliver): Promise<void>;
  close(): Promise<void>;
}
