import kafkajs, { type Consumer, type Producer, type Kafka as KafkaClient } from 'kafkajs';
import type { Logger } from 'pino';
import { ALL_EVENT_TYPES, type EventEnvelope } from '@windward/contracts';
import type { BusAdapter, Deliver } from './bus-adapter.js';

const { Kafka, logLevel } = kafkajs;

export interface KafkaBusOptions {
  brokers: string[];
  clientId: string;
  /** Partitions per topic; the key (aggregate id) picks the partition, which keeps per-key order. */
  partitions?: number;
  /** Injected client, used by the tests that run without a broker. */
  kafka?: Pick<KafkaClient, 'producer' | 'consumer' | 'admin'>;
}

/**
 * Scale-out adapter: one topic per event type, messages keyed by aggregate id, one consumer
 * group per service. The relay sends and then deletes its outbox rows, so a crash in between
 * sends twice; consumers are idempotent on the event id.
 */
export class KafkaBus implements BusAdapter {
  readonly kind = 'kafka' as const;
  private readonly kafka: Pick<KafkaClient, 'producer' | 'consumer' | 'admin'>;
  private producer: Producer | null = null;
  private readonly consumers: Consumer[] = [];

  constructor(
    private readonly opts: KafkaBusOptions,
    private readonly log: Logger,
  ) {
    this.kafka = opts.kafka ?? new Kafka({ clientId: opts.clientId, brokers: opts.brokers, logLevel: logLevel.WARN });
  }

  /** Creates every topic of the catalogue (idempotent). */
  async ensureTopics(): Promise<void> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      await admin.createTopics({
        waitForLeaders: true,
        topics: ALL_EVENT_TYPES.map((topic) => ({ topic, numPartitions: this.opts.partitions ?? 6 })),
      });
    } finally {
      await admin.disconnect();
    }
  }

  private async getProducer(): Promise<Producer> {
    if (!this.producer) {
      this.producer = this.kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
      await this.producer.connect();
    }
    return this.producer;
  }

  async publish(events: EventEnvelope[]): Promise<void> {
    if (!events.length) return;
    const producer = await this.getProducer();
    const byTopic = new Map<string, EventEnvelope[]>();
    for (const e of events) byTopic.set(e.type, [...(byTopic.get(e.type) ?? []), e]);
    await producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, list]) => ({
        topic,
        messages: list.map((e) => ({ key: e.key, value: JSON.stringify(e), headers: { 'event-id': e.id } })),
      })),
    });
  }

  async consume(group: string, topics: string[], deliver: Deliver): Promise<void> {
    if (!topics.length) return;
    const consumer = this.kafka.consumer({ groupId: group });
    await consumer.connect();
    await consumer.subscribe({ topics, fromBeginning: true });
    this.consumers.push(consumer);
    await consumer.run({
      // deliver() retries and dead-letters by itself, so the offset always moves on afterwards.
      eachMessage: async ({ message }) => {
        if (!message.value) return;
        await deliver(JSON.parse(message.value.toString('utf8')) as EventEnvelope);
      },
    });
    this.log.info({ group, topics }, 'kafka consumer running');
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.consumers.map((c) => c.disconnect()));
    await this.producer?.disconnect().catch(() => undefined);
  }
}
