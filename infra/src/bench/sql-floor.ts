import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fork } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SERVICE_NAMES, type ServiceName } from '@windward/contracts';
import { DB_POOL_SIZE } from '@windward/service-kit';
import { createGateway } from '../gateway/gateway.js';
import { REPO_ROOT } from '../launcher/platform.js';
import { inChild, load, type LoadResult } from './http-load.js';
import { cpuPerRequest } from './process-cpu.js';

/** One statement as the service sent it (libs/service-kit's SqlTraceLogger). */
export interface TracedStatement {
  sql: string;
  params: unknown[];
}

export interface FloorResult {
  requests: number;
  'req/s': number;
  'p50 ms': number;
  'p95 ms': number;
  'p99 ms': number;
}

/** What a list needs to be measured against its floor: the platform's gateway and database, and the service's trace switch. */
export interface FloorTarget {
  url: string;
  token: string;
  databaseUrl: string;
  /** The platform's SQL_TRACE_DIR. */
  traceDir: string;
  servicePid(service: string): number | undefined;
  /** The gateway's processes when the gateway is not this process (BENCH_GATEWAY=nginx). */
  gatewayPids?(): number[];
}

/**
 * The statements one GET sends to the database: the service records between two SIGUSR2s.
 * Asked three times and the shortest kept, so a background statement of the same service (an
 * event handled in the same moment) does not join the floor.
 */
export async function captureStatements(t: FloorTarget, service: string, schema: string, urlPath: string): Promise<TracedStatement[]> {
  const pid = t.servicePid(service);
  if (!pid) throw new Error(`${service} is not running`);
  const file = path.join(t.traceDir, `${schema}.jsonl`);
  let best: TracedStatement[] | null = null;
  for (let attempt = 0; attempt < 3; attempt++) {
    const from = existsSync(file) ? readFileSync(file).length : 0;
    process.kill(pid, 'SIGUSR2');
    await markerAfter(file, from, true);
    const res = await fetch(`${t.url}${urlPath}`, { headers: { authorization: `Bearer ${t.token}` } });
    if (!res.ok) throw new Error(`GET ${urlPath}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    process.kill(pid, 'SIGUSR2');
    const lines = await markerAfter(file, from, false);
    const statements = lines.filter((l) => 'sql' in l) as unknown as TracedStatement[];
    if (!best || statements.length < best.length) best = statements;
  }
  if (!best?.length) throw new Error(`GET ${urlPath} sent no SQL to ${schema}`);
  return best;
}

/** Waits for the trace file to hold the `recording` marker after `from`; returns the lines since it started. */
async function markerAfter(file: string, from: number, recording: boolean): Promise<Record<string, unknown>[]> {
  for (let i = 0; i < 200; i++) {
    if (existsSync(file)) {
      const lines = readFileSync(file)
        .subarray(from)
        .toString('utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const on = lines.findIndex((l) => l.recording === true);
      const off = lines.findIndex((l) => l.recording === false);
      if (recording ? on >= 0 : off > on && on >= 0) return lines.slice(on + 1, recording ? undefined : off);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${file}: the service never switched recording ${recording ? 'on' : 'off'}`);
}

/** Replays `statements` in a separate process over `connections` connections, one request's statements in order per loop. */
export function replayFloor(
  databaseUrl: string,
  statements: TracedStatement[],
  connections: number,
  seconds: number,
): Promise<FloorResult> {
  return inChild<FloorResult>('sql-floor-worker.js', {
    databaseUrl,
    statements: statements.map((s) => ({ sql: s.sql, params: s.params as string[] })),
    connections,
    seconds,
  });
}

/**
 * One row of a "product vs floor" table: the list through the gateway under load, then its own
 * SQL replayed with the same concurrency, and the p95 ratio issue #22 holds us to (goal ≤ 1.5).
 */
export async function listAgainstFloor(
  t: FloorTarget,
  o: { label: string; service: string; schema: string; path: string; connections: number; seconds: number },
): Promise<Record<string, string | number>> {
  const statements = await captureStatements(t, o.service, o.schema, o.path);
  // BENCH_SHOW_SQL=1 prints each list's statements (to EXPLAIN them by hand with BENCH_KEEP_DB=1).
  if (process.env.BENCH_SHOW_SQL === '1')
    console.log(`\n-- ${o.label}\n${statements.map((s) => `${s.sql}; -- ${JSON.stringify(s.params)}`).join('\n')}`);
  // BENCH_ROUNDS=n: the product and its floor alternate n times and the median round's figures
  // are kept (one run of each moves ±0.2 in ratio from run to run on this machine kind).
  const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
  const runs: { product: LoadResult; floor: FloorResult; cpuUsed: Record<string, number | string>; floorPg: number | string }[] = [];
  for (let round = 0; round < rounds; round++) {
    const profiled = round === 0 && profileStart(o.service, o.label);
    const cpu = cpuPerRequest(t.servicePid(o.service), t.gatewayPids?.());
    const product: LoadResult = await load({
      url: `${t.url}${o.path}`,
      connections: o.connections,
      seconds: o.seconds,
      headers: { authorization: `Bearer ${t.token}` },
    });
    const cpuUsed = cpu(product.requests);
    if (profiled) await profileStop(o.service, o.label);
    const floorCpu = cpuPerRequest(undefined);
    const floor = await replayFloor(t.databaseUrl, statements, o.connections, o.seconds);
    runs.push({ product, floor, cpuUsed, floorPg: floorCpu(floor.requests)['PostgreSQL CPU ms/req']! });
  }
  runs.sort((a, b) => a.product['p95 ms'] / a.floor['p95 ms'] - b.product['p95 ms'] / b.floor['p95 ms']);
  const { product, floor, cpuUsed, floorPg } = runs[Math.floor((runs.length - 1) / 2)]!;
  // Through nginx the reference would need an nginx of its own; it is measured behind the Node gateway only.
  const bare = t.gatewayPids ? {} : await bareReference(t, statements, o, floor['p95 ms']);
  return {
    list: o.label,
    statements: statements.length,
    ...(rounds > 1 ? { rounds, 'p95 ratios': runs.map((r) => (r.product['p95 ms'] / r.floor['p95 ms']).toFixed(2)).join(' ') } : {}),
    'req/s': product['req/s'],
    'p95 ms': product['p95 ms'],
    'floor req/s': floor['req/s'],
    'floor p95 ms': floor['p95 ms'],
    'p95 ratio': product['p95 ms'] / floor['p95 ms'],
    non2xx: product.non2xx + product.errors,
    // Where the product's CPU went (docs/performance.md, session 20): the floor has only the
    // PostgreSQL share and its own replaying process.
    ...cpuUsed,
    'load CPU ms/req': product['load CPU ms/req'],
    'floor PostgreSQL CPU ms/loop': floorPg,
    ...bare,
  };
}

/**
 * The same statements served by the least a Node service can be (bare-list-worker.ts) behind a
 * Node gateway of its own, under the same load: what a list costs above this is the framework
 * (Nest, express, validation, the guard, TypeORM, the views); what this costs above the floor is
 * Node's HTTP, the two hops and the load generator, which no service code can take away.
 */
async function bareReference(
  t: FloorTarget,
  statements: TracedStatement[],
  o: { path: string; connections: number; seconds: number },
  floorP95: number,
): Promise<Record<string, number | string>> {
  const worker = fork(fileURLToPath(new URL('bare-list-worker.js', import.meta.url)), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    worker.send({ databaseUrl: t.databaseUrl, statements, poolSize: DB_POOL_SIZE });
    const [{ port }] = (await once(worker, 'message')) as [{ port: number }];
    const upstreams = Object.fromEntries(SERVICE_NAMES.map((n) => [n, `http://127.0.0.1:${port}`])) as Record<ServiceName, string>;
    const gateway = createGateway({ port: 0, webDir: path.join(REPO_ROOT, 'web', 'dist'), upstreams });
    gateway.listen(0, '127.0.0.1');
    await once(gateway, 'listening');
    try {
      const cpu = cpuPerRequest(worker.pid);
      // The same request as the product's, token included (the gateway forwards it; the worker ignores it).
      const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}${o.path}`;
      const r = await load({ url, connections: o.connections, seconds: o.seconds, headers: { authorization: `Bearer ${t.token}` } });
      const used = cpu(r.requests);
      return {
        'bare req/s': r['req/s'],
        'bare p95 ms': r['p95 ms'],
        'bare p95 ratio': r['p95 ms'] / floorP95,
        'bare non2xx': r.non2xx + r.errors,
        'bare service CPU ms/req': used['service CPU ms/req']!,
        'bare gateway CPU ms/req': used['gateway process CPU ms/req']!,
        'bare load CPU ms/req': r['load CPU ms/req'],
      };
    } finally {
      gateway.closeAllConnections();
      gateway.close();
    }
  } finally {
    worker.kill();
  }
}

/**
 * BENCH_PROFILE=<part of a list's label>: the service records a CPU profile during that list's
 * load (profile-hook.ts), kept as `<BENCH_PROFILE_DIR>/<label>.cpuprofile`.
 */
function profileStart(service: string, label: string): boolean {
  const dir = process.env.BENCH_PROFILE_DIR;
  const wanted = process.env.BENCH_PROFILE;
  if (!dir || !wanted || !label.includes(wanted)) return false;
  for (const f of [`stop-${service}`, `${service}.cpuprofile`]) rmSync(path.join(dir, f), { force: true });
  writeFileSync(path.join(dir, `start-${service}`), '');
  return true;
}

async function profileStop(service: string, label: string): Promise<void> {
  const dir = process.env.BENCH_PROFILE_DIR!;
  writeFileSync(path.join(dir, `stop-${service}`), '');
  rmSync(path.join(dir, `start-${service}`), { force: true });
  const out = path.join(dir, `${service}.cpuprofile`);
  for (let i = 0; i < 600 && !existsSync(out); i++) await new Promise((r) => setTimeout(r, 50));
  const kept = path.join(dir, `${label.replace(/[^\w.-]+/g, '_')}.cpuprofile`);
  renameSync(out, kept);
  console.log(`CPU profile of ${service} during "${label}": ${kept}`);
}

/** listAgainstFloor for each labelled path of one service. */
export async function listsAgainstFloor(
  t: FloorTarget,
  service: string,
  schema: string,
  lists: readonly (readonly [string, string])[],
  connections: number,
  seconds: number,
): Promise<Record<string, string | number>[]> {
  const rows: Record<string, string | number>[] = [];
  for (const [label, path] of lists) rows.push(await listAgainstFloor(t, { label, service, schema, path, connections, seconds }));
  return rows;
}
