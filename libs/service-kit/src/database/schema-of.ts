import type { QueryRunner } from 'typeorm';

/** The quoted schema a migration (or an entity manager) runs in (the data source's `schema` option), e.g. `"identity"`. */
export function schemaOf(q: Pick<QueryRunner, 'connection'>): string {
  return `"${(q.connection.options as { schema?: string }).schema ?? 'public'}"`;
}
