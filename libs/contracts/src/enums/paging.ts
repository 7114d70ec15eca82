/** Paging request (ARCHITECTURE "HTTP conventions"). pageIndex is 1-based. */
export interface PageQuery {
  pageIndex: number;
  pageSize: number;
  descending?: boolean;
  fieldToSort?: string;
}

/** Paged list answer; some lists add counts (e.g. processingCount). */
export interface PageResult<T> {
  results: T[];
  totalCount: number;
}

export const DEFAULT_PAGE_SIZE = 10;
/** The largest page any service hands out (the kit clamps to it; the console asks for it to read "all"). */
export const MAX_PAGE_SIZE = 500;

/** Normalises untrusted paging input: 1-based index, size clamped to 1..MAX_PAGE_SIZE. */
export function normalizePageQuery(q: Partial<Record<keyof PageQuery, unknown>>): PageQuery {
  const toInt = (v: unknown, d: number) => {
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    return typeof n === 'number' && Number.isFinite(n) ? Math.trunc(n) : d;
  };
  const pageIndex = Math.max(1, toInt(q.pageIndex, 1));
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, toInt(q.pageSize, DEFAULT_PAGE_SIZE)));
  const out: PageQuery = { pageIndex, pageSize };
  if (q.descending !== undefined) out.descending = q.descending === true || q.descending === 'true';
  if (typeof q.fieldToSort === 'string' && q.fieldToSort !== '') out.fieldToSort = q.fieldToSort;
  return out;
}

/** Row offset of a page (for SQL OFFSET). */
export function pageOffset(q: Pick<PageQuery, 'pageIndex' | 'pageSize'>): number {
  return (q.pageIndex - 1) * q.pageSize;
}
