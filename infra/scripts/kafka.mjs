#!/usr/bin/env node
// `npm run kafka [start|jars] [--port N] [--data-dir DIR]`: a real single-node Apache Kafka broker
// (KRaft, broker and controller in one JVM) for development and tests. No Docker, no download
// other than Maven Central: the broker's jars come from infra/kafka/pom.xml through Maven, once per
// machine, into ${XDG_CACHE_HOME:-~/.cache}/windward/kafka-<version>/libs; later starts are offline.
//
//   start (default)  formats the data dir if needed, starts the broker on 127.0.0.1:PORT
//                    (9092, or KAFKA_PORT, or --port) and runs in the foreground until Ctrl-C
//   jars             only fills the jar cache and prints its folder
//
// Tests use the API: `const k = await startKafka({ port, dataDir }); … k.brokers …; await k.stop()`.
// See docs/events.md, "Running on Apache Kafka".
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pom = path.join(root, 'infra/kafka/pom.xml');
const host = '127.0.0.1';

/** The broker version: KAFKA_VERSION overrides the pom's kafka.version property. */
export function kafkaVersion() {
  if (process.env.KAFKA_VERSION) return process.env.KAFKA_VERSION;
  const m = /<kafka\.version>([^<]+)<\/kafka\.version>/.exec(readFileSync(pom, 'utf8'));
  if (!m) throw new Error(`no <kafka.version> property in ${pom}`);
  return m[1].trim();
}

/** The machine-level folder that holds one version's jars (shared by every clone on the machine). */
export function cacheDir(version = kafkaVersion()) {
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'windward', `kafka-${version}`);
}

function need(cmd, args, what) {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.error?.code === 'ENOENT') throw new Error(`\`${cmd}\` was not found on PATH: ${what}`);
  if (r.error) throw r.error;
  return `${r.stdout}${r.stderr}`;
}

/** Copies the broker's jars into the cache once (Maven, from Central); returns the libs folder. */
export function ensureJars({ version = kafkaVersion(), log = () => {} } = {}) {
  const libs = path.join(cacheDir(version), 'libs');
  const done = path.join(libs, '.complete');
  if (existsSync(done)) return libs;
  need('mvn', ['-v'], 'the Kafka broker jars come from Maven Central through Maven 3 (Debian: apt-get install maven)');
  const tmp = `${libs}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const t0 = Date.now();
  log(`[kafka] copying Apache Kafka ${version} jars from Maven Central into ${libs} (once per machine)`);
  const args = [
    '-q',
    '-B',
    '-f',
    pom,
    'dependency:copy-dependencies',
    `-DoutputDirectory=${tmp}`,
    '-DincludeScope=runtime',
    `-Dkafka.version=${version}`,
  ];
  const r = spawnSync('mvn', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0) {
    rmSync(tmp, { recursive: true, force: true });
    throw new Error(`mvn ${args.join(' ')} failed (exit ${r.status}):\n${r.stdout}${r.stderr}`);
  }
  writeFileSync(path.join(tmp, '.complete'), `${version}\n`);
  // Another process may have filled the cache meanwhile: keep the first complete copy.
  if (existsSync(done)) rmSync(tmp, { recursive: true, force: true });
  else {
    rmSync(libs, { recursive: true, force: true });
    renameSync(tmp, libs);
  }
  log(`[kafka] ${readdirSync(libs).length - 1} jars in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return libs;
}

/** Kafka 4 needs Java 17 (broker), Kafka 3 runs on 11. */
function checkJava(version) {
  const out = need(
    'java',
    ['-version'],
    'the Kafka broker needs a Java runtime, 17 or newer (Debian: apt-get install openjdk-17-jre-headless)',
  );
  const m = /version "(\d+)(?:\.(\d+))?/.exec(out);
  const major = m ? (m[1] === '1' ? Number(m[2]) : Number(m[1])) : 0;
  const min = Number(version.split('.')[0]) >= 4 ? 17 : 11;
  if (major && major < min) throw new Error(`Apache Kafka ${version} needs Java ${min} or newer; \`java -version\` says ${major}`);
}

/** Resolves when `port` can be bound on 127.0.0.1, rejects with a clear message when it is taken. */
function checkPortFree(port, what) {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', (err) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(
              `${host}:${port} (${what}) is already in use: another broker or program listens there; stop it or pick another port (--port N or KAFKA_PORT)`,
            )
          : err,
      ),
    );
    s.listen(port, host, () => s.close(() => resolve()));
  });
}

/**
 * A port that was free a moment ago (for tests that start their own broker), never one this
 * process handed out before. Below Linux's ephemeral range (32768+): the JVM binds its listeners
 * seconds after the port was checked, and under a loaded test run a client socket elsewhere took
 * a port that `listen(0)` had picked in that window, so the broker exited on "Address already in
 * use". 12000–19999 also stays clear of the e2e platforms' port bases (20000–32000).
 */
const handedOut = new Set();
export async function freePort() {
  const canBind = (port) => checkPortFree(port, 'test broker').then(() => true, () => false);
  const start = (process.pid * 37 + randomBytes(2).readUInt16BE(0)) % 8000;
  for (let i = 0; i < 8000; i++) {
    const port = 12000 + ((start + i * 13) % 8000);
    if (handedOut.has(port) || !(await canBind(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error('no free port between 12000 and 19999');
}

function writeConfig({ dataDir, port, controllerPort }) {
  const logDir = path.join(dataDir, 'log');
  const props = path.join(dataDir, 'server.properties');
  writeFileSync(
    props,
    [
      '# Written by infra/scripts/kafka.mjs on every start: a single-node KRaft broker on loopback only.',
      'process.roles=broker,controller',
      'node.id=1',
      `controller.quorum.voters=1@${host}:${controllerPort}`,
      `listeners=PLAINTEXT://${host}:${port},CONTROLLER://${host}:${controllerPort}`,
      `advertised.listeners=PLAINTEXT://${host}:${port}`,
      'inter.broker.listener.name=PLAINTEXT',
      'controller.listener.names=CONTROLLER',
      'listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
      `log.dirs=${logDir}`,
      // The bus creates its topics up front (6 partitions, keyed by aggregate id).
      'auto.create.topics.enable=false',
      'num.partitions=6',
      'default.replication.factor=1',
      // One node: internal topics with one replica, so consumer groups and transactions work.
      'offsets.topic.replication.factor=1',
      'offsets.topic.num.partitions=6',
      'transaction.state.log.replication.factor=1',
      'transaction.state.log.min.isr=1',
      'transaction.state.log.num.partitions=6',
      'share.coordinator.state.topic.replication.factor=1',
      'share.coordinator.state.topic.min.isr=1',
      // A new consumer group starts at once instead of waiting 3 s for more members.
      'group.initial.rebalance.delay.ms=0',
      'num.network.threads=2',
      'num.io.threads=4',
      'log.retention.hours=168',
      '',
    ].join('\n'),
  );
  const log4j = path.join(dataDir, 'log4j2.properties');
  writeFileSync(
    log4j,
    [
      '# Quiet: warnings and errors only, to the broker.log beside this file (kafka.mjs captures stdout).',
      'status = error',
      'appender.out.type = Console',
      'appender.out.name = out',
      'appender.out.layout.type = PatternLayout',
      'appender.out.layout.pattern = [%d] %p %m (%c)%n',
      'rootLogger.level = warn',
      'rootLogger.appenderRef.out.ref = out',
      // Started/stopped lines, so broker.log shows each run.
      'logger.server.name = kafka.server.KafkaRaftServer',
      'logger.server.level = info',
      '',
    ].join('\n'),
  );
  return { props, log4j, logDir };
}

function tail(file, lines = 40) {
  if (!existsSync(file)) return '';
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

/**
 * KAFKA_QUICK_JIT=1 (test-all.mjs sets it for `npm test`): the JVMs compile with C1 only. A
 * broker of a test lives for seconds to a minute, and C2's compiling is most of its start: 9.5
 * → 5.6 CPU-s and 5.2 → 3.9 s per start here (docs/ci.md, session 23). Brokers of `npm start`
 * and the bench keep the JVM's full tiered compilation.
 */
const jitOptions = () => (process.env.KAFKA_QUICK_JIT === '1' ? ['-XX:TieredStopAtLevel=1'] : []);

function runJava(libs, args, logFile, opts = {}) {
  const fd = openSync(logFile, 'a');
  try {
    return spawn('java', [...jitOptions(), '-cp', path.join(libs, '*'), ...args], { stdio: ['ignore', fd, fd], ...opts });
  } finally {
    closeSync(fd);
  }
}

/** Formats the log dir with Kafka's storage tool unless it already holds a formatted node. */
async function formatIfNeeded(libs, { props, log4j, logDir }, logFile, log) {
  if (existsSync(path.join(logDir, 'meta.properties'))) return;
  // A cluster id is 16 random bytes in URL-safe base64 (Kafka's own Uuid format; never a leading '-').
  let clusterId;
  do clusterId = randomBytes(16).toString('base64url');
  while (clusterId.startsWith('-'));
  log(`[kafka] formatting ${logDir} (cluster ${clusterId})`);
  const child = runJava(
    libs,
    [`-Dlog4j2.configurationFile=${log4j}`, 'kafka.tools.StorageTool', 'format', '-t', clusterId, '-c', props, '--ignore-formatted'],
    logFile,
  );
  const code = await new Promise((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`kafka-storage format failed (exit ${code}); ${logFile}:\n${tail(logFile)}`);
}

function rssMiB(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/**
 * Waits until a kafkajs admin client can list topics and the group coordinator answers (a fresh
 * broker creates `__consumer_offsets` on the first group request; until then consumers get "group
 * coordinator not available", and kafkajs gave up on a service's group after a few retries when
 * eight services asked at once). Rejects when the broker exits or on timeout.
 */
async function waitReady(brokers, child, timeoutMs, logFile) {
  const require = createRequire(path.join(root, 'infra/package.json'));
  const { Kafka, logLevel } = require('kafkajs');
  const kafka = new Kafka({
    clientId: 'kafka-mjs-probe',
    brokers: [brokers],
    logLevel: logLevel.NOTHING,
    connectionTimeout: 1000,
    retry: { retries: 0 },
  });
  const deadline = Date.now() + timeoutMs;
  let exited = child.exitCode ?? child.signalCode ?? null;
  child.once('exit', (code, signal) => (exited = signal ?? code));
  let lastError;
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`the Kafka broker exited (${exited}) before it answered; ${logFile}:\n${tail(logFile)}`);
    const admin = kafka.admin();
    try {
      await admin.connect();
      await admin.listTopics();
      // Throws until the coordinator (and its offsets topic) is up.
      const { groups } = await admin.describeGroups(['windward-ready-probe']);
      if (groups[0]?.errorCode === 0) return;
      lastError = new Error(`group coordinator error ${groups[0]?.errorCode}`);
    } catch (err) {
      lastError = err;
    } finally {
      await admin.disconnect().catch(() => {});
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `the Kafka broker did not answer on ${brokers} within ${timeoutMs / 1000} s (${lastError?.message}); ${logFile}:\n${tail(logFile)}`,
  );
}

/**
 * Starts a single-node broker and resolves once it answers.
 * @param {{ port?: number, controllerPort?: number, dataDir?: string, heap?: string, timeoutMs?: number, log?: (line: string) => void }} [opts]
 * @returns {Promise<{ brokers: string, version: string, pid: number, startMs: number, rssMiB: () => number | null, logFile: string, stop: () => Promise<void> }>}
 */
export async function startKafka(opts = {}) {
  const port = Number(opts.port ?? process.env.KAFKA_PORT ?? 9092);
  const controllerPort = Number(opts.controllerPort ?? process.env.KAFKA_CONTROLLER_PORT ?? port + 1);
  const dataDir = path.resolve(opts.dataDir ?? path.join(root, '.data/kafka'));
  const log = opts.log ?? (() => {});
  const version = kafkaVersion();
  const t0 = Date.now();
  checkJava(version);
  await checkPortFree(port, 'Kafka listener');
  await checkPortFree(controllerPort, 'Kafka controller listener');
  const libs = ensureJars({ version, log });
  mkdirSync(dataDir, { recursive: true });
  const files = writeConfig({ dataDir, port, controllerPort });
  const logFile = path.join(dataDir, 'broker.log');
  await formatIfNeeded(libs, files, logFile, log);

  const brokers = `${host}:${port}`;
  const jvm = [
    `-Xmx${opts.heap ?? '512m'}`,
    '-Xms128m',
    '-XX:+UseG1GC',
    '-XX:MaxGCPauseMillis=20',
    '-Djava.awt.headless=true',
    `-Dlog4j2.configurationFile=${files.log4j}`,
  ];
  const child = runJava(libs, [...jvm, 'kafka.Kafka', files.props], logFile);
  // Never leave a broker behind when this process ends without stop() (a crashed test run).
  const killOnExit = () => child.kill('SIGKILL');
  process.on('exit', killOnExit);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let stopping = null;
  const stop = (timeoutMs = 20000) =>
    (stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        await exited;
        clearTimeout(timer);
      }
      process.off('exit', killOnExit);
    })());
  try {
    await waitReady(brokers, child, opts.timeoutMs ?? 90000, logFile);
  } catch (err) {
    await stop(5000);
    throw err;
  }
  const startMs = Date.now() - t0;
  return { brokers, version, pid: child.pid, startMs, rssMiB: () => rssMiB(child.pid), logFile, dataDir, stop, exited };
}

function parseArgs(argv) {
  const out = { command: 'start' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--port') out.port = Number(argv[++i]);
    else if (a === '--controller-port') out.controllerPort = Number(argv[++i]);
    else if (a === '--data-dir') out.dataDir = argv[++i];
    else if (a === 'start' || a === 'jars') out.command = a;
    else throw new Error(`unknown argument ${a}; usage: npm run kafka -- [start|jars] [--port N] [--controller-port N] [--data-dir DIR]`);
  }
  return out;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const log = (l) => console.log(l);
  if (args.command === 'jars') {
    console.log(ensureJars({ log }));
    return;
  }
  const k = await startKafka({ ...args, log });
  console.log(
    `[kafka] Apache Kafka ${k.version} ready on ${k.brokers} in ${(k.startMs / 1000).toFixed(1)} s ` +
      `(pid ${k.pid}, RSS ${k.rssMiB()} MiB); data in ${path.relative(process.cwd(), k.dataDir) || '.'}, log in ${path.relative(process.cwd(), k.logFile)}. Ctrl-C stops it.`,
  );
  let signals = 0;
  const onSignal = async () => {
    if (signals++) return;
    console.log('[kafka] stopping');
    const t = Date.now();
    await k.stop();
    console.log(`[kafka] stopped in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    process.exit(0);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const code = await k.exited;
  if (!signals) {
    console.error(`[kafka] the broker exited by itself (${code}); ${k.logFile}:\n${tail(k.logFile)}`);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err) => {
    console.error(`[kafka] ${err.message}`);
    process.exit(1);
  });
}
