import type { QueryRunner } from 'typeorm';

/** The quoted schema a migration runs in (the data source's `schema` option), e.g. `"identity"`. */
export function schemaOf(q: QueryRunner): string {
  return `"${(q.connection.options as { schema?: string }).schema ?? 'public'}"`;
}
