import pg from 'pg';
import { answerParent } from './worker-ipc.js';
import { percentile } from './stats.js';
import type { FloorResult, TracedStatement } from './sql-floor.js';

/** The SQL floor's own process (see sql-floor.ts): no HTTP, no service, only the statements. */
answerParent<{ databaseUrl: string; statements: TracedStatement[]; connections: number; seconds: number }, FloorResult>(async (o) => {
  const clients = await Promise.all(
    Array.from({ length: o.connections }, async () => {
      const c = new pg.Client({ connectionString: o.databaseUrl, application_name: 'bench-floor' });
      await c.connect();
      return c;
    }),
  );
  const samples: number[] = [];
  const until = Date.now() + o.seconds * 1000;
  try {
    await Promise.all(
      clients.map(async (c) => {
        while (Date.now() < until) {
          const t0 = performance.now();
          for (const s of o.statements) await c.query(s.sql, s.params as unknown[]);
          samples.push(performance.now() - t0);
        }
      }),
    );
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
  return {
    requests: samples.length,
    'req/s': samples.length / o.seconds,
    'p50 ms': percentile(samples, 50),
    'p95 ms': percentile(samples, 95),
    'p99 ms': percentile(samples, 99),
  };
});
