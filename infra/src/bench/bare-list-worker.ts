import { createServer } from 'node:http';
import pg from 'pg';
import type { TracedStatement } from './sql-floor.js';

/**
 * The least a Node service can be (see bareReference in sql-floor.ts): node:http, a pg pool of the
 * kit's size, one list's statements in order on one connection, and the last one's rows as JSON.
 * No framework, no validation, no token check, no entity mapping. Tells the parent its port, then
 * serves until killed.
 */
process.once('message', (input) => {
  const o = input as { databaseUrl: string; statements: TracedStatement[]; poolSize: number };
  const pool = new pg.Pool({ connectionString: o.databaseUrl, max: o.poolSize, application_name: 'bench-bare' });
  const server = createServer((_req, res) => {
    void (async () => {
      const client = await pool.connect();
      try {
        let rows: unknown[] = [];
        for (const s of o.statements) rows = (await client.query(s.sql, s.params)).rows;
        const body = JSON.stringify({ results: rows });
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      } catch (err) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(err));
      } finally {
        client.release();
      }
    })();
  });
  // Longer than the gateway's idle 60 s, as a service's (bootstrap.ts).
  server.keepAliveTimeout = 65_000;
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as { port: number }).port }));
});
