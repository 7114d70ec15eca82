import type { EntityManager } from 'typeorm';
import type { ProjectEventPayload } from '@windward/contracts';

/**
 * Delivery's projects in a read model (`delivery.project.created/updated/status-changed`): the
 * consumer's `project_ref (project_id PK, name, status, operation, customer_id, wind_farm_ids uuid[],
 * start_date, end_date)`. Optional fields absent from an event (a bare status change) keep what was
 * known.
 */
export async function keepProjectRef(m: EntityManager, table: string, p: ProjectEventPayload): Promise<void> {
  const has = (k: keyof ProjectEventPayload) => p[k] !== undefined;
  await m.query(
    `INSERT INTO ${table} AS r (project_id, name, status, operation, customer_id, wind_farm_ids, start_date, end_date)
     VALUES ($1, $2, $3, coalesce($4, false), $5, coalesce($6::uuid[], '{}'), $7, $8)
     ON CONFLICT (project_id) DO UPDATE SET name = EXCLUDED.name, status = EXCLUDED.status,
       operation = CASE WHEN $4::boolean IS NULL THEN r.operation ELSE EXCLUDED.operation END,
       customer_id = CASE WHEN $9 THEN EXCLUDED.customer_id ELSE r.customer_id END,
       wind_farm_ids = CASE WHEN $6::uuid[] IS NULL THEN r.wind_farm_ids ELSE EXCLUDED.wind_farm_ids END,
       start_date = CASE WHEN $10 THEN EXCLUDED.start_date ELSE r.start_date END,
       end_date = CASE WHEN $11 THEN EXCLUDED.end_date ELSE r.end_date END`,
    [
      p.projectId,
      p.projectName,
      p.status,
      p.operation ?? null,
      p.customerId ?? null,
      p.windFarmIds ?? null,
      p.startDate ?? null,
      p.endDate ?? null,
      has('customerId'),
      has('startDate'),
      has('endDate'),
    ],
  );
}
