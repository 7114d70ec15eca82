import { fork, type Serializable } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface LoadResult {
  requests: number;
  'req/s': number;
  'p50 ms': number;
  'p95 ms': number;
  'p99 ms': number;
  non2xx: number;
  /** Requests without an answer: timeouts (autocannon's 10 s) and connection errors. */
  errors: number;
  /** The load generator's own CPU per request: on two cores it is taken from what it measures. */
  'load CPU ms/req': number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/**
 * Runs autocannon against one URL and reports throughput and latency percentiles of every
 * response. The load runs in its own process (load-worker.ts): on the bench's event loop it
 * would share a core with the gateway, which runs in this process, and cost it ~20 % of its
 * throughput.
 */
export function load(o: LoadOptions): Promise<LoadResult> {
  return inChild<LoadResult>('load-worker.js', { ...o });
}

/** Forks one of the bench's workers with `input`, resolves with the one message it sends back. */
export function inChild<T>(worker: string, input: Serializable): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const child = fork(fileURLToPath(new URL(worker, import.meta.url)), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let answer: { ok: true; value: T } | { ok: false; error: string } | undefined;
    child.once('message', (m) => (answer = m as typeof answer));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (answer?.ok) resolve(answer.value);
      else reject(new Error(answer ? answer.error : `${worker} exited with code ${code} and no answer`));
    });
    child.send(input);
  });
}
