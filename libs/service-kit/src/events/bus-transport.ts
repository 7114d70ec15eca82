import { Server, BaseRpcContext, EventPattern, type CustomTransportStrategy } from '@nestjs/microservices';
import { lastValueFrom } from 'rxjs';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope, EventPayloads, EventType } from '@windward/contracts';
import { PATTERN_METADATA } from '@nestjs/microservices/constants.js';
import type { EventHandler } from './event-consumer.js';
import type { EventBus } from './event-bus.js';

/** What an @EventPattern handler receives with @Ctx(): the envelope and the transaction to write in. */
export class BusContext extends BaseRpcContext<[EventEnvelope, EntityManager]> {
  get envelope(): EventEnvelope {
    return this.args[0];
  }
  /** Writes made through this manager commit with the handled-event record (idempotency). */
  get manager(): EntityManager {
    return this.args[1];
  }
}

/**
 * Nest transport strategy over the event bus: services declare consumers with @EventPattern
 * and the bus calls them. Errors propagate to the consumer, which retries and dead-letters.
 */
export class BusTransport extends Server implements CustomTransportStrategy {
  override readonly propagatesEventHandlerErrors = true;

  constructor(private readonly bus: EventBus) {
    super();
  }

  async listen(callback: () => void): Promise<void> {
    const handlers = new Map<string, EventHandler>();
    for (const [pattern, handler] of this.messageHandlers) {
      if (!handler.isEventHandler) continue;
      handlers.set(pattern, async (event, manager) => {
        const result = await handler(event.payload, new BusContext([event, manager]));
        await lastValueFrom(this.transformToObservable(result), { defaultValue: undefined });
      });
    }
    await this.bus.startConsumer(handlers);
    callback();
  }

  async close(): Promise<void> {
    await this.bus.close();
  }

  on(): void {
    // The bus has no client-library events to expose.
  }

  unwrap<T>(): T {
    return this.bus as T;
  }
}

/**
 * Declares a consumer: `@OnEvent(EventTypes.IdentityCustomerCreated)`. The payload parameter is
 * checked against the contracts' payload type(s). Several types may be given in one call or by
 * stacking decorators: Nest's own @EventPattern replaces earlier patterns, so this one merges them.
 */
export function OnEvent<T extends EventType[]>(...types: T) {
  return (
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<(payload: EventPayloads[T[number]], ctx: BusContext) => Promise<void>>,
  ) => {
    const previous: string[] = Reflect.getMetadata(PATTERN_METADATA, descriptor.value!) ?? [];
    EventPattern<string[]>([...new Set([...previous, ...types])])(target, key, descriptor);
  };
}
