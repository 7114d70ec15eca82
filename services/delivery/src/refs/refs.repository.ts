import type { EntityManager } from 'typeorm';

export interface ParkRow {
  id: string;
  name: string;
  customerId: string;
}
export interface TurbineRow {
  id: string;
  parkId: string;
  name: string;
}
export interface CustomerRow {
  id: string;
  name: string;
  organizationId: string | null;
  maxTurbines: number | null;
}

/** Typed reads of delivery's read copies (parks, turbines, customers, organizations, inspections). */
export class RefsRepository {
  constructor(
    private readonly m: EntityManager,
    private readonly s: string,
  ) {}

  parks(ids: string[]): Promise<ParkRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.m.query(`SELECT wind_farm_id AS id, name, customer_id AS "customerId" FROM ${this.s}.park_ref WHERE wind_farm_id = ANY($1::uuid[])`, [
      ids,
    ]);
  }

  turbines(ids: string[]): Promise<TurbineRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.m.query(
      `SELECT turbine_id AS id, wind_farm_id AS "parkId", name FROM ${this.s}.turbine_ref WHERE turbine_id = ANY($1::uuid[]) AND NOT deleted`,
      [ids],
    );
  }

  async turbineCountOfParks(parkIds: string[]): Promise<number> {
    if (!parkIds.length) return 0;
    const [r] = await this.m.query(`SELECT count(*)::int AS n FROM ${this.s}.turbine_ref WHERE wind_farm_id = ANY($1::uuid[]) AND NOT deleted`, [parkIds]);
    return r.n;
  }

  async customer(id: string): Promise<CustomerRow | undefined> {
    const [r] = await this.m.query(
      `SELECT customer_id AS id, name, organization_id AS "organizationId", max_turbines AS "maxTurbines"
       FROM ${this.s}.customer_ref WHERE customer_id = $1 AND NOT deleted`,
      [id],
    );
    return r;
  }

  /** Inspections on these parks (and turbines, when listed) within the time range, optionally of one component type / data config. */
  async inspections(q: {
    parkIds: string[];
    turbineIds?: string[];
    from: Date | null;
    to: Date | null;
    componentType?: number;
    inspectionDataConfigId?: string;
  }): Promise<{ turbineId: string; parkId: string; inspections: number }[]> {
    if (!q.parkIds.length) return [];
    return this.m.query(
      `SELECT turbine_id AS "turbineId", wind_farm_id AS "parkId", count(*)::int AS inspections FROM ${this.s}.inspection_ref
       WHERE wind_farm_id = ANY($1::uuid[])
         AND ($2::uuid[] IS NULL OR turbine_id = ANY($2::uuid[]))
         AND ($3::timestamptz IS NULL OR inspection_date >= $3::timestamptz::date)
         AND ($4::timestamptz IS NULL OR inspection_date <= $4::timestamptz::date)
         AND ($5::int IS NULL OR component_type = $5)
         AND ($6::uuid IS NULL OR inspection_data_config_id = $6)
       GROUP BY turbine_id, wind_farm_id`,
      [q.parkIds, q.turbineIds?.length ? q.turbineIds : null, q.from, q.to, q.componentType ?? null, q.inspectionDataConfigId ?? null],
    );
  }
}
