import type { DataSource } from 'typeorm';
import { declaredRowColumns, type RowColumns } from '../database/row-columns.js';

/**
 * What TypeORM would still change after the migrations ran: the SQL its schema builder
 * generates to make the tables match the entities. Empty when entities and migrations agree;
 * each service's schema test asserts that.
 */
export async function pendingSchemaChanges(ds: DataSource): Promise<string[]> {
  const sql = await ds.driver.createSchemaBuilder().log();
  return sql.upQueries.map((q) => q.query);
}

/**
 * The declared repository columns (`rowColumns`, default: every declaration of the started
 * service) that the migrated schema does not have, as `table.column`, read from
 * information_schema, in the data source's schema. Empty when the raw-SQL repositories and the migrations agree; each
 * service's schema test asserts that, and that its repositories declared something.
 */
export async function missingRowColumns(ds: DataSource, rows: readonly RowColumns[] = declaredRowColumns()): Promise<string[]> {
  const schema = (ds.options as { schema?: string }).schema ?? 'public';
  const existing: { table_name: string; column_name: string }[] = await ds.query(
    'SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = $1',
    [schema],
  );
  const have = new Set(existing.map((c) => `${c.table_name}.${c.column_name}`));
  const missing = rows.flatMap((r) => r.columns.map((c) => `${r.table}.${c}`)).filter((c) => !have.has(c));
  return [...new Set(missing)];
}
