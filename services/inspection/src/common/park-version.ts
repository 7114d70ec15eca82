import type { DataSource } from 'typeorm';
import { schemaName } from './columns.js';

/**
 * The version of what the Data Center reads of some parks: each park's sum of `search_change`
 * weights (a row per park and writing statement on defects, images, inspections, repair marks,
 * turbine references and growth decisions, from statement triggers in the writing transaction:
 * migrations 1764600000000 and 1764700000000) and the database's today (the health window moves
 * with the date). An answer kept under a park's version is never stale: any committed change gives
 * a higher sum. Read it *before* computing: a change committed in between can only make the kept
 * answer newer than its key, and every later reader sees the higher sum.
 */
export async function parkVersions(ds: DataSource, parkIds: string[]): Promise<Map<string, string>> {
  const rows: { id: string; v: string }[] = await ds.query(
    `SELECT p.id, coalesce(sum(c.weight), 0)::text || '|' || current_date::text AS v
     FROM unnest($1::uuid[]) p(id) LEFT JOIN ${schemaName(ds)}.search_change c ON c.wind_park_id = p.id
     GROUP BY p.id`,
    [parkIds],
  );
  return new Map(rows.map((r) => [r.id, `${r.id}|${r.v}`]));
}

/** One park's version (see `parkVersions`). */
export async function parkVersion(ds: DataSource, parkId: string): Promise<string> {
  return (await parkVersions(ds, [parkId])).get(parkId)!;
}
