import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on Linux). */
const HZ = 100;

/** A process's command name and the fields of /proc/<pid>/stat after it (the first is the state), or null. */
export function readStat(pid: number | string): { comm: string; fields: string[] } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return { comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), fields: stat.slice(stat.lastIndexOf(')') + 2).split(' ') };
  } catch {
    return null; // ended meanwhile
  }
}

/** CPU seconds (user + system) of a process, from its stat fields. */
export const cpuSecondsIn = (fields: string[]): number => (Number(fields[11]) + Number(fields[12])) / HZ;

/** CPU seconds (user + system) a process has used, or null where /proc cannot tell. */
export function cpuSecondsOf(pid: number | undefined): number | null {
  if (!pid || process.platform !== 'linux') return null;
  const s = readStat(pid);
  return s ? cpuSecondsIn(s.fields) : null;
}

/** Every running process named `postgres` (postmasters and backends): pid → its stat fields. */
export function postgresProcesses(): Map<number, string[]> {
  const procs = new Map<number, string[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const s = readStat(entry);
    if (s?.comm === 'postgres') procs.set(Number(entry), s.fields);
  }
  return procs;
}

/** The postmasters among them: a postgres process whose parent is not one. */
export function postmastersIn(procs: Map<number, string[]>): number[] {
  return [...procs].filter(([, f]) => !procs.has(Number(f[1]))).map(([pid]) => pid);
}

/**
 * CPU seconds PostgreSQL has used: every running process named `postgres` (the postmaster and its
 * backends), plus what the postmaster's ended children used (`cutime` + `cstime`: a backend's time
 * moves there when the postmaster reaps it). So two readings, before and after a load, count the
 * backends that end meanwhile (the floor's connections close) without sampling during the load:
 * sampling every 100 ms cost the process that hosts the Node gateway ~20 % of its CPU.
 */
export function postgresCpuSeconds(): number {
  if (process.platform !== 'linux') return 0;
  const procs = postgresProcesses();
  let seconds = 0;
  for (const f of procs.values()) seconds += cpuSecondsIn(f);
  for (const pid of postmastersIn(procs)) {
    const f = procs.get(pid)!;
    seconds += (Number(f[13]) + Number(f[14])) / HZ; // its ended backends
  }
  return seconds;
}

/**
 * Where a load's CPU went, per request: the service's process, PostgreSQL (every backend, those
 * that started or ended during the load included) and the gateway: this process (the Node gateway
 * runs in it; the load generator has its own), or `gatewayPids` (nginx's master and workers). Read
 * from /proc before and after; "n/a" off Linux.
 */
export function cpuPerRequest(servicePid: number | undefined, gatewayPids?: number[]) {
  const service = cpuSecondsOf(servicePid);
  const gatewayCpu = () => (gatewayPids ?? []).reduce((sum, pid) => sum + (cpuSecondsOf(pid) ?? 0), 0);
  const gatewayBefore = gatewayCpu();
  const pg = postgresCpuSeconds();
  const own = process.cpuUsage();
  return (requests: number): Record<string, number | string> => {
    const ms = (s: number | null) => (s === null || !requests ? 'n/a' : Number(((s * 1000) / requests).toFixed(3)));
    const serviceAfter = cpuSecondsOf(servicePid);
    const pgUsed = postgresCpuSeconds() - pg;
    const o = process.cpuUsage(own);
    return {
      'service CPU ms/req': ms(service === null || serviceAfter === null ? null : serviceAfter - service),
      'PostgreSQL CPU ms/req': ms(process.platform === 'linux' ? pgUsed : null),
      'gateway process CPU ms/req': ms(gatewayPids ? gatewayCpu() - gatewayBefore : (o.user + o.system) / 1e6),
    };
  };
}
