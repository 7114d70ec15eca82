import type { DataSource } from 'typeorm';

/**
 * What TypeORM would still change after the migrations ran: the SQL its schema builder
 * generates to make the tables match the entities. Empty when entities and migrations agree;
 * each service's schema test asserts that.
 */
export async function pendingSchemaChanges(ds: DataSource): Promise<string[]> {
  const sql = await ds.driver.createSchemaBuilder().log();
  return sql.upQueries.map((q) => q.query);
}
