import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import type { ServiceConfig } from '../config/config.js';
import type { BusAdapter } from './bus-adapter.js';
import { EventConsumer, type DeadLetterOutcome, type EventHandler } from './event-consumer.js';
import { EventPublisher } from './event-publisher.js';
import { KafkaBus } from './kafka-bus.js';
import { OutboxRelay } from './outbox-relay.js';
import { PostgresBus } from './postgres-bus.js';

/** Picks the adapter from BUS (postgres by default, kafka with KAFKA_BROKERS). */
export async function createBusAdapter(cfg: ServiceConfig, log: Logger): Promise<BusAdapter> {
  if (cfg.bus === 'kafka') {
    if (!cfg.kafkaBrokers.length) throw new Error('BUS=kafka needs KAFKA_BROKERS');
    const bus = new KafkaBus({ brokers: cfg.kafkaBrokers, clientId: cfg.service, retentionDays: cfg.retentionDays }, log);
    await bus.ensureTopics();
    return bus;
  }
  await PostgresBus.ensureTables(cfg.databaseUrl);
  return new PostgresBus(cfg.databaseUrl, log);
}

/** A service's whole connection to the bus: publisher, relay and (once handlers are known) consumer. */
export class EventBus {
  readonly publisher: EventPublisher;
  readonly relay: OutboxRelay;
  private consumer: EventConsumer | null = null;

  constructor(
    private readonly cfg: ServiceConfig,
    private readonly ds: DataSource,
    readonly adapter: BusAdapter,
    private readonly log: Logger,
  ) {
    this.publisher = new EventPublisher(cfg.service, cfg.schema);
    this.relay = new OutboxRelay(ds, cfg.databaseUrl, cfg.schema, adapter, log);
  }

  /** Consumer group = service name: every instance of a service shares one position. */
  async startConsumer(handlers: Map<string, EventHandler>, group: string = this.cfg.service): Promise<EventConsumer> {
    this.consumer = new EventConsumer(
      this.ds,
      handlers,
      { schema: this.cfg.schema, maxAttempts: this.cfg.busMaxAttempts, retryBaseMs: this.cfg.busRetryBaseMs },
      this.log,
    );
    await this.adapter.consume(group, this.consumer.topics, this.consumer.deliver);
    return this.consumer;
  }

  async replayDeadLetter(id: number): Promise<DeadLetterOutcome> {
    if (!this.consumer) return { applied: false, released: 0 };
    return this.consumer.replay(id);
  }

  async setDeadLetterAside(id: number): Promise<DeadLetterOutcome> {
    if (!this.consumer) return { applied: false, released: 0 };
    return this.consumer.setAside(id);
  }

  async close(): Promise<void> {
    await this.relay.stop();
    await this.adapter.close();
  }
}
