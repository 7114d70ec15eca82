import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/kafka.mjs');

/** A running broker started by infra/scripts/kafka.mjs. */
export interface KafkaBroker {
  brokers: string;
  version: string;
  pid: number;
  /** Milliseconds from start to the first answer. */
  startMs: number;
  /** The broker process's resident memory, MiB. */
  rssMiB(): number | null;
  stop(): Promise<void>;
}

interface KafkaScript {
  kafkaVersion(): string;
  freePort(): Promise<number>;
  startKafka(o: { port?: number; controllerPort?: number; dataDir?: string; log?: (line: string) => void }): Promise<KafkaBroker>;
}

/** infra/scripts/kafka.mjs is plain Node (it runs before any build); typed here once for the launcher, tests and benchmarks. */
export async function kafkaScript(): Promise<KafkaScript> {
  return (await import(pathToFileURL(script).href)) as KafkaScript;
}

/** Starts Apache Kafka's broker (jars from Maven Central, cached per machine) with its log under `dataDir`. */
export async function startKafkaBroker(o: { dataDir: string; port?: number; controllerPort?: number; log?: (line: string) => void }): Promise<KafkaBroker> {
  const k = await kafkaScript();
  return k.startKafka(o);
}
