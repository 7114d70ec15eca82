import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pino } from 'pino';
import type { EventEnvelope } from '@windward/contracts';
import { KafkaBus } from './kafka-bus.js';

/**
 * The adapter's own mapping, checked against a mocked client (fast, no broker); the same adapter
 * runs the whole bus contract against a real Apache Kafka broker in bus.contract.test.ts.
 */
test('KafkaBus with a mocked Kafka broker: one topic per type, keyed by aggregate, envelopes decoded for the consumer', async () => {
  const sent: { topic: string; messages: { key: string; value: string; headers: Record<string, string> }[] }[] = [];
  const created: { topic: string; numPartitions: number }[] = [];
  let eachMessage: ((p: { message: { value: Buffer | null } }) => Promise<void>) | null = null;
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
      connect: async () => {},
      disconnect: async () => {},
      subscribe: async (s: unknown) => void subscribed.push({ ...(s as object), groupId: o.groupId }),
      run: async (r: { eachMessage: typeof eachMessage }) => void (eachMessage = r.eachMessage),
    }),
    admin: () => ({
      connect: async () => {},
      disconnect: async () => {},
      listTopics: async () => ['a.b.updated'],
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
  await bus.publish([ev('a.b.created', 'k1', 1), ev('a.b.updated', 'k1', 2), ev('a.b.created', 'k2', 3)]);
  assert.deepEqual(
    sent.map((t) => [t.topic, t.messages.map((m) => m.key)]),
    [
      ['a.b.created', ['k1', 'k2']],
      ['a.b.updated', ['k1']],
    ],
  );
  assert.equal(sent[0]!.messages[0]!.headers['event-id'], ev('x', 'k1', 1).id);
  // Topics are created before the first send, only the missing ones, and only once.
  assert.deepEqual(created, [{ topic: 'a.b.created', numPartitions: 6, configEntries: [{ name: 'retention.ms', value: '2592000000' }] }]);
  await bus.publish([ev('a.b.created', 'k1', 4)]);
  assert.equal(created.length, 1);

  const delivered: EventEnvelope[] = [];
  await bus.consume('asset', ['a.b.created'], async (e) => void delivered.push(e));
  assert.deepEqual(subscribed, [{ topics: ['a.b.created'], fromBeginning: true, groupId: 'asset' }]);
  await eachMessage!({ message: { value: Buffer.from(sent[0]!.messages[1]!.value) } });
  await eachMessage!({ message: { value: null } });
  assert.deepEqual(delivered, [ev('a.b.created', 'k2', 3)]);
  await bus.close();
});
