// Where a command's CPU goes, by kind of process (docs/ci.md "Where a run's CPU goes"):
//   node infra/dist/bench/cpu-by-kind.js node infra/scripts/test-all.mjs e2e
// runs the command and prints CPU seconds per kind — Chromium's processes, the platforms'
// services, vitest, the Node suites, Kafka, lint… — and that of the PostgreSQL servers already
// running, read exactly from their postmasters (ended backends included; an embedded server the
// command starts is sampled like any process). A job's own "CPU s" in test-all's table counts only
// the processes it waited for: services started detached and PostgreSQL are not in it.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cpuSecondsIn, postgresCpuSeconds, postgresProcesses, postmastersIn, readStat } from './process-cpu.js';

/** The kind a process counts under, from its command line and command name. */
export function processKind(cmdline: string, comm: string): string {
  if (/chrom/.test(comm) || /\/chromium\b/.test(cmdline)) {
    const type = /--type=([\w-]+)/.exec(cmdline)?.[1];
    return type ? `chromium ${type}` : 'chromium browser';
  }
  if (comm === 'postgres') return 'postgres started by the command (sampled)';
  if (comm === 'java' && /kafka/i.test(cmdline)) return 'kafka broker';
  const service = /services\/([\w-]+)\/dist\/main\.js/.exec(cmdline);
  if (service) return `service ${service[1]}`;
  if (/vitest/.test(cmdline)) return 'web vitest';
  if (/eslint/.test(cmdline)) return 'lint';
  const group = /node-group\.mjs\s+\S*?\/(services\/[\w-]+|libs\/[\w-]+|infra)\/dist\//.exec(cmdline);
  if (group) return `node suite ${group[1]}`;
  if (/\/e2e\/|e2e\.test/.test(cmdline)) return 'e2e test process';
  if (/test-all\.mjs/.test(cmdline)) return 'test-all (template, gateway copies)';
  if (/nginx/.test(comm)) return 'nginx';
  if (/\b(tsc|tsgo|vite|nx)\b/.test(cmdline)) return 'build';
  return /node/.test(comm) ? `node ${cmdline.split(' ').slice(1, 2).join(' ')}` : `other ${comm}`;
}

interface Seen {
  kind: string;
  first: number;
  last: number;
}

/**
 * Reads every process's CPU from /proc at an interval. A process already running at the first
 * reading counts from there; one started later counts whole (it may have used up to one interval
 * before it was first seen, which is counted too: /proc gives its total). A process that starts and
 * ends between two readings is missed: keep the interval short against the command's processes.
 */
export class CpuSampler {
  private readonly seen = new Map<string, Seen>();
  private timer: NodeJS.Timeout | null = null;
  private started = false;
  /** PostgreSQL servers running at the start: measured exactly from their postmaster instead. */
  private servers = new Set<number>();

  start(intervalMs = 1000): void {
    this.servers = new Set(postmastersIn(postgresProcesses()));
    this.read();
    this.started = true;
    this.timer = setInterval(() => this.read(), intervalMs);
  }

  /** Stops and returns CPU seconds per kind, largest first. */
  stop(): [kind: string, seconds: number][] {
    if (this.timer) clearInterval(this.timer);
    this.read();
    const byKind = new Map<string, number>();
    for (const s of this.seen.values()) byKind.set(s.kind, (byKind.get(s.kind) ?? 0) + (s.last - s.first));
    return [...byKind].sort((a, b) => b[1] - a[1]);
  }

  private read(): void {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
      const stat = readStat(pid);
      if (!stat) continue;
      const { comm, fields: f } = stat;
      if (comm === 'postgres' && (this.servers.has(Number(pid)) || this.servers.has(Number(f[1])))) continue;
      const cpu = cpuSecondsIn(f);
      const key = `${pid}:${f[19]}`; // pid and start time: a reused pid is another process
      const known = this.seen.get(key);
      if (known) known.last = cpu;
      else {
        try {
          const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
          this.seen.set(key, { kind: processKind(cmdline, comm), first: this.started ? 0 : cpu, last: cpu });
        } catch {
          // ended meanwhile
        }
      }
    }
  }
}

/** The table the command prints: kinds of at least 0.5 CPU-s, PostgreSQL, the total, the wall. */
export function cpuTable(rows: [string, number][], postgres: number, wallSeconds: number): string {
  const shown = rows.filter(([, s]) => s >= 0.5);
  const total = rows.reduce((sum, [, s]) => sum + s, 0) + postgres;
  const line = (kind: string, s: number) => `| ${kind} | ${s.toFixed(1)} | ${total ? ((100 * s) / total).toFixed(0) : 0} % |`;
  return [
    '| process kind | CPU s | share |',
    '| --- | ---: | ---: |',
    ...[...shown, ['postgres servers running before (exact, every backend)', postgres] as [string, number]]
      .sort((a, b) => b[1] - a[1])
      .map(([k, s]) => line(k, s)),
    `| **all** (${wallSeconds.toFixed(0)} s wall, ${(total / Math.max(wallSeconds, 1)).toFixed(2)} cores busy on average) | ${total.toFixed(1)} | |`,
  ].join('\n');
}

async function main(argv: string[]): Promise<void> {
  if (!argv.length) {
    console.error('usage: node infra/dist/bench/cpu-by-kind.js <command> [args…]');
    process.exit(2);
  }
  const sampler = new CpuSampler();
  const pg0 = postgresCpuSeconds();
  const t0 = Date.now();
  sampler.start(Number(process.env.CPU_SAMPLE_MS ?? 1000));
  const code = await new Promise<number>((resolve) => {
    const child = spawn(argv[0]!, argv.slice(1), { stdio: 'inherit' });
    child.on('close', (c) => resolve(c ?? 1));
  });
  const rows = sampler.stop();
  console.log(`\n${cpuTable(rows, postgresCpuSeconds() - pg0, (Date.now() - t0) / 1000)}`);
  process.exit(code);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main(process.argv.slice(2));
