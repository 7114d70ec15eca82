import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { EventConsumer, EventPublisher, KafkaBus, OutboxRelay, PostgresBus, openDatabase, type BusAdapter } from '@windward/service-kit';
import type { TestDatabase } from '@windward/service-kit/testing';
import { percentile } from './stats.js';

/** The bus a run measures: PostgreSQL's log, or Kafka at `brokers`. */
export type BenchBus = { kind: 'postgres' } | { kind: 'kafka'; brokers: string };

async function busFor(bus: BenchBus, db: TestDatabase, clientId: string): Promise<BusAdapter> {
  const log = pino({ level: 'silent' });
  if (bus.kind === 'kafka') return new KafkaBus({ brokers: [bus.brokers], clientId }, log);
  await PostgresBus.ensureTables(db.url);
  return new PostgresBus(db.url, log);
}

/**
 * Event latency from outbox commit to the consumer's handler, on either adapter: `count` events
 * from `producers` concurrent writers, each timed from its commit returning to the handler
 * running in the consuming service's transaction.
 */
export async function measureEventLatency(db: TestDatabase, count = 2000, producers = 8, ratePerSecond = 0, bus: BenchBus = { kind: 'postgres' }) {
  const log = pino({ level: 'silent' });
  const type = `bench.${bus.kind}${Date.now()}.run${ratePerSecond}.happened`;
  const producer = await openDatabase({ url: db.url, schema: 'bench_producer', entities: [], migrations: [] });
  const consumerDs = await openDatabase({ url: db.url, schema: 'bench_consumer', entities: [], migrations: [] });
  const relayBus = await busFor(bus, db, 'bench-relay');
  const consumerBus = await busFor(bus, db, 'bench-consumer');
  const relay = new OutboxRelay(producer, db.url, 'bench_producer', relayBus, log);
  await relay.start();
  const committedAt = new Map<number, number>();
  const latencies: number[] = [];
  let resolveDone!: () => void;
  const done = new Promise<void>((r) => (resolveDone = r));
  const consumer = new EventConsumer(
    consumerDs,
    new Map([
      [
        type,
        async (e) => {
          const n = (e.payload as { n: number }).n;
          // The commit time is recorded right after commit returns; a handler can in rare cases run first.
          const t0 = committedAt.get(n);
          latencies.push(performance.now() - (t0 ?? performance.now()));
          if (latencies.length === count) resolveDone();
        },
      ],
    ]),
    { schema: 'bench_consumer', maxAttempts: 3, retryBaseMs: 10 },
    log,
  );
  await consumerBus.consume(`bench-${bus.kind}-${ratePerSecond}-${Date.now()}`, consumer.topics, consumer.deliver);
  const publisher = new EventPublisher('inspection', 'bench_producer');
  const started = performance.now();
  let next = 0;
  // Paced runs measure latency at a steady load; rate 0 is a burst (throughput, queueing included).
  const interval = ratePerSecond > 0 ? 1000 / ratePerSecond : 0;
  await Promise.all(
    Array.from({ length: producers }, async () => {
      while (next < count) {
        const n = next++;
        if (interval) {
          const due = started + n * interval;
          const wait = due - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        }
        await producer.transaction((m) => publisher.publish(m, type as never, `k${n % 50}`, { n } as never));
        committedAt.set(n, performance.now());
      }
    }),
  );
  await done;
  const elapsed = (performance.now() - started) / 1000;
  await relay.stop();
  await relayBus.close();
  await consumerBus.close();
  await producer.destroy();
  await consumerDs.destroy();
  return {
    bus: bus.kind === 'kafka' ? 'Kafka' : 'PostgreSQL',
    load: ratePerSecond > 0 ? `paced ${ratePerSecond}/s` : `burst, ${producers} writers`,
    events: count,
    'p50 ms': percentile(latencies, 50),
    'p95 ms': percentile(latencies, 95),
    'p99 ms': percentile(latencies, 99),
    'events/s': count / elapsed,
  };
}
