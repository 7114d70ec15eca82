import { createRequire } from 'node:module';
import type * as KafkaJs from 'kafkajs';
import type { Consumer, Producer, Kafka as KafkaClient, logCreator } from 'kafkajs';
import { MS_PER_DAY } from '../jobs/housekeeping.js';
import type { Logger } from 'pino';
import { ALL_EVENT_TYPES, type EventEnvelope } from '@windward/contracts';
import type { BusAdapter, Deliver } from './bus-adapter.js';

// kafkajs (140 modules) loads only when a service runs on Kafka: `npm start` and most tests use
// the PostgreSQL bus, and every service process paid for loading it.
let loaded: typeof KafkaJs | null = null;
const kafkajs = (): typeof KafkaJs => (loaded ??= createRequire(import.meta.url)('kafkajs') as typeof KafkaJs);

/** kafkajs logs through the service's logger (structured, silenced in tests) instead of its own stdout JSON. */
function pinoLogCreator(log: Logger): logCreator {
  return () =>
    ({ namespace, level, log: { message, ...extra } }) => {
      const fields = { kafkajs: namespace, ...extra };
      if (level === kafkajs().logLevel.ERROR) log.error(fields, message);
      else if (level === kafkajs().logLevel.WARN) log.warn(fields, message);
      else if (level === kafkajs().logLevel.INFO) log.info(fields, message);
      else log.debug(fields, message);
    };
}

/**
 * The topic of an event type: one per producing service (`inspection.images.processed` →
 * `windward.inspection`), so every event of one aggregate — whatever its type — lands on one
 * partition (key = aggregate id) in commit order. A topic per type lost that order between types:
 * after a restart task-flow read `inspection.images.processed` before `inspection.inspection.created`
 * of the same inspection and dropped it (found by the kill benchmark).
 */
export function kafkaTopicOf(type: string): string {
  return `windward.${type.split('.')[0]}`;
}

export interface KafkaBusOptions {
  brokers: string[];
  clientId: string;
  /** Partitions per topic; the key (aggregate id) picks the partition, which keeps per-key order. */
  partitions?: number;
  /**
   * How long a topic keeps its events (`retention.ms`), in days. Consumers remember handled event
   * ids one day longer (kit housekeeping), so an event still on the topic (a group reset, a
   * relay resend) is always recognised as a duplicate. Default 30 (RETENTION_DAYS).
   */
  retentionDays?: number;
  /** Injected client, used by the tests that run without a broker. */
  kafka?: Pick<KafkaClient, 'producer' | 'consumer' | 'admin'>;
}

/**
 * Scale-out adapter: one topic per producing service (kafkaTopicOf), messages keyed by aggregate
 * id and carrying their type in a header, one consumer group per service, which skips the types
 * it has no handler for. The relay sends and then deletes its outbox rows, so a crash in between
 * sends twice; consumers are idempotent on the event id.
 *
 * Topics are created up front (the brokers run with auto.create.topics.enable=false): those of the
 * whole catalogue at start (ensureTopics), and any other the first time this adapter publishes or
 * subscribes to one of its types, so a consumer may subscribe before anything was ever published. Their
 * retention is ours (`retentionDays`): a topic found with another one is set back to it.
 */
export class KafkaBus implements BusAdapter {
  readonly kind = 'kafka' as const;
  private readonly kafka: Pick<KafkaClient, 'producer' | 'consumer' | 'admin'>;
  private producer: Producer | null = null;
  private readonly consumers: Consumer[] = [];
  private closing = false;
  /** Topics known to exist (created or found by this adapter). */
  private readonly knownTopics = new Set<string>();

  constructor(
    private readonly opts: KafkaBusOptions,
    private readonly log: Logger,
  ) {
    this.kafka =
      opts.kafka ??
      new (kafkajs().Kafka)({
        clientId: opts.clientId,
        brokers: opts.brokers,
        logLevel: kafkajs().logLevel.WARN,
        logCreator: pinoLogCreator(log),
        // A broker that is still starting (coordinator loading) answers retriable errors for a
        // while: keep retrying for about a minute instead of kafkajs' 5 attempts.
        retry: { initialRetryTime: 300, maxRetryTime: 10_000, retries: 12 },
      });
  }

  /** `retention.ms` of every topic this adapter creates or finds. */
  get retentionMs(): number {
    return (this.opts.retentionDays ?? 30) * MS_PER_DAY;
  }

  /**
   * Creates the topics of these event types (the whole catalogue by default) that do not exist
   * yet, with our retention, and sets the retention of existing ones back to ours; idempotent.
   */
  async ensureTopics(types: readonly string[] = ALL_EVENT_TYPES): Promise<void> {
    const wanted = [...new Set(types.map(kafkaTopicOf))].filter((t) => !this.knownTopics.has(t));
    if (!wanted.length) return;
    const retention = String(this.retentionMs);
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      const existing = new Set(await admin.listTopics());
      const missing = wanted.filter((t) => !existing.has(t));
      if (missing.length) {
        // false (not an error) when another process created them meanwhile.
        await admin.createTopics({
          waitForLeaders: true,
          topics: missing.map((topic) => ({
            topic,
            numPartitions: this.opts.partitions ?? 6,
            configEntries: [{ name: 'retention.ms', value: retention }],
          })),
        });
        this.log.info({ topics: missing }, 'kafka topics created');
      }
      const found = wanted.filter((t) => existing.has(t));
      if (found.length) {
        const { resources } = await admin.describeConfigs({
          includeSynonyms: false,
          resources: found.map((name) => ({ type: kafkajs().ConfigResourceTypes.TOPIC, name, configNames: ['retention.ms'] })),
        });
        const other = resources.filter((r) => r.configEntries.find((c) => c.configName === 'retention.ms')?.configValue !== retention);
        if (other.length) {
          // Longer than the handled-event memory would let an old duplicate through; shorter loses history.
          await admin.alterConfigs({
            validateOnly: false,
            resources: other.map((r) => ({
              type: kafkajs().ConfigResourceTypes.TOPIC,
              name: r.resourceName,
              configEntries: [{ name: 'retention.ms', value: retention }],
            })),
          });
          this.log.warn({ topics: other.map((r) => r.resourceName), retentionMs: retention }, 'kafka topic retention set to ours');
        }
      }
      for (const t of wanted) this.knownTopics.add(t);
    } finally {
      await admin.disconnect();
    }
  }

  /** The `retention.ms` of an event type's topic as the broker reports it (tests, diagnostics). */
  async topicRetentionMs(type: string): Promise<number> {
    const topic = kafkaTopicOf(type);
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      const { resources } = await admin.describeConfigs({
        includeSynonyms: false,
        resources: [{ type: kafkajs().ConfigResourceTypes.TOPIC, name: topic, configNames: ['retention.ms'] }],
      });
      return Number(resources[0]?.configEntries.find((c) => c.configName === 'retention.ms')?.configValue);
    } finally {
      await admin.disconnect();
    }
  }

  private async getProducer(): Promise<Producer> {
    if (!this.producer) {
      // The default partitioner hashes the key with murmur2 like the Java client: one aggregate, one partition.
      this.producer = this.kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        allowAutoTopicCreation: false,
        createPartitioner: kafkajs().Partitioners.DefaultPartitioner,
      });
      await this.producer.connect();
    }
    return this.producer;
  }

  async publish(events: EventEnvelope[]): Promise<void> {
    if (!events.length) return;
    await this.ensureTopics([...new Set(events.map((e) => e.type))]);
    const producer = await this.getProducer();
    const byTopic = new Map<string, EventEnvelope[]>();
    for (const e of events) byTopic.set(kafkaTopicOf(e.type), [...(byTopic.get(kafkaTopicOf(e.type)) ?? []), e]);
    await producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, list]) => ({
        topic,
        messages: list.map((e) => ({ key: e.key, value: JSON.stringify(e), headers: { 'event-id': e.id, 'event-type': e.type } })),
      })),
    });
  }

  async consume(group: string, types: string[], deliver: Deliver): Promise<void> {
    if (!types.length) return;
    await this.ensureTopics(types);
    const handled = new Set(types);
    const topics = [...new Set(types.map(kafkaTopicOf))];
    // A fetch waits at most 100 ms for data (kafkajs: 5 s): disconnect waits for the fetch in flight,
    // so this bounds how long a service's shutdown (or a test's close) takes on an idle topic.
    // A member that died without leaving (SIGKILL, crash) holds its partitions until its session
    // times out: 10 s instead of kafkajs' 30 s, so a restarted service resumes within seconds.
    const consumer = this.kafka.consumer({
      groupId: group,
      allowAutoTopicCreation: false,
      maxWaitTimeInMs: 100,
      sessionTimeout: 10_000,
      heartbeatInterval: 1_000,
    });
    // kafkajs restarts a consumer after a retriable crash by itself; after any other it stays
    // down, which would leave the service running without its events. Start it again instead.
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (payload.restart || this.closing) return;
      this.log.error({ err: payload.error, group }, 'kafka consumer crashed; starting it again in 5 s');
      setTimeout(() => {
        if (this.closing) return;
        const i = this.consumers.indexOf(consumer); // -1 when it crashed before it ran
        if (i >= 0) this.consumers.splice(i, 1);
        void consumer
          .disconnect()
          .catch(() => undefined)
          .then(() => this.consume(group, types, deliver))
          .catch((err: unknown) => this.log.error({ err, group }, 'kafka consumer could not be started again'));
      }, 5_000);
    });
    await consumer.connect();
    await consumer.subscribe({ topics, fromBeginning: true });
    this.consumers.push(consumer);
    await consumer.run({
      // Offsets are committed once a second (or every 200 events), not after every fetch: at a
      // steady trickle each fetch holds one or two events and a commit per fetch halved the
      // group's rate. What was handled after the last commit comes again after a crash and is
      // skipped by its id (handled_event).
      autoCommitInterval: 1000,
      autoCommitThreshold: 200,
      // deliver() retries and dead-letters by itself, so the offset always moves on afterwards.
      eachMessage: async ({ message }) => {
        if (!message.value) return;
        // The producer's other event types share the topic: skipped without parsing the body.
        const type = message.headers?.['event-type']?.toString();
        if (type !== undefined && !handled.has(type)) return;
        const envelope = JSON.parse(message.value.toString('utf8')) as EventEnvelope;
        if (!handled.has(envelope.type)) return;
        await deliver(envelope);
      },
    });
    this.log.info({ group, topics, types }, 'kafka consumer running');
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.allSettled(this.consumers.map((c) => c.disconnect()));
    await this.producer?.disconnect().catch(() => undefined);
  }
}
