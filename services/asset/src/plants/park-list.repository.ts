import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { rowColumns, type PageRequest, Sql, windowTotal } from '@windward/service-kit';

/** One row of the park list as its one statement returns it. */
export interface ParkListRow {
  id: string;
  name: string;
  customer_id: string;
  latitude: number | null;
  longitude: number | null;
  province: string | null;
  city: string | null;
  region: string | null;
  /** numeric: pg hands it over as text. */
  capacity_mw: string | null;
  active: boolean;
  created_at: Date;
  customer_name: string | null;
  turbine_count: number;
  last_inspection_time: Date | null;
  /** bigint: the whole filtered list's size, as text. */
  total: string;
}
export const PARK_LIST_COLUMNS = rowColumns<Omit<ParkListRow, 'customer_name' | 'turbine_count' | 'last_inspection_time' | 'total'>>()(
  'wind_park',
  ['id', 'name', 'customer_id', 'latitude', 'longitude', 'province', 'city', 'region', 'capacity_mw', 'active', 'created_at'],
);

/** The park list's filters; an empty array matches nothing, undefined does not filter. */
export interface ParkListFilter {
  customerIds?: string[];
  parkIds?: string[];
  name?: string;
  active?: boolean;
  provinces?: string[];
  cities?: string[];
}

/** Sortable fields of the park list and their columns (validated by parsePage before use). */
export const PARK_SORT: Readonly<Record<string, string>> = {
  windFarmName: 'name',
  createdAt: 'created_at',
  capacity: 'capacity_mw',
  province: 'province',
};

/**
 * The park list in one statement: the page (with the filtered count by window), its customers'
 * names and each park's turbine count and newest inspection; single reads use the same rows. The list used to send five (page,
 * count, names, turbine counts, inspections) through the query builder, and on these machines
 * each statement's socket write and TypeORM's hydration were most of a request's cost
 * (docs/performance.md, session 19).
 */
@Injectable()
export class ParkListRepository {
  constructor(private readonly sql: Sql) {}

  async page(m: EntityManager, f: ParkListFilter, p: PageRequest): Promise<{ rows: ParkListRow[]; total: number }> {
    const s = this.sql.s;
    const where = `($1::uuid[] IS NULL OR p.customer_id = ANY($1)) AND ($2::text[] IS NULL OR p.id::text = ANY($2))
      AND ($3::text IS NULL OR p.name ILIKE '%' || $3 || '%') AND ($4::boolean IS NULL OR p.active = $4)
      AND ($5::text[] IS NULL OR p.province = ANY($5)) AND ($6::text[] IS NULL OR p.city = ANY($6))`;
    const params = [f.customerIds ?? null, f.parkIds ?? null, f.name || null, f.active ?? null, f.provinces ?? null, f.cities ?? null];
    const order = (alias: string) => `${alias}.${PARK_SORT[p.sortField]} ${p.descending ? 'DESC' : 'ASC'} NULLS LAST, ${alias}.id`;
    const rows: ParkListRow[] = await m.query(
      this.select(`SELECT ${PARK_COLUMNS_OF_P}, count(*) OVER () AS total FROM ${s}.wind_park p WHERE ${where} ORDER BY ${order('p')} LIMIT $7 OFFSET $8`, order('page')),
      [...params, p.take, p.skip],
    );
    return { rows, total: await windowTotal(m, rows, `FROM ${s}.wind_park p WHERE ${where}`, params) };
  }

  /** The same rows for given parks (single reads and writes answer with them), in no particular order. */
  byIds(m: EntityManager, ids: string[]): Promise<ParkListRow[]> {
    return m.query(this.select(`SELECT ${PARK_COLUMNS_OF_P}, 0::bigint AS total FROM ${this.sql.s}.wind_park p WHERE p.id = ANY($1::uuid[])`, 'page.id'), [ids]);
  }

  /** The parks of `page` (a SELECT of the park columns and `total`) with their customer's name, turbine count and newest inspection. */
  private select(page: string, orderBy: string): string {
    const s = this.sql.s;
    return `WITH page AS (${page})
      SELECT page.*, c.name AS customer_name,
        (SELECT count(*)::int FROM ${s}.turbine t WHERE t.wind_park_id = page.id) AS turbine_count,
        (SELECT max(i.inspection_date) FROM ${s}.inspection_ref i WHERE i.wind_park_id = page.id) AS last_inspection_time
      FROM page LEFT JOIN ${s}.customer_ref c ON c.customer_id = page.customer_id
      ORDER BY ${orderBy}`;
  }
}

const PARK_COLUMNS_OF_P = PARK_LIST_COLUMNS.columns.map((c) => `p.${c}`).join(', ');
