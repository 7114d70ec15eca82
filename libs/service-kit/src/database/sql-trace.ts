import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Logger as TypeOrmLogger } from 'typeorm';

/**
 * Records the statements a service sends, so the benchmark can replay an endpoint's own SQL as
 * its floor (docs/performance.md, "Floors"). Off unless `SQL_TRACE_DIR` is set; then SIGUSR2
 * switches recording on and off, and each switch writes a marker line, so the benchmark knows
 * when the next request's statements start and end. While off, a query costs one boolean test.
 */
export class SqlTraceLogger implements TypeOrmLogger {
  private recording = false;
  private readonly file: string;

  constructor(dir: string, schema: string) {
    mkdirSync(dir, { recursive: true });
    this.file = path.join(dir, `${schema}.jsonl`);
    process.on('SIGUSR2', () => {
      this.recording = !this.recording;
      appendFileSync(this.file, `${JSON.stringify({ recording: this.recording })}\n`);
    });
  }

  logQuery(query: string, parameters?: unknown[]) {
    if (this.recording) appendFileSync(this.file, `${JSON.stringify({ sql: query, params: parameters ?? [] })}\n`);
  }
  // TypeORM's default logger is silent for the rest too (logging is off).
  logQueryError() {}
  logQuerySlow() {}
  logSchemaBuild() {}
  logMigration() {}
  log() {}
}

/** The trace logger when `SQL_TRACE_DIR` asks for one (benchmarks only), else TypeORM's default. */
export function sqlTraceLogger(schema: string): { logger: TypeOrmLogger } | Record<string, never> {
  const dir = process.env.SQL_TRACE_DIR;
  return dir ? { logger: new SqlTraceLogger(dir, schema) } : {};
}
