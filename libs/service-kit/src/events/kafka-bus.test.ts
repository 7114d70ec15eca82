import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pino } from 'pino';
import type { EventEnvelope } from '@windward/contracts';
import { KafkaBus } from './kafka-bus.js';

/**
 * The adapter's own mapping, checked against a mocked client (fast, no broker); the same adapter
 * runs the whole bus contract against a real Apache Kafka broker in bus.contract.test.ts.
 */
test('KafkaBus with a mocked Kafka broker: one topic per producing service, keyed by aggregate, type in a header, other types skipped by the consumer', async () => {
  const sent: { topic: string; messages: { key: string; value: string; headers: Record<string, string> }[] }[] = [];
  const created: { topic: string; numPartitions: number }[] = [];
  let eachMessage: ((p: { message: { value: Buffer | null; headers?: Record<string, Buffer> } }) => Promise<void>) | null = null;
  const subscribed: unknown[] = [];
  const fake = {
    producer: () => ({
      connect: async () => {},
      disconnect: async () => {},
      sendBatch: async (b: { acks: number; topicMessages: typeof sent }) => {
        assert.equal(b.acks, -1, 'waits for all in-sync replicas');
        sent.push(...b.topicMessages);
      },
    }),
    consumer: (o: { groupId: string }) => ({
      events: { CRASH: 'consumer.crash' },
      on: () => () => {},
      connect: async () => {},
      disconnect: async () => {},
      subscribe: async (s: unknown) => void subscribed.push({ ...(s as object), groupId: o.groupId }),
      run: async (r: { eachMessage: typeof eachMessage }) => void (eachMessage = r.eachMessage),
    }),
    admin: () => ({
      connect: async () => {},
      disconnect: async () => {},
      listTopics: async () => ['windward.x'],
      createTopics: async (c: { topics: { topic: string; numPartitions: number }[] }) => void created.push(...c.topics),
      // The existing topic already has our retention (30 days), so nothing is altered.
      describeConfigs: async (c: { resources: { name: string }[] }) => ({
        resources: c.resources.map((r) => ({ resourceName: r.name, configEntries: [{ configName: 'retention.ms', configValue: '2592000000' }] })),
      }),
      alterConfigs: async () => assert.fail('retention already matches'),
    }),
  };
  const bus = new KafkaBus({ brokers: [], clientId: 't', kafka: fake as never }, pino({ level: 'silent' }));
  const ev = (type: string, key: string, n: number): EventEnvelope => ({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    type,
    version: 1,
    occurredAt: '2026-11-21T00:00:00.000Z',
    key,
    actor: { service: 'identity' },
    payload: { n },
  });
  await bus.publish([ev('a.b.created', 'k1', 1), ev('a.b.updated', 'k1', 2), ev('a.c.created', 'k2', 3), ev('x.y.done', 'k3', 4)]);
  // One topic per producer ("a", "x"): an aggregate's events of every type stay in commit order.
  assert.deepEqual(
    sent.map((t) => [t.topic, t.messages.map((m) => [m.key, m.headers['event-type']])]),
    [
      [
        'windward.a',
        [
          ['k1', 'a.b.created'],
          ['k1', 'a.b.updated'],
          ['k2', 'a.c.created'],
        ],
      ],
      ['windward.x', [['k3', 'x.y.done']]],
    ],
  );
  assert.equal(sent[0]!.messages[0]!.headers['event-id'], ev('x', 'k1', 1).id);
  // Topics are created before the first send, only the missing ones, and only once.
  assert.deepEqual(created, [{ topic: 'windward.a', numPartitions: 6, configEntries: [{ name: 'retention.ms', value: '2592000000' }] }]);
  await bus.publish([ev('a.b.created', 'k1', 4)]);
  assert.equal(created.length, 1);

  const delivered: EventEnvelope[] = [];
  await bus.consume('asset', ['a.b.created'], async (e) => void delivered.push(e));
  assert.deepEqual(subscribed, [{ topics: ['windward.a'], fromBeginning: true, groupId: 'asset' }]);
  const msg = (i: number) => ({ value: Buffer.from(sent[0]!.messages[i]!.value), headers: { 'event-type': Buffer.from(sent[0]!.messages[i]!.headers['event-type']!) } });
  await eachMessage!({ message: msg(0) });
  await eachMessage!({ message: msg(1) }); // a.b.updated: no handler in this group
  await eachMessage!({ message: { value: Buffer.from(sent[0]!.messages[2]!.value) } }); // no header: the body's type decides
  await eachMessage!({ message: { value: null } });
  assert.deepEqual(delivered, [ev('a.b.created', 'k1', 1)]);
  await bus.close();
});
