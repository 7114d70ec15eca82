import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { pino } from 'pino';
import type { EventEnvelope } from '@windward/contracts';
import { openDatabase } from '../database/database.js';
import { createTestDatabase, eventually, readKafkaEvents, type TestDatabase } from '../testing/index.js';
import type { BusAdapter } from './bus-adapter.js';
import { EventConsumer, type EventHandler } from './event-consumer.js';
import { EventPublisher } from './event-publisher.js';
import { OutboxRelay } from './outbox-relay.js';
import { PostgresBus } from './postgres-bus.js';
import { KafkaBus } from './kafka-bus.js';

const log = pino({ level: 'silent' });

/** infra/scripts/kafka.mjs: plain Node ESM at the repository root (typed here by hand). */
interface KafkaScript {
  kafkaVersion(): string;
  freePort(): Promise<number>;
  startKafka(o: { port: number; controllerPort: number; dataDir: string; log?: (line: string) => void }): Promise<{
    brokers: string;
    version: string;
    startMs: number;
    rssMiB(): number | null;
    stop(): Promise<void>;
  }>;
}
const kafkaScript = (await import(new URL('../../../../infra/scripts/kafka.mjs', import.meta.url).href)) as KafkaScript;

/** The brokers of the Kafka half (set once its broker runs). */
let brokers: string[] = [];
const kafkaBrokers = () => brokers;

/**
 * The bus contract: the same behaviour from every adapter. Runs against PostgreSQL and against
 * a real Apache Kafka broker that this file starts itself (infra/scripts/kafka.mjs, on free ports
 * with a temporary data dir), or against the brokers in KAFKA_BROKERS when that is set.
 * `bus` names the bus in every test name; `broker` starts and stops what the bus needs.
 */
function contract(
  bus: string,
  makeAdapter: (url: string) => Promise<BusAdapter>,
  broker?: { start(): Promise<void>; stop(): Promise<void> },
) {
  describe(`event bus contract on ${bus}`, () => {
    let db: TestDatabase;
    let producerDs: DataSource;
    let consumerDs: DataSource;
    let publisher: EventPublisher;
    let relay: OutboxRelay;
    let producerBus: BusAdapter;
    const run = randomUUID().slice(0, 8);
    const type = (t: string) => `test.${run}.${t}`;

    if (broker) before(() => broker.start());

    before(async () => {
      db = await createTestDatabase();
      producerDs = await openDatabase({ url: db.url, schema: 'producer_svc', entities: [], migrations: [] });
      consumerDs = await openDatabase({ url: db.url, schema: 'consumer_svc', entities: [], migrations: [] });
      await producerDs.query('CREATE TABLE producer_svc.thing (id uuid PRIMARY KEY, name text NOT NULL)');
      await consumerDs.query('CREATE TABLE consumer_svc.seen (event_id uuid, key text, n int, at timestamptz DEFAULT clock_timestamp())');
      producerBus = await makeAdapter(db.url);
      publisher = new EventPublisher('identity', 'producer_svc');
      relay = new OutboxRelay(producerDs, db.url, 'producer_svc', producerBus, log, 200);
      await relay.start();
    });

    after(async () => {
      // Consumers a failed test left running (closing twice is harmless).
      await Promise.allSettled(opened.map((a) => a.close()));
      await relay.stop();
      await producerBus.close();
      await producerDs.destroy();
      await consumerDs.destroy();
      await db.drop();
    });

    if (broker) after(() => broker.stop());

    /** A consumer "service" with its own adapter instance, as a separate process would have. */
    const opened: BusAdapter[] = [];
    async function startConsumer(group: string, handlers: Record<string, EventHandler>, maxAttempts = 3) {
      const adapter = await makeAdapter(db.url);
      opened.push(adapter);
      const consumer = new EventConsumer(
        consumerDs,
        new Map(Object.entries(handlers)),
        { schema: 'consumer_svc', maxAttempts, retryBaseMs: 10 },
        log,
      );
      await adapter.consume(group, consumer.topics, consumer.deliver);
      return { adapter, consumer };
    }

    const record: EventHandler = async (e, m) => {
      await m.query('INSERT INTO consumer_svc.seen (event_id, key, n) VALUES ($1, $2, $3)', [e.id, e.key, (e.payload as { n: number }).n]);
    };
    const seen = async (key?: string) =>
      (await consumerDs.query(
        `SELECT event_id, key, n FROM consumer_svc.seen ${key ? 'WHERE key = $1' : ''} ORDER BY at`,
        key ? [key] : [],
      )) as {
        event_id: string;
        key: string;
        n: number;
      }[];

    test(`${bus}: an event committed with its domain change is delivered after the consumer was down and restarted`, async () => {
      const key = randomUUID();
      // The consumer is "down": nothing consumes while the producer commits.
      for (let n = 1; n <= 3; n++) {
        await producerDs.transaction(async (m) => {
          await m.query('INSERT INTO producer_svc.thing (id, name) VALUES ($1, $2)', [randomUUID(), `thing ${n}`]);
          await publisher.publish(m, type('created') as never, key, { n } as never);
        });
      }
      await eventually(async () => (await producerDs.query('SELECT count(*)::int AS c FROM producer_svc.outbox'))[0].c === 0, 10000);
      const { adapter } = await startConsumer(`g-restart-${run}`, { [type('created')]: record });
      const rows = await eventually(async () => {
        const r = await seen(key);
        return r.length === 3 ? r : null;
      });
      assert.deepEqual(
        rows.map((r) => r.n),
        [1, 2, 3],
      );
      await adapter.close();
    });

    test(`${bus}: a rolled-back transaction publishes nothing`, async () => {
      const key = randomUUID();
      const { adapter } = await startConsumer(`g-rollback-${run}`, { [type('rolled')]: record });
      await assert.rejects(
        producerDs.transaction(async (m) => {
          await m.query('INSERT INTO producer_svc.thing (id, name) VALUES ($1, $2)', [randomUUID(), 'never']);
          await publisher.publish(m, type('rolled') as never, key, { n: 1 } as never);
          throw new Error('domain rule refused the change');
        }),
        /domain rule refused/,
      );
      await producerDs.transaction((m) => publisher.publish(m, type('rolled') as never, key, { n: 2 } as never));
      await eventually(async () => (await seen(key)).length === 1);
      // Give a stray first event every chance to arrive before asserting it never does.
      await new Promise((r) => setTimeout(r, 500));
      assert.deepEqual(
        (await seen(key)).map((r) => r.n),
        [2],
      );
      const [{ c }] = await producerDs.query(`SELECT count(*)::int AS c FROM producer_svc.thing WHERE name = 'never'`);
      assert.equal(c, 0);
      await adapter.close();
    });

    test(`${bus}: a duplicate delivery is applied once`, async () => {
      const key = randomUUID();
      const { adapter } = await startConsumer(`g-dup-${run}`, { [type('dup')]: record });
      const envelope: EventEnvelope = {
        id: randomUUID(),
        type: type('dup'),
        version: 1,
        occurredAt: new Date().toISOString(),
        key,
        actor: { service: 'identity' },
        payload: { n: 7 },
      };
      // The same event reaches the bus twice (a relay crash between send and delete does this).
      for (let i = 0; i < 2; i++) {
        const qr = producerDs.createQueryRunner();
        await qr.startTransaction();
        await producerBus.publish([envelope], qr);
        await qr.commitTransaction();
        await qr.release();
      }
      // A later event of the same key marks the point where both copies were delivered: order is
      // per key only (Kafka: per partition), so a sentinel of another key proves nothing.
      await producerDs.transaction((m) => publisher.publish(m, type('dup') as never, key, { n: 8 } as never));
      const rows = await eventually(async () => {
        const r = await seen(key);
        return r.some((x) => x.n === 8) ? r : null;
      });
      assert.deepEqual(
        rows.map((r) => r.n),
        [7, 8],
      );
      await adapter.close();
    });

    test(`${bus}: a relay that crashes after sending and before deleting its outbox rows sends again, and the event is applied once`, async () => {
      const key = randomUUID();
      const { adapter } = await startConsumer(`g-crash-${run}`, { [type('crash')]: record });
      // The service's relay is replaced by one whose first send "crashes" right after the bus took
      // the batch: its transaction rolls back, the outbox row stays, and the next pass sends it again.
      await relay.stop();
      let crashes = 0;
      const crashing: BusAdapter = {
        kind: producerBus.kind,
        publish: async (events, tx) => {
          await producerBus.publish(events, tx);
          if (crashes++ === 0) throw new Error('relay crashed between send and delete');
        },
        consume: () => Promise.reject(new Error('not a consumer')),
        close: async () => {},
      };
      const crashingRelay = new OutboxRelay(producerDs, db.url, 'producer_svc', crashing, log, 50);
      await crashingRelay.start();
      try {
        await producerDs.transaction((m) => publisher.publish(m, type('crash') as never, key, { n: 1 } as never));
        await eventually(async () => (await producerDs.query('SELECT count(*)::int AS c FROM producer_svc.outbox'))[0].c === 0);
        assert.equal(crashes, 2, 'one crashed pass, one that completed');
        // A later event of the key: once it is applied, every copy before it was delivered.
        await producerDs.transaction((m) => publisher.publish(m, type('crash') as never, key, { n: 2 } as never));
        const rows = await eventually(async () => {
          const r = await seen(key);
          return r.some((x) => x.n === 2) ? r : null;
        });
        assert.deepEqual(
          rows.map((r) => r.n),
          [1, 2],
        );
        if (producerBus instanceof KafkaBus) {
          // Kafka really holds the first event twice (PostgreSQL appended it inside the rolled-back transaction: once).
          assert.deepEqual(
            (await readKafkaEvents(kafkaBrokers(), type('crash'))).map((e) => (e.payload as { n: number }).n),
            [1, 1, 2],
          );
        }
      } finally {
        await crashingRelay.stop();
        relay = new OutboxRelay(producerDs, db.url, 'producer_svc', producerBus, log, 200);
        await relay.start();
        await adapter.close();
      }
    });

    test(`${bus}: a consumer stopped in the middle of a stream resumes from its committed position: nothing lost, nothing applied twice`, async () => {
      const key = randomUUID();
      const group = `g-resume-${run}`;
      let handledByFirst = 0;
      const slow: EventHandler = async (e, m) => {
        handledByFirst++;
        await new Promise((r) => setTimeout(r, 20));
        await record(e, m);
      };
      const first = await startConsumer(group, { [type('stream')]: slow });
      await producerDs.transaction(async (m) => {
        for (let n = 0; n < 40; n++) await publisher.publish(m, type('stream') as never, key, { n } as never);
      });
      // Stopped while events are still arriving (the stream takes about 1 s at 20 ms each).
      await eventually(async () => (await seen(key)).length >= 10);
      await first.adapter.close();
      const stoppedAt = (await seen(key)).length;
      assert.ok(stoppedAt < 40, `the first consumer was stopped mid-stream (${stoppedAt} of 40)`);
      const second = await startConsumer(group, { [type('stream')]: record });
      const rows = await eventually(async () => {
        const r = await seen(key);
        return r.length >= 40 ? r : null;
      });
      // Whatever the second consumer got again (uncommitted offsets) was recognised by its id.
      await new Promise((r) => setTimeout(r, 300));
      const all = await seen(key);
      assert.equal(all.length, 40);
      assert.equal(new Set(all.map((r) => r.event_id)).size, 40);
      assert.deepEqual(
        rows.map((r) => r.n),
        [...Array(40).keys()],
      );
      assert.ok(handledByFirst >= stoppedAt);
      await second.adapter.close();
    });

    const held = async (key: string) =>
      ((await consumerDs.query(`SELECT count(*)::int AS c FROM consumer_svc.held_event WHERE key = $1`, [key])) as { c: number }[])[0]!.c;
    const deadOf = async (key: string, n: number) =>
      Number(
        (
          (await consumerDs.query(
            `SELECT id FROM consumer_svc.dead_letter WHERE key = $1 AND (envelope->'payload'->>'n')::int = $2 ORDER BY id DESC LIMIT 1`,
            [key, n],
          )) as { id: string }[]
        )[0]?.id,
      );

    test(`${bus}: a poison message lands in dead letters after N retries; later events of its record are held while other records flow; replay applies it, then them, in order`, async () => {
      const key = randomUUID();
      const other = randomUUID();
      let attempts = 0;
      let broken = true;
      const poison: EventHandler = async (e, m) => {
        if ((e.payload as { n: number }).n === 13 && broken) {
          attempts++;
          throw new Error('cannot handle 13');
        }
        await record(e, m);
      };
      const { adapter, consumer } = await startConsumer(`g-poison-${run}`, { [type('poison')]: poison }, 3);
      for (const n of [12, 13, 14, 15]) {
        await producerDs.transaction((m) => publisher.publish(m, type('poison') as never, key, { n } as never));
      }
      await producerDs.transaction((m) => publisher.publish(m, type('poison') as never, other, { n: 1 } as never));
      await eventually(async () => (await seen(other)).length === 1 && (await held(key)) === 2);
      // 14 and 15 wait: applied before 13 they would be overwritten by its replay
      assert.deepEqual(
        (await seen(key)).map((r) => r.n),
        [12],
      );
      assert.equal(attempts, 3);
      const [dead] = await consumerDs.query(`SELECT id, attempts, error, source, key FROM consumer_svc.dead_letter WHERE key = $1`, [key]);
      assert.equal(dead.attempts, 3);
      assert.match(dead.error, /cannot handle 13/);
      assert.equal(dead.source, 'identity');
      broken = false;
      assert.deepEqual(await consumer.replay(Number(dead.id)), { applied: true, released: 2 });
      assert.deepEqual(
        (await seen(key)).map((r) => r.n),
        [12, 13, 14, 15],
      );
      assert.equal(await held(key), 0);
      // the record is free again: its next event is applied at once
      await producerDs.transaction((m) => publisher.publish(m, type('poison') as never, key, { n: 16 } as never));
      await eventually(async () => (await seen(key)).length === 5);
      assert.deepEqual(await consumer.replay(Number(dead.id)), { applied: false, released: 0 });
      await adapter.close();
    });

    test(`${bus}: a dead letter set aside releases the held events in order; a held one that fails becomes the new dead letter and keeps the rest held; a set-aside event is never replayed`, async () => {
      const key = randomUUID();
      const failing = new Set([21, 23]);
      const picky: EventHandler = async (e, m) => {
        const n = (e.payload as { n: number }).n;
        if (failing.has(n)) throw new Error(`cannot handle ${n}`);
        await record(e, m);
      };
      const { adapter, consumer } = await startConsumer(`g-aside-${run}`, { [type('aside')]: picky }, 2);
      for (const n of [20, 21, 22, 23, 24]) {
        await producerDs.transaction((m) => publisher.publish(m, type('aside') as never, key, { n } as never));
      }
      await eventually(async () => (await held(key)) === 3);
      assert.deepEqual(
        (await seen(key)).map((r) => r.n),
        [20],
      );
      const dead21 = await deadOf(key, 21);
      // 22 is applied, 23 fails and becomes the record's dead letter, 24 stays held behind it
      assert.deepEqual(await consumer.setAside(dead21), { applied: false, released: 1 });
      assert.deepEqual(
        (await seen(key)).map((r) => r.n),
        [20, 22],
      );
      assert.equal(await held(key), 1);
      const dead23 = await deadOf(key, 23);
      assert.ok(dead23 > dead21);
      // replaying the set-aside 21 now would overwrite 22: refused, nothing changes
      failing.delete(21);
      await assert.rejects(consumer.replay(dead21), (e: { code?: string }) => e.code === 'DEAD_LETTER_SET_ASIDE');
      assert.deepEqual(
        (await seen(key)).map((r) => r.n),
        [20, 22],
      );
      failing.delete(23);
      assert.deepEqual(await consumer.replay(dead23), { applied: true, released: 1 });
      assert.deepEqual(
        (await seen(key)).map((r) => r.n),
        [20, 22, 23, 24],
      );
      await adapter.close();
    });

    if (bus.startsWith('Kafka')) {
      test(`${bus}: topics keep events exactly as long as consumers remember handled ids minus a day (retention.ms of RETENTION_DAYS)`, async () => {
        const kafka = producerBus as KafkaBus;
        const topic = type('retained');
        await kafka.ensureTopics([topic]);
        assert.equal(await kafka.topicRetentionMs(topic), 30 * 86_400_000);
        // A topic found with another retention (created by hand, or by an older version) is set back to ours.
        const other = new KafkaBus({ brokers: kafkaBrokers(), clientId: 'contract-retention', retentionDays: 7 }, log);
        await other.ensureTopics([topic]);
        assert.equal(await kafka.topicRetentionMs(topic), 7 * 86_400_000);
        await other.close();
      });
    }

    test(`${bus}: events of one key keep their commit order across event types (created before processed)`, async () => {
      const key = randomUUID();
      const order: string[] = [];
      const note: EventHandler = async (e, m) => {
        order.push(e.type);
        await record(e, m);
      };
      // Both types are committed while the consumer is down, so it finds them side by side.
      for (let n = 0; n < 5; n++) {
        await producerDs.transaction((m) => publisher.publish(m, type('agg.created') as never, key, { n } as never));
        await producerDs.transaction((m) => publisher.publish(m, type('agg.processed') as never, key, { n } as never));
      }
      await eventually(async () => (await producerDs.query('SELECT count(*)::int AS c FROM producer_svc.outbox'))[0].c === 0);
      const { adapter } = await startConsumer(`g-types-${run}`, { [type('agg.processed')]: note, [type('agg.created')]: note });
      await eventually(async () => order.length === 10);
      assert.deepEqual(
        order.map((t) => t.split('.').pop()),
        Array.from({ length: 10 }, (_, i) => (i % 2 ? 'processed' : 'created')),
      );
      await adapter.close();
    });

    test(`${bus}: events of one key arrive in the order they were committed`, async () => {
      const keys = [randomUUID(), randomUUID(), randomUUID()];
      const { adapter } = await startConsumer(`g-order-${run}`, { [type('ordered')]: record });
      // Concurrent producers: commits interleave across keys.
      await Promise.all(
        keys.map(async (key) => {
          for (let n = 0; n < 20; n++) {
            await producerDs.transaction((m) => publisher.publish(m, type('ordered') as never, key, { n } as never));
          }
        }),
      );
      for (const key of keys) {
        const rows = await eventually(async () => {
          const r = await seen(key);
          return r.length === 20 ? r : null;
        });
        assert.deepEqual(
          rows.map((r) => r.n),
          [...Array(20).keys()],
        );
      }
      await adapter.close();
    });
  });
}

contract('PostgreSQL bus', async (url) => {
  await PostgresBus.ensureTables(url);
  return new PostgresBus(url, log, 200);
});

{
  const external = process.env.KAFKA_BROKERS?.split(',').filter(Boolean);
  brokers = external ?? [];
  let stopBroker = async () => {};
  contract(
    external ? `Kafka bus (KAFKA_BROKERS=${external.join(',')})` : `Kafka bus (Apache Kafka ${kafkaScript.kafkaVersion()})`,
    async () => new KafkaBus({ brokers, clientId: 'contract-test' }, log),
    {
      async start() {
        if (external) return;
        const dataDir = mkdtempSync(path.join(tmpdir(), 'ww-kafka-'));
        const k = await kafkaScript.startKafka({
          port: await kafkaScript.freePort(),
          controllerPort: await kafkaScript.freePort(),
          dataDir,
          log: console.log,
        });
        console.log(`[kafka] Apache Kafka ${k.version} on ${k.brokers} ready in ${(k.startMs / 1000).toFixed(1)} s, RSS ${k.rssMiB()} MiB`);
        brokers = [k.brokers];
        stopBroker = async () => {
          console.log(`[kafka] RSS after the contract: ${k.rssMiB()} MiB`);
          await k.stop();
          rmSync(dataDir, { recursive: true, force: true });
        };
      },
      stop: () => stopBroker(),
    },
  );
}
