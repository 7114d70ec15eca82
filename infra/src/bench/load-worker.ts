import autocannon from 'autocannon';
import type { LoadOptions, LoadResult } from './http-load.js';
import { answerParent } from './worker-ipc.js';
import { percentile } from './stats.js';

/** The load generator's own process (see http-load.ts). */
answerParent<LoadOptions, LoadResult>(async (o) => {
  const samples: number[] = [];
  const cpu = process.cpuUsage();
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: o.url, connections: o.connections, duration: o.seconds, method: o.method ?? 'GET', headers: o.headers, body: o.body },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => samples.push(responseTime));
  });
  return {
    requests: r.requests.total,
    'req/s': r.requests.average,
    'p50 ms': percentile(samples, 50),
    'p95 ms': percentile(samples, 95),
    'p99 ms': percentile(samples, 99),
    non2xx: r.non2xx,
    errors: r.errors,
    'load CPU ms/req': r.requests.total ? Number((cpuMs(process.cpuUsage(cpu)) / r.requests.total).toFixed(3)) : 0,
  };
});

function cpuMs(u: NodeJS.CpuUsage): number {
  return (u.user + u.system) / 1000;
}
