import type { ValueTransformer } from 'typeorm';

/** PostgreSQL numeric arrives as text (exact decimals); the API speaks numbers. */
export const numericNumber: ValueTransformer = {
  to: (v: number | null | undefined) => v,
  from: (v: string | null) => (v === null || v === undefined ? null : Number(v)),
};

/** `date` columns stay 'YYYY-MM-DD' text: an inspection date has no time zone. */
export const dateText: ValueTransformer = {
  to: (v: string | null | undefined) => v,
  from: (v: string | Date | null) => (v instanceof Date ? v.toISOString().slice(0, 10) : v),
};

/** The quoted schema of the service's tables, for hand-written SQL (the data source's `schema`). */
export function schemaName(conn: { options: unknown }): string {
  return `"${(conn.options as { schema?: string }).schema ?? 'public'}"`;
}
