import type { EntityManager } from 'typeorm';
import type { DefectTemplatePayload } from '@windward/contracts';

/**
 * Inspection's defect templates in a read model (`inspection.defect-template.changed`, the whole
 * template of one customer each time): the consumer's `defect_template_ref (customer_id PK,
 * types text[], severities jsonb, recommendations text[])`. The latest event wins.
 */
export async function keepDefectTemplateRef(m: EntityManager, table: string, p: DefectTemplatePayload): Promise<void> {
  await m.query(
    `INSERT INTO ${table} (customer_id, types, severities, recommendations) VALUES ($1, $2, $3, $4)
     ON CONFLICT (customer_id) DO UPDATE SET types = EXCLUDED.types, severities = EXCLUDED.severities, recommendations = EXCLUDED.recommendations`,
    [p.customerId, p.types, JSON.stringify(p.severities), p.recommendations],
  );
}
