import type { EntityManager } from 'typeorm';

/**
 * Inspection's rule in a read model: activating one inspection deactivates the turbine's others of
 * the same component (`inspection.inspection.created/updated` with `isActive: true`). The table is
 * the consumer's `inspection_ref` with `turbine_id`, `component_type` and `is_active` columns.
 */
export async function keepOnlyActiveInspection(
  m: EntityManager,
  table: string,
  inspectionId: string,
  turbineId: string,
  component: number | null,
): Promise<void> {
  await m.query(
    `UPDATE ${table} SET is_active = false
     WHERE turbine_id = $1 AND component_type IS NOT DISTINCT FROM $2 AND inspection_id <> $3 AND is_active`,
    [turbineId, component, inspectionId],
  );
}
