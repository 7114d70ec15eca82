import type { EntityManager } from 'typeorm';
import { EventTypes, type ParkEventPayload } from '@windward/contracts';
import type { EventPublisher } from '@windward/service-kit';
import { InspectionCampaign } from '../campaigns/campaign.entity.js';
import { DprActivity } from '../dpr/dpr-activity.entity.js';
import { DprTemplate } from '../dpr/dpr-template.entity.js';
import { Project } from '../projects/project.entity.js';
import { projectPayload } from '../projects/project.events.js';

/** The year of the demo's first flights (services/inspection/src/seed/demo-seed.ts). */
const DEMO_FIRST_YEAR = 2024;

const DEMO_ACTIVITIES = [
  { name: 'Turbines flown', unit: 'turbines' },
  { name: 'Blades inspected', unit: 'blades' },
  { name: 'Images uploaded', unit: 'images' },
];

/**
 * With SEED_DEMO=true, every demo wind park asset announces gets one external blade inspection
 * project (in progress, from the demo's first flights to the end of this year) with an active campaign, and the DPR activities and template
 * exist once; so the demo accounts with project rights see projects, campaigns and DPRs to work on.
 * Idempotent: a park some project already covers is left alone.
 */
export async function seedDemoProject(m: EntityManager, events: EventPublisher, park: ParkEventPayload): Promise<void> {
  const covered = await m.createQueryBuilder(Project, 'p').where(':park = ANY(p.windParkIds)', { park: park.windFarmId }).getExists();
  if (covered) return;
  let template = await m.findOne(DprTemplate, { where: { name: 'Blade inspection (demo)' } });
  if (!template) {
    const ids: string[] = [];
    for (const a of DEMO_ACTIVITIES) {
      const row = (await m.findOne(DprActivity, { where: { name: a.name } })) ?? (await m.save(m.create(DprActivity, a)));
      ids.push(row.id);
    }
    template = await m.save(m.create(DprTemplate, { name: 'Blade inspection (demo)', activityIds: ids }));
  }
  // The demo's flights are from 2024 and 2025 (inspection's demo seed): the project runs from the
  // first of them to the end of this year, so a project manager's dashboard shows them right away.
  const year = new Date().getUTCFullYear();
  const p = await m.save(
    m.create(Project, {
      name: `${park.windFarmName} blade inspection ${DEMO_FIRST_YEAR}–${year}`,
      projectType: 1,
      subType: 1,
      serviceType: 1,
      status: 2,
      operation: false,
      operationProjectId: null,
      customerId: park.customerId,
      organizationId: null,
      windParkIds: [park.windFarmId],
      internalTurbineIds: [],
      externalTurbineIds: [],
      operators: [],
      plannedVolume: 20,
      startTime: new Date(Date.UTC(DEMO_FIRST_YEAR, 0, 1)),
      endTime: new Date(Date.UTC(year, 11, 31)),
      defectTemplateId: null,
      dprTemplateId: template.id,
    }),
  );
  const c = await m.save(m.create(InspectionCampaign, { projectId: p.id, name: `${park.windFarmName} external blades ${year}`, campaignType: 1, status: 2, active: true, windParkIds: [park.windFarmId] }));
  await events.publish(m, EventTypes.DeliveryProjectCreated, p.id, await projectPayload(m, p));
  await events.publish(m, EventTypes.DeliveryCampaignCreated, c.id, { campaignId: c.id, name: c.name, projectId: p.id, projectType: p.projectType, status: c.status, active: true });
}
