import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on Linux). */
const HZ = 100;

/** CPU seconds (user + system) a process has used, or null where /proc cannot tell. */
export function cpuSecondsOf(pid: number | undefined): number | null {
  if (!pid || process.platform !== 'linux') return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / HZ;
  } catch {
    return null;
  }
}

/** CPU seconds used by every process named `postgres` (the server and its backends) that is still running. */
export function postgresCpuSeconds(): Map<number, number> {
  const out = new Map<number, number>();
  if (process.platform !== 'linux') return out;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      const s = cpuSecondsOf(Number(entry));
      if (s !== null) out.set(Number(entry), s);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/**
 * Where a load's CPU went, per request: the service's process, PostgreSQL (every backend, those
 * that started during the load included) and the gateway: this process (the Node gateway runs in
 * it; the load generator has its own), or `gatewayPids` (nginx's master and workers). Read from
 * /proc before, during and after; "n/a" off Linux. The sampling itself costs this process a
 * little (a /proc scan every 100 ms).
 */
export function cpuPerRequest(servicePid: number | undefined, gatewayPids?: number[]) {
  const service = cpuSecondsOf(servicePid);
  const gatewayCpu = () => (gatewayPids ?? []).reduce((sum, pid) => sum + (cpuSecondsOf(pid) ?? 0), 0);
  const gatewayBefore = gatewayCpu();
  const pg = postgresCpuSeconds();
  const own = process.cpuUsage();
  // Backends that end with the load (the floor's connections close) are gone from /proc by the
  // end: their last reading is kept (sampled every 100 ms, so at most that much of each is missed).
  const lastSeen = new Map(pg);
  const sample = () => {
    for (const [pid, s] of postgresCpuSeconds()) lastSeen.set(pid, s);
  };
  const timer = setInterval(sample, 100);
  return (requests: number): Record<string, number | string> => {
    clearInterval(timer);
    sample();
    const ms = (s: number | null) => (s === null || !requests ? 'n/a' : Number(((s * 1000) / requests).toFixed(3)));
    const serviceAfter = cpuSecondsOf(servicePid);
    let pgUsed = 0;
    for (const [pid, s] of lastSeen) pgUsed += s - (pg.get(pid) ?? 0);
    const o = process.cpuUsage(own);
    return {
      'service CPU ms/req': ms(service === null || serviceAfter === null ? null : serviceAfter - service),
      'PostgreSQL CPU ms/req': ms(process.platform === 'linux' ? pgUsed : null),
      'gateway process CPU ms/req': ms(gatewayPids ? gatewayCpu() - gatewayBefore : (o.user + o.system) / 1e6),
    };
  };
}
