import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { AppError, MAX_PAGE_SIZE } from '@windward/contracts';
import { KeptAnswers } from '../database/kept-answers.js';

/** What the statements here need of a data source or an entity manager. */
type Db = { query(sql: string, params?: unknown[]): Promise<unknown> };

export interface PageRequest {
  skip: number;
  take: number;
  pageIndex: number;
  pageSize: number;
  /** Entity property to sort by (validated against the allowed list). */
  sortField: string;
  descending: boolean;
}

export { MAX_PAGE_SIZE };

/**
 * Reads `pageIndex` (1-based), `pageSize`, `fieldToSort`, `descending` (SPEC paging) from a query.
 * Sorting only by listed fields keeps arbitrary input out of ORDER BY.
 */
export function parsePage(
  q: { pageIndex?: unknown; pageSize?: unknown; fieldToSort?: unknown; descending?: unknown },
  sortable: readonly string[],
  defaults: { sortField: string; descending?: boolean; pageSize?: number },
): PageRequest {
  const pageIndex = Math.max(1, Math.floor(Number(q.pageIndex ?? 1)) || 1);
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(Number(q.pageSize ?? defaults.pageSize ?? 20)) || 20));
  const requested = typeof q.fieldToSort === 'string' && q.fieldToSort ? q.fieldToSort : defaults.sortField;
  if (!sortable.includes(requested)) {
    throw new AppError('VALIDATION_FAILED', { details: [{ field: 'fieldToSort', allowed: sortable }] });
  }
  const desc = q.descending === undefined ? (defaults.descending ?? false) : String(q.descending) === 'true';
  return { skip: (pageIndex - 1) * pageSize, take: pageSize, pageIndex, pageSize, sortField: requested, descending: desc };
}

/**
 * Where rows whose sort column is NULL go. `last`: after every value, whichever the direction.
 * `smallest`: sorted as the lowest value (first ascending, last descending). `largest`: as the
 * highest value, which is PostgreSQL's own order: no NULLS clause is written, so a plain index
 * on the column serves both directions.
 */
export type NullsOrder = 'last' | 'smallest' | 'largest';

export interface PageRowsOptions {
  /** `last` unless told. */
  nulls?: NullsOrder;
}

const NULLS_CLAUSE: Record<NullsOrder, (descending: boolean) => 'NULLS FIRST' | 'NULLS LAST' | undefined> = {
  last: () => 'NULLS LAST',
  smallest: (descending) => (descending ? 'NULLS LAST' : 'NULLS FIRST'),
  largest: () => undefined,
};

/**
 * One page of an entity list: sorted by the requested column (NULLS LAST unless `options.nulls`
 * says otherwise), then by `tieBreak` so rows with equal sort keys keep a stable order across
 * pages; returns the rows and the total.
 * `columns` maps each sortable field to its column (the list `parsePage` validated against).
 */
export function pageRows<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  page: PageRequest,
  columns: Readonly<Record<string, string>>,
  tieBreak: string,
  options: PageRowsOptions = {},
): Promise<[T[], number]> {
  return qb
    .orderBy(columns[page.sortField]!, page.descending ? 'DESC' : 'ASC', NULLS_CLAUSE[options.nulls ?? 'last'](page.descending))
    .addOrderBy(tieBreak)
    .skip(page.skip)
    .take(page.take)
    .getManyAndCount();
}

/** Comma-separated or repeated query values as a list (`ids=a,b` or `ids=a&ids=b`). */
export function listParam(v: unknown): string[] {
  if (v === undefined || v === null || v === '') return [];
  const arr = Array.isArray(v) ? v : [v];
  return arr.flatMap((x) => String(x).split(',')).map((s) => s.trim()).filter(Boolean);
}

/** Lists count exactly up to here; larger results report the planner's estimate. */
export const COUNT_EXACT_LIMIT = 10_000;

export interface ListCount {
  totalCount: number;
  /** false when the count is PostgreSQL's estimate (the web shows "about N"). */
  totalCountExact: boolean;
}

/**
 * Counting 100,000+ rows on every page costs more than the page itself. Up to `limit` the count
 * is exact (a scan that stops there); beyond it the planner's estimate is returned.
 * `fromWhere` is the query's `FROM … WHERE …` part, with `params` as its placeholders.
 */
export async function cappedCount(ds: Db, fromWhere: string, params: unknown[], limit = COUNT_EXACT_LIMIT): Promise<ListCount> {
  const [{ n }] = (await ds.query(`SELECT count(*)::int AS n FROM (SELECT 1 ${fromWhere} LIMIT ${limit + 1}) x`, params)) as { n: number }[];
  if (n <= limit) return { totalCount: n, totalCountExact: true };
  return estimatedCount(ds, fromWhere, params, limit);
}

/**
 * Capped counts (`cappedCount`) kept by a version of the rows counted (a park's, `parkVersions`),
 * statement and parameters: the next page or another sort of the same list reuses its count
 * while nothing it counts changes, and a list of 200,000 rows no longer scans 10,001 of them and
 * asks the planner for its estimate on every page. Without a version, counted each time.
 */
export class KeptCounts {
  private readonly kept: KeptAnswers<ListCount>;

  /** `max` counts per service instance (each a few hundred bytes): the oldest go first. */
  constructor(max = 2_000) {
    this.kept = new KeptAnswers<ListCount>(max);
  }

  count(db: Db, version: string | undefined, fromWhere: string, params: unknown[]): Promise<ListCount> {
    if (!version) return cappedCount(db, fromWhere, params);
    return this.kept.get(`${version}|${fromWhere}|${JSON.stringify(params)}`, () => cappedCount(db, fromWhere, params));
  }
}

/** The planner's estimate of a count known to exceed `limit` (never less than limit + 1). */
async function estimatedCount(ds: Db, fromWhere: string, params: unknown[], limit: number): Promise<ListCount> {
  const [plan] = (await ds.query(`EXPLAIN (FORMAT JSON) SELECT 1 ${fromWhere}`, params)) as { 'QUERY PLAN': { Plan?: { 'Plan Rows'?: number } }[] }[];
  const estimate = Number(plan?.['QUERY PLAN']?.[0]?.Plan?.['Plan Rows'] ?? 0);
  return { totalCount: Math.max(limit + 1, Math.round(estimate)), totalCountExact: false };
}

/**
 * The size of a list whose page rows carry it as `total` (`count(*) OVER ()`, bigint as text): a
 * page past the end has no row to carry it, so then it is counted alone over `fromWhere` (rare).
 */
export async function windowTotal(
  ds: Db,
  rows: readonly { total: string | number }[],
  fromWhere: string,
  params: unknown[],
): Promise<number> {
  if (rows.length) return Number(rows[0]!.total);
  const [{ n }] = (await ds.query(`SELECT count(*)::int AS n ${fromWhere}`, params)) as { n: number }[];
  return n;
}

/**
 * `FROM …` of the rows of `table` (as `x`) that a page of ids selects, in the page's order (end
 * the statement with `ORDER BY p.n`). `page` is `SELECT <alias>.id, … ORDER BY … LIMIT …`; its
 * other columns are `p.<column>`. The page is sorted and cut while its rows are narrow and the wide
 * rows are read for the page alone, in one statement where an ids query and a read by ids took two
 * round trips (docs/performance.md, session 33).
 */
export function pageRowsFrom(page: string, table: string): string {
  return `FROM (SELECT q.*, row_number() OVER () AS n FROM (${page}) q) p JOIN ${table} x ON x.id = p.id`;
}

/** The column `pageWithCappedCount` adds to each row for its count (removed before rows are returned). */
const COUNT_COLUMN = '__capped_count';

/**
 * A page and its capped count in one statement: the count rides on each row as an uncorrelated
 * subquery (PostgreSQL computes it once). Each statement costs a round trip and a socket write
 * on both sides, which on our machines was a large part of a cheap list's cost
 * (docs/performance.md, session 19). A page past the end has no row to carry the count, so then
 * it is asked alone; beyond `limit` the planner's estimate is asked as in `cappedCount`.
 * `select` is the select list, `fromWhere` the `FROM … WHERE …` part shared by both, `tail`
 * what follows it for the page (`ORDER BY … LIMIT … OFFSET …`).
 */
export async function pageWithCappedCount<Row>(
  ds: Db,
  q: { select: string; fromWhere: string; tail: string },
  params: unknown[],
  limit = COUNT_EXACT_LIMIT,
): Promise<{ rows: Row[] } & ListCount> {
  const rows = (await ds.query(
    `SELECT ${q.select}, (SELECT count(*)::int FROM (SELECT 1 ${q.fromWhere} LIMIT ${limit + 1}) x) AS ${COUNT_COLUMN} ${q.fromWhere} ${q.tail}`,
    params,
  )) as (Row & { [COUNT_COLUMN]?: number })[];
  if (!rows.length) return { rows: [], ...(await cappedCount(ds, q.fromWhere, params, limit)) };
  const n = rows[0]![COUNT_COLUMN]!;
  for (const r of rows) delete r[COUNT_COLUMN];
  if (n <= limit) return { rows, totalCount: n, totalCountExact: true };
  return { rows, ...(await estimatedCount(ds, q.fromWhere, params, limit)) };
}
