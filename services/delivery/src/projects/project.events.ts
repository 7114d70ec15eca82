import type { EntityManager } from 'typeorm';
import type { ProjectEventPayload } from '@windward/contracts';
import { InspectionCampaign } from '../campaigns/campaign.entity.js';
import type { Project } from './project.entity.js';

/** What delivery.project.* carries: what asset's, repair's, report's and import's project read models keep. */
export async function projectPayload(m: EntityManager, p: Project): Promise<ProjectEventPayload> {
  const rows: { type: number }[] = await m
    .createQueryBuilder(InspectionCampaign, 'c')
    .select('DISTINCT c.campaignType', 'type')
    .where('c.projectId = :id AND c.active', { id: p.id })
    .getRawMany();
  return {
    projectId: p.id,
    projectName: p.name,
    status: p.status,
    projectType: p.projectType,
    customerId: p.customerId,
    windFarmIds: p.windParkIds,
    turbineIds: [...new Set([...p.externalTurbineIds, ...p.internalTurbineIds])],
    operation: p.operation,
    campaignTypes: rows.map((r) => Number(r.type)).sort((a, b) => a - b),
    // The time range as days (repair's -6009 campaign bound, import's -10038/-10039); null = open.
    startDate: day(p.startTime),
    endDate: day(p.endTime),
    // Import refuses rows that would mix another template into the project's data (-10030).
    defectTemplateId: p.defectTemplateId,
  };
}

function day(t: Date | string | null): string | null {
  return t ? new Date(t).toISOString().slice(0, 10) : null;
}
