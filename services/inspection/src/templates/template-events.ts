import type { EntityManager } from 'typeorm';
import { EventTypes, type DefectTemplatePayload } from '@windward/contracts';
import type { EventPublisher } from '@windward/service-kit';
import { TemplateItem } from './template.entity.js';

/**
 * inspection.defect-template.changed with the customer's whole defect template, in the caller's
 * transaction: import checks sheet rows against its copy (-10019). Called wherever template items
 * are written (Config Center, template workbooks, the demo seed).
 */
export async function announceDefectTemplate(m: EntityManager, events: EventPublisher, customerId: string, userId?: string): Promise<void> {
  const items = await m.find(TemplateItem, { where: { customerId }, order: { level: 'ASC', name: 'ASC' } });
  const of = (kind: TemplateItem['kind']) => items.filter((i) => i.kind === kind);
  const payload: DefectTemplatePayload = {
    customerId,
    types: of('type').map((i) => i.name),
    severities: of('severity').map((i) => ({ name: i.name, level: i.level })),
    recommendations: of('recommendation').map((i) => i.name),
  };
  await events.publish(m, EventTypes.InspectionDefectTemplateChanged, customerId, payload, userId);
}
