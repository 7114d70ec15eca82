import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DpsStatus, RepairCampaignStatus, RepairStatus } from '@windward/contracts';
import { parkVersionsOf, Sql, type PageRequest, type ParkChangeLog } from '@windward/service-kit';

/** Sort fields of GET om-overview/parks and their columns in the per-park rows. */
const PARK_SORT = {
  windFarmName: 'lower(name)',
  turbineCount: 'turbine_count',
  openDefects: 'open_defects',
  openPriority1: 'p1',
  openPriority2: 'p2',
  openPriority3: 'p3',
  openPriority4: 'p4',
  campaignsPlanned: 'planned',
  campaignsOngoing: 'ongoing',
  campaignsDone: 'done',
  inspectionsDue: 'inspections_due',
  lastInspectionDate: 'last_date',
} as const;
export const OM_PARK_SORT_FIELDS = Object.keys(PARK_SORT);

export interface OmCountsRow {
  turbine_count: number;
  open_defects: number;
  p1: number;
  p2: number;
  p3: number;
  p4: number;
  no_priority: number;
  planned: number;
  ongoing: number;
  done: number;
  inspections_due: number;
}
export interface OmParkRow extends OmCountsRow {
  wind_farm_id: string;
  name: string;
  last_date: string | null;
}
export interface OmTotalsRow extends OmCountsRow {
  park_count: number;
  window_from: string;
}

/** Repair's park change log: every table the overview reads logs the parks it writes (migration 1764710000000). */
export const PARK_CHANGES: ParkChangeLog = { table: 'park_change', park: 'wind_farm_id' };

const COUNTS = ['turbine_count', 'open_defects', 'p1', 'p2', 'p3', 'p4', 'no_priority', 'planned', 'ongoing', 'done', 'inspections_due'];

/**
 * The O&M overview's read model: per park of one customer (the caller's park scope applied), from
 * repair's own copies of parks, turbines, inspections and defects (fed by events) and its campaigns.
 * $1 customer, $2 park scope (null = all).
 */
@Injectable()
export class OmOverviewRepository {
  constructor(private readonly sql: Sql) {}

  private get perPark(): string {
    const s = this.sql.s;
    return `WITH window_start AS (SELECT (current_date - interval '12 months')::date AS d),
      parks AS (
        SELECT wind_farm_id, name FROM ${s}.park_ref
        WHERE customer_id = $1 AND active AND ($2::uuid[] IS NULL OR wind_farm_id = ANY($2))),
      turbines AS (
        SELECT t.turbine_id, t.wind_farm_id,
          (SELECT max(i.inspection_date) FROM ${s}.inspection_ref i WHERE i.turbine_id = t.turbine_id) AS last_date
        FROM ${s}.turbine_ref t JOIN parks p ON p.wind_farm_id = t.wind_farm_id WHERE NOT t.deleted),
      -- A turbine's latest inspection per component: the active one (asset's "Latest"), else the newest.
      latest AS (
        SELECT DISTINCT ON (i.turbine_id, i.component_type) i.inspection_id, t.wind_farm_id
        FROM ${s}.inspection_ref i JOIN turbines t ON t.turbine_id = i.turbine_id
        ORDER BY i.turbine_id, i.component_type, i.is_active DESC NULLS LAST, i.inspection_date DESC, i.received_at DESC),
      open AS (
        SELECT l.wind_farm_id, count(*)::int AS total,
          count(*) FILTER (WHERE d.repair_priority = 1)::int AS p1, count(*) FILTER (WHERE d.repair_priority = 2)::int AS p2,
          count(*) FILTER (WHERE d.repair_priority = 3)::int AS p3, count(*) FILTER (WHERE d.repair_priority = 4)::int AS p4
        FROM latest l JOIN ${s}.defect_ref d ON d.inspection_id = l.inspection_id
        WHERE NOT d.deleted AND d.dps_status <> ${DpsStatus.DELETED}
          AND NOT EXISTS (SELECT 1 FROM ${s}.repair_campaign_defect c WHERE c.defect_id = d.defect_id AND c.repair_status IN (${RepairStatus.COMPLETED}, ${RepairStatus.FIXED}))
        GROUP BY l.wind_farm_id),
      campaigns AS (
        SELECT c.wind_farm_id,
          count(*) FILTER (WHERE c.status = ${RepairCampaignStatus.NOT_STARTED})::int AS planned,
          count(*) FILTER (WHERE c.status = ${RepairCampaignStatus.ONGOING})::int AS ongoing,
          count(*) FILTER (WHERE c.status = ${RepairCampaignStatus.COMPLETED})::int AS done
        FROM ${s}.repair_campaign c JOIN parks p ON p.wind_farm_id = c.wind_farm_id GROUP BY c.wind_farm_id),
      fleet AS (
        SELECT t.wind_farm_id, count(*)::int AS turbine_count, max(t.last_date) AS last_date,
          count(*) FILTER (WHERE t.last_date IS NULL OR t.last_date < (SELECT d FROM window_start))::int AS inspections_due
        FROM turbines t GROUP BY t.wind_farm_id),
      rows AS (
        SELECT p.wind_farm_id, p.name, coalesce(f.turbine_count, 0) AS turbine_count, f.last_date::text AS last_date,
          coalesce(f.inspections_due, 0) AS inspections_due, coalesce(o.total, 0) AS open_defects,
          coalesce(o.p1, 0) AS p1, coalesce(o.p2, 0) AS p2, coalesce(o.p3, 0) AS p3, coalesce(o.p4, 0) AS p4,
          coalesce(o.total - o.p1 - o.p2 - o.p3 - o.p4, 0) AS no_priority,
          coalesce(c.planned, 0) AS planned, coalesce(c.ongoing, 0) AS ongoing, coalesce(c.done, 0) AS done
        FROM parks p LEFT JOIN fleet f ON f.wind_farm_id = p.wind_farm_id
          LEFT JOIN open o ON o.wind_farm_id = p.wind_farm_id LEFT JOIN campaigns c ON c.wind_farm_id = p.wind_farm_id)`;
  }

  /**
   * The version of what the overview reads for one customer and park scope: each of the
   * customer's parks in scope with its version, found and versioned in one statement (service-kit
   * `parkVersionsOf`), or null when the customer has no park. A park moved to or from the customer
   * changes the set, so the key too.
   */
  async version(m: EntityManager, customerId: string, parkIds: string[] | null): Promise<string | null> {
    const versions = await parkVersionsOf(
      m,
      this.sql.s,
      PARK_CHANGES,
      `SELECT wind_farm_id AS id FROM ${this.sql.s}.park_ref WHERE customer_id = $1 AND ($2::uuid[] IS NULL OR wind_farm_id = ANY($2))`,
      [customerId, parkIds],
    );
    return versions.size ? `${customerId}|${[...versions.values()].join(',')}` : null;
  }

  async totals(m: EntityManager, customerId: string, parkIds: string[] | null): Promise<OmTotalsRow> {
    const sums = COUNTS.map((c) => `coalesce(sum(${c}), 0)::int AS ${c}`).join(', ');
    const [row] = await m.query(
      `${this.perPark} SELECT count(*)::int AS park_count, ${sums}, (SELECT d::text FROM window_start) AS window_from FROM rows`,
      [customerId, parkIds],
    );
    return row;
  }

  async parks(m: EntityManager, customerId: string, parkIds: string[] | null, p: PageRequest): Promise<{ rows: OmParkRow[]; total: number }> {
    const col = PARK_SORT[p.sortField as keyof typeof PARK_SORT];
    const rows: (OmParkRow & { total: number })[] = await m.query(
      `${this.perPark} SELECT *, count(*) OVER ()::int AS total FROM rows
       ORDER BY ${col} ${p.descending ? 'DESC' : 'ASC'} NULLS LAST, lower(name), wind_farm_id LIMIT $3 OFFSET $4`,
      [customerId, parkIds, p.take, p.skip],
    );
    // Past the last page the window count is gone: count the parks alone.
    const total = rows[0]?.total ?? (await this.totals(m, customerId, parkIds)).park_count;
    return { rows, total };
  }
}
