import { fork, spawn, type ChildProcess } from 'node:child_process';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_NAMES, SERVICES, serviceEnvPrefix, DEFAULT_GATEWAY_PORT, type ServiceName } from '@windward/contracts';
import { createGateway } from '../gateway/gateway.js';
import { startKafkaBroker, type KafkaBroker } from './kafka.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Node flags of every service process (infra/Dockerfile sets the same in NODE_OPTIONS). A young
 * generation of 32 MB per semi-space: a list request allocates its rows, views and JSON anew, and
 * with V8's default the scavenges promoted much of it; the service's CPU per list request fell by
 * up to a quarter (docs/performance.md, session 35).
 */
export const SERVICE_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=32'];

export interface PlatformOptions {
  /** Use this database; otherwise an embedded PostgreSQL under `dataDir/pg`. */
  databaseUrl?: string;
  dataDir?: string;
  embeddedPort?: number;
  gatewayPort?: number;
  /** Service ports are `portBase + index` when set (tests), else the defaults 3001..3008. */
  portBase?: number;
  seedDemo?: boolean;
  /** Extra environment for every service. */
  env?: Record<string, string>;
  services?: readonly ServiceName[];
  log?: (line: string) => void;
  /**
   * The event bus of every service: `postgres` (default: the embedded log in PostgreSQL) or
   * `kafka`. With `kafka` and no KAFKA_BROKERS, Apache Kafka's broker is started under
   * `dataDir/kafka` (port KAFKA_PORT, default 9092) and stopped with the platform. Default: BUS.
   */
  bus?: 'postgres' | 'kafka';
  /** Broker ports when the platform starts its own (tests pass free ports). */
  kafkaPorts?: { port: number; controllerPort: number };
}

export interface Platform {
  url: string;
  databaseUrl: string;
  bus: 'postgres' | 'kafka';
  /** The broker the platform started (bus kafka without KAFKA_BROKERS). */
  kafka: KafkaBroker | null;
  serviceUrls: Record<ServiceName, string>;
  stopService(name: ServiceName, signal?: NodeJS.Signals): Promise<void>;
  /** The process id of a running service (tests kill it from outside to see the launcher restart it). */
  servicePid(name: ServiceName): number | undefined;
  startService(name: ServiceName): Promise<void>;
  stop(): Promise<void>;
}

async function waitHealthy(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with code ${child.exitCode}`);
    try {
      const r = await fetch(`${url}/health`);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url}/health did not answer within ${timeoutMs} ms`);
}

/**
 * Starts the whole platform: PostgreSQL (given or embedded), every service as its own process
 * (each migrates its schema at start), and the gateway on one origin. Used by `npm start`,
 * the end-to-end tests and the benchmarks.
 */
export async function startPlatform(o: PlatformOptions = {}): Promise<Platform> {
  const log = o.log ?? ((l: string) => process.stdout.write(l + '\n'));
  const dataDir = path.resolve(REPO_ROOT, o.dataDir ?? '.data');
  let embedded: ChildProcess | null = null;
  let databaseUrl = o.databaseUrl;
  if (!databaseUrl) {
    const port = o.embeddedPort ?? Number(process.env.EMBEDDED_PG_PORT ?? 5433);
    log(`starting embedded PostgreSQL in ${path.relative(REPO_ROOT, dataDir)}/pg on port ${port}`);
    embedded = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), 'db-process.js'), [path.join(dataDir, 'pg'), String(port)], {
      detached: true,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    databaseUrl = await new Promise<string>((resolve, reject) => {
      embedded!.once('message', (m) => resolve((m as { url: string }).url));
      embedded!.once('exit', (code) => reject(new Error(`embedded PostgreSQL exited with code ${code}`)));
    });
  }
  const stopEmbedded = async () => {
    if (!embedded || embedded.exitCode !== null) return;
    const exited = new Promise<void>((r) => embedded!.once('exit', () => r()));
    embedded.send('stop');
    await exited;
  };
  const bus = o.bus ?? (process.env.BUS === 'kafka' ? 'kafka' : 'postgres');
  let kafka: KafkaBroker | null = null;
  let kafkaBrokers = o.env?.KAFKA_BROKERS ?? process.env.KAFKA_BROKERS;
  if (bus === 'kafka' && !kafkaBrokers) {
    log(`starting Apache Kafka in ${path.relative(REPO_ROOT, dataDir)}/kafka`);
    try {
      kafka = await startKafkaBroker({ dataDir: path.join(dataDir, 'kafka'), ...o.kafkaPorts, log });
    } catch (err) {
      await stopEmbedded();
      throw err;
    }
    log(`Apache Kafka ${kafka.version} ready on ${kafka.brokers} in ${(kafka.startMs / 1000).toFixed(1)} s`);
    kafkaBrokers = kafka.brokers;
  }
  const stopBus = async () => {
    await stopEmbedded();
    await kafka?.stop();
  };
  const names = o.services ?? SERVICE_NAMES;
  const serviceUrls = {} as Record<ServiceName, string>;
  const serviceEnv: Record<string, string> = {};
  SERVICE_NAMES.forEach((name, i) => {
    const port = o.portBase ? o.portBase + i : SERVICES[name].port;
    serviceUrls[name] = `http://127.0.0.1:${port}`;
    serviceEnv[`${serviceEnvPrefix(name)}_PORT`] = String(port);
    serviceEnv[`${serviceEnvPrefix(name)}_URL`] = serviceUrls[name];
  });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...serviceEnv,
    DATABASE_URL: databaseUrl,
    FILES_DIR: path.join(dataDir, 'files'),
    SEED_DEMO: o.seedDemo ? 'true' : 'false',
    ...o.env,
    BUS: bus,
    ...(kafkaBrokers ? { KAFKA_BROKERS: kafkaBrokers } : {}),
  };
  delete env.JWKS_URL; // services find identity through IDENTITY_URL

  const children = new Map<ServiceName, ChildProcess>();
  // Restarts of a service that died by itself, within the last minute (a crash loop gives up).
  const restarts = new Map<ServiceName, number[]>();
  let platformStopping = false;
  const startService = async (name: ServiceName) => {
    const main = path.join(REPO_ROOT, 'services', name, 'dist', 'main.js');
    // Own process group: Ctrl-C reaches the launcher only, which stops services before the database.
    // The IPC channel lets a service notice that the launcher is gone and stop itself.
    const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, main], {
      cwd: REPO_ROOT,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const prefix = `[${name}]`;
    const recent: string[] = []; // the last lines, to explain a failed start
    for (const stream of [child.stdout!, child.stderr!]) {
      let buf = '';
      stream.on('data', (d: Buffer) => {
        buf += d.toString('utf8');
        let i: number;
        while ((i = buf.indexOf('\n')) >= 0) {
          const line = buf.slice(0, i);
          log(`${prefix} ${line}`);
          recent.push(line);
          if (recent.length > 30) recent.shift();
          buf = buf.slice(i + 1);
        }
      });
    }
    children.set(name, child);
    // A service that dies by itself (not through stopService/stop) is started again and the
    // launcher says so: one crashed part must not leave the platform without it.
    child.once('exit', (code, signal) => {
      if (platformStopping || children.get(name) !== child) return;
      children.delete(name);
      const now = Date.now();
      const recentRestarts = (restarts.get(name) ?? []).filter((t) => now - t < 60_000);
      if (recentRestarts.length >= 5) {
        log(`[launcher] ${name} exited (${signal ?? `code ${code}`}) 5 times within a minute; not restarting it`);
        return;
      }
      restarts.set(name, [...recentRestarts, now]);
      log(`[launcher] ${name} exited (${signal ?? `code ${code}`}); restarting it`);
      setTimeout(() => {
        if (platformStopping) return;
        startService(name).then(
          () => log(`[launcher] ${name} restarted`),
          (err: Error) => log(`[launcher] ${name} could not be restarted: ${err.message}`),
        );
      }, 1_000);
    });
    try {
      await waitHealthy(serviceUrls[name], child);
    } catch (err) {
      await new Promise((r) => setTimeout(r, 100)); // let the last output arrive
      throw new Error(`${name} did not start: ${(err as Error).message}\n${recent.join('\n')}`);
    }
  };
  const stopService = async (name: ServiceName, signal: NodeJS.Signals = 'SIGTERM') => {
    const child = children.get(name);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    children.delete(name); // stopped on purpose: not restarted
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };

  let gateway: Server | null = null;
  try {
    await Promise.all(names.map(startService));
    const gatewayPort = o.gatewayPort ?? Number(process.env.GATEWAY_PORT ?? DEFAULT_GATEWAY_PORT);
    gateway = createGateway({ port: gatewayPort, webDir: path.join(REPO_ROOT, 'web', 'dist'), upstreams: serviceUrls, onProxyError: log });
    await new Promise<void>((resolve, reject) => {
      gateway!.once('error', reject);
      gateway!.listen(gatewayPort, process.env.GATEWAY_HOST ?? '127.0.0.1', () => resolve());
    });
    const address = gateway.address() as { port: number };
    const url = `http://localhost:${address.port}`;
    const stop = async () => {
      platformStopping = true;
      await new Promise<void>((r) => (gateway ? gateway.close(() => r()) : r()));
      gateway?.closeAllConnections();
      await Promise.all([...children.keys()].map((n) => stopService(n)));
      await stopBus();
    };
    const servicePid = (name: ServiceName) => children.get(name)?.pid;
    return { url, databaseUrl, bus, kafka, serviceUrls, stopService, startService, servicePid, stop };
  } catch (err) {
    platformStopping = true;
    await Promise.all([...children.keys()].map((n) => stopService(n)));
    gateway?.close();
    await stopBus();
    throw err;
  }
}
