import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope, EventPayloads, EventType, ServiceName } from '@windward/contracts';

export const outboxChannel = (schema: string) => `ww_outbox_${schema}`;

/**
 * Writes an event into the service's outbox with the caller's transaction, so the domain
 * change and the event commit together or not at all. The relay ships it after commit.
 */
export class EventPublisher {
  constructor(
    private readonly service: ServiceName,
    private readonly schema: string,
  ) {}

  async publish<T extends EventType>(
    manager: EntityManager,
    type: T,
    key: string,
    payload: EventPayloads[T],
    actorUserId?: string,
  ): Promise<EventEnvelope<EventPayloads[T]>> {
    const envelope: EventEnvelope<EventPayloads[T]> = {
      id: randomUUID(),
      type,
      version: 1,
      occurredAt: new Date().toISOString(),
      key,
      actor: { service: this.service, ...(actorUserId ? { userId: actorUserId } : {}) },
      payload,
    };
    await manager.query(`INSERT INTO "${this.schema}".outbox (event_id, type, key, envelope) VALUES ($1, $2, $3, $4)`, [
      envelope.id,
      type,
      key,
      JSON.stringify(envelope),
    ]);
    // Delivered on commit only, which wakes the relay without polling.
    await manager.query('SELECT pg_notify($1, $2)', [outboxChannel(this.schema), '']);
    return envelope;
  }
}
