import autocannon from 'autocannon';
import { percentile } from './stats.js';

export interface LoadResult {
  requests: number;
  'req/s': number;
  'p50 ms': number;
  'p95 ms': number;
  'p99 ms': number;
  non2xx: number;
  /** Requests without an answer: timeouts (autocannon's 10 s) and connection errors. */
  errors: number;
}

/** Runs autocannon against one URL and reports throughput and latency percentiles of every response. */
export async function load(o: { url: string; connections: number; seconds: number; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string }): Promise<LoadResult> {
  const samples: number[] = [];
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
  };
}
