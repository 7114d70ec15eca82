import kafkajs from 'kafkajs';
import type { EventEnvelope } from '@windward/contracts';
import { kafkaTopicOf } from '../events/kafka-bus.js';

/**
 * Every event of `type` on the broker, from the beginning of its topic up to the topic's end when
 * called (a throw-away consumer group). For tests and benchmarks that check what was really sent.
 */
export async function readKafkaEvents(brokers: string[], type: string): Promise<EventEnvelope[]> {
  const topic = kafkaTopicOf(type);
  const kafka = new kafkajs.Kafka({ clientId: 'windward-reader', brokers, logLevel: kafkajs.logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  const ends = await admin.fetchTopicOffsets(topic).finally(() => admin.disconnect());
  const remaining = new Map(ends.filter((o) => Number(o.high) > Number(o.low)).map((o) => [o.partition, Number(o.high)]));
  const out: EventEnvelope[] = [];
  if (!remaining.size) return out;
  const consumer = kafka.consumer({ groupId: `windward-reader-${Date.now()}-${Math.random().toString(36).slice(2)}`, maxWaitTimeInMs: 100 });
  await consumer.connect();
  try {
    await consumer.subscribe({ topic, fromBeginning: true });
    await new Promise<void>((resolve) => {
      void consumer.run({
        eachMessage: async ({ partition, message }) => {
          const e = JSON.parse(message.value!.toString('utf8')) as EventEnvelope;
          if (e.type === type) out.push(e);
          if (Number(message.offset) + 1 >= (remaining.get(partition) ?? 0)) remaining.delete(partition);
          if (!remaining.size) resolve();
        },
      });
    });
  } finally {
    await consumer.disconnect();
  }
  return out;
}
