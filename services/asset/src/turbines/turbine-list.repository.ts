import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { entityRowColumns, rowColumns, type PageRequest, Sql, windowTotal } from '@windward/service-kit';
import type { TurbineParts, TurbineRowOfView } from './turbine.presenter.js';

/** One row of a park's turbine list as its one statement returns it (turbine columns under their entity names). */
interface TurbineListRow extends TurbineRowOfView {
  types: { id: string; name: string; lengthM: number | null; widthM: number | null }[] | null;
  blades: TurbineParts['blades'];
  /** Newest first; dates as JSON text. */
  inspections: (Omit<TurbineParts['inspections'][number], 'inspectionDate'> & { inspectionDate: string })[];
  defectCount: number;
  /** bigint: the filtered list's size, as text. */
  total: string;
}

/** The turbine columns a view row reads, under its names (schema-checked). */
const TURBINE_VIEW_COLUMNS = entityRowColumns('turbine', {
  id: 'id',
  windParkId: 'wind_park_id',
  name: 'name',
  serialNumber: 'serial_number',
  status: 'status',
  generatorTypeId: 'generator_type_id',
  bladeTypeId: 'blade_type_id',
  nacelleTypeId: 'nacelle_type_id',
  towerTypeId: 'tower_type_id',
  foundationTypeId: 'foundation_type_id',
  latitude: 'latitude',
  longitude: 'longitude',
  devices: 'devices',
  assetConfigs: 'asset_configs',
} satisfies Record<keyof TurbineRowOfView, string>);
/** `created_at` too, which one of the sorts orders by (schema-checked like the rest). */
const TURBINE_PAGE_COLUMNS = rowColumns<{ created_at: Date }>()('turbine', ['created_at']);

/** Sortable fields of a park's turbine list and their columns (validated by parsePage before use). */
export const TURBINE_SORT: Readonly<Record<string, string>> = { turbineName: 'name', createdAt: 'created_at', serialNumber: 'serial_number' };

/**
 * A park's turbine list in one statement: the page with the filtered count by window, and per
 * turbine its component types, blades, inspections (newest first) and defect count as JSON, which
 * `turbineViews` turns into the same views single reads give. It used to be five statements
 * after the park's check (page, count, types, blades, inspections, defect counts); see the park
 * list's repository for why that mattered.
 */
@Injectable()
export class TurbineListRepository {
  constructor(private readonly sql: Sql) {}

  async page(m: EntityManager, parkId: string, name: string | undefined, p: PageRequest): Promise<{ rows: TurbineRowOfView[]; parts: TurbineParts; total: number }> {
    const s = this.sql.s;
    const where = `t.wind_park_id = $1 AND ($2::text IS NULL OR t.name ILIKE '%' || $2 || '%')`;
    // No NULLS clause: PostgreSQL's own order (nulls as the largest value), which the name index serves.
    const order = (a: string) => `${a}.${TURBINE_SORT[p.sortField]} ${p.descending ? 'DESC' : 'ASC'}, ${a}.id`;
    const found: TurbineListRow[] = await m.query(
      `WITH page AS (
         SELECT ${[...TURBINE_VIEW_COLUMNS.columns, ...TURBINE_PAGE_COLUMNS.columns].map((c) => `t.${c}`).join(', ')}, count(*) OVER () AS total
         FROM ${s}.turbine t WHERE ${where} ORDER BY ${order('t')} LIMIT $3 OFFSET $4)
       SELECT ${TURBINE_VIEW_COLUMNS.select('page')}, page.total,
         (SELECT json_agg(json_build_object('id', c.id, 'name', c.name, 'lengthM', c.length_m, 'widthM', c.width_m))
            FROM ${s}.component_type c
            WHERE c.id IN (page.generator_type_id, page.blade_type_id, page.nacelle_type_id, page.tower_type_id, page.foundation_type_id)) AS types,
         (SELECT coalesce(json_agg(json_build_object('id', b.id, 'turbineId', b.turbine_id, 'position', b.position, 'name', b.name,
            'serialNumber', b.serial_number) ORDER BY b.position), '[]') FROM ${s}.blade b WHERE b.turbine_id = page.id) AS blades,
         (SELECT coalesce(json_agg(json_build_object('inspectionId', i.inspection_id, 'turbineId', i.turbine_id, 'packageType', i.package_type,
            'componentType', i.component_type, 'isActive', i.is_active, 'inspectionDate', i.inspection_date) ORDER BY i.inspection_date DESC), '[]')
            FROM ${s}.inspection_ref i WHERE i.turbine_id = page.id) AS inspections,
         (SELECT count(*)::int FROM ${s}.defect_ref d JOIN ${s}.inspection_ref i ON i.inspection_id = d.inspection_id
            WHERE i.turbine_id = page.id) AS "defectCount"
       FROM page ORDER BY ${order('page')}`,
      [parkId, name || null, p.take, p.skip],
    );
    const parts: TurbineParts = { types: new Map(), blades: [], inspections: [], defectCounts: new Map() };
    for (const r of found) {
      for (const t of r.types ?? []) parts.types.set(t.id, t);
      parts.blades.push(...r.blades);
      parts.inspections.push(...r.inspections.map((i) => ({ ...i, inspectionDate: new Date(i.inspectionDate) })));
      parts.defectCounts.set(r.id, r.defectCount);
    }
    return { rows: found, parts, total: await windowTotal(m, found, `FROM ${s}.turbine t WHERE ${where}`, [parkId, name || null]) };
  }
}
