import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  AppError,
  CampaignType,
  EventTypes,
  ProjectSubTypeGroup,
  canChangeProjectStatus,
  projectSubTypeGroup,
  type InspectionCampaignEventPayload,
  type ProjectStatusCode,
  type ProjectSubType,
} from '@windward/contracts';
import { EventPublisher, pageRows, parsePage, uniqueAsConflict, type AuthUser } from '@windward/service-kit';
import { Project } from '../projects/project.entity.js';
import { projectPayload } from '../projects/project.events.js';
import { loadVisibleProject } from '../projects/project-scope.js';
import { InspectionCampaign } from './campaign.entity.js';
import type { CampaignListQuery, SaveCampaignDto } from './campaign.dto.js';
import type { CampaignPage, CampaignView } from './campaign.view.js';

const SORT_COLUMN: Record<string, string> = { name: 'c.name', createdAt: 'c.createdAt', status: 'c.status' };
const INSPECTION_TYPES: readonly number[] = [CampaignType.BLADE_EXTERNAL, CampaignType.BLADE_INTERNAL, CampaignType.NACELLE, CampaignType.TOWER, CampaignType.FOUNDATION];

/**
 * -6007: only inspection types (1..5) are inspection campaigns, and they follow the project's
 * sub-type group: internal projects inspect blade interiors (2), external ones never do, LPS
 * measurements are taken on blades (1). A project without a sub-type takes any inspection type.
 */
export function campaignTypeFits(type: number, subType: number | null): boolean {
  if (!INSPECTION_TYPES.includes(type)) return false;
  if (subType === null) return true;
  const group = projectSubTypeGroup(subType as ProjectSubType);
  if (group === ProjectSubTypeGroup.INTERNAL) return type === CampaignType.BLADE_INTERNAL;
  if (group === ProjectSubTypeGroup.LPS) return type === CampaignType.BLADE_EXTERNAL;
  return type !== CampaignType.BLADE_INTERNAL;
}

function present(c: InspectionCampaign, projectName: string): CampaignView {
  return {
    campaignId: c.id,
    projectId: c.projectId,
    projectName,
    name: c.name,
    campaignType: c.campaignType,
    status: c.status,
    active: c.active,
    windFarmIds: c.windParkIds,
    startTime: c.startTime,
    endTime: c.endTime,
    updatedAt: c.updatedAt,
  };
}

@Injectable()
export class CampaignsService {
  constructor(
    private readonly ds: DataSource,
    private readonly events: EventPublisher,
  ) {}

  async list(user: AuthUser, q: CampaignListQuery): Promise<CampaignPage> {
    const page = parsePage(q, Object.keys(SORT_COLUMN), { sortField: 'createdAt', descending: true });
    const qb = this.ds.getRepository(InspectionCampaign).createQueryBuilder('c').innerJoinAndSelect('c.project', 'p');
    if (user.customerIds !== null) qb.andWhere('p.customerId = ANY(:scopeCustomers)', { scopeCustomers: user.customerIds });
    if (user.parkIds !== null) qb.andWhere(`(p.windParkIds && :scopeParks::uuid[] OR cardinality(p.windParkIds) = 0)`, { scopeParks: user.parkIds });
    if (q.projectId) qb.andWhere('c.projectId = :projectId', { projectId: q.projectId });
    if (q.campaignType) qb.andWhere('c.campaignType = :type', { type: q.campaignType });
    if (q.status) qb.andWhere('c.status = :status', { status: q.status });
    if (q.active !== undefined) qb.andWhere('c.active = :active', { active: q.active });
    const [rows, totalCount] = await pageRows(qb, page, SORT_COLUMN, 'c.id', { nulls: 'largest' });
    return { results: rows.map((c) => present(c, c.project!.name)), totalCount };
  }

  async get(user: AuthUser, id: string): Promise<CampaignView> {
    const { c, p } = await this.load(this.ds.manager, user, id);
    return present(c, p.name);
  }

  async create(user: AuthUser, dto: SaveCampaignDto): Promise<CampaignView> {
    return this.ds.transaction(async (m) => {
      const p = await loadVisibleProject(m, user, dto.projectId, true);
      const c = m.create(InspectionCampaign, { projectId: p.id, status: 1, active: true });
      await this.apply(m, p, c, dto);
      await this.announce(m, user, p, c, EventTypes.DeliveryCampaignCreated);
      return present(c, p.name);
    });
  }

  async update(user: AuthUser, id: string, dto: SaveCampaignDto): Promise<CampaignView> {
    return this.ds.transaction(async (m) => {
      const { c, p } = await this.load(m, user, id);
      await this.assertModifiable(m, p);
      if (dto.projectId !== c.projectId) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'projectId', constraints: { rule: 'a campaign stays in its project' } }] });
      await this.apply(m, p, c, dto);
      await this.announce(m, user, p, c, EventTypes.DeliveryCampaignUpdated);
      return present(c, p.name);
    });
  }

  /** pending → processing → completed, never back (same rule as projects). */
  async changeStatus(user: AuthUser, id: string, status: number): Promise<CampaignView> {
    return this.ds.transaction(async (m) => {
      const { c, p } = await this.load(m, user, id);
      await this.assertModifiable(m, p);
      if (!canChangeProjectStatus(c.status as ProjectStatusCode, status as ProjectStatusCode)) throw new AppError('CAMPAIGN_STATUS_CANNOT_GO_BACK');
      if (c.status !== status) {
        c.status = status;
        await m.save(c);
        await this.announce(m, user, p, c, EventTypes.DeliveryCampaignUpdated);
      }
      return present(c, p.name);
    });
  }

  /** Inactive is final (SPEC §4); task-flow stops the campaign's ongoing tasks when it hears it. */
  async setActive(user: AuthUser, id: string, active: boolean): Promise<CampaignView> {
    return this.ds.transaction(async (m) => {
      const { c, p } = await this.load(m, user, id);
      if (active && !c.active) throw new AppError('INSPECTION_CAMPAIGN_INACTIVE_FINAL');
      if (c.active !== active) {
        c.active = active;
        await m.save(c);
        await this.announce(m, user, p, c, EventTypes.DeliveryCampaignUpdated);
      }
      return present(c, p.name);
    });
  }

  private async load(m: EntityManager, user: AuthUser, id: string) {
    const c = await m.findOne(InspectionCampaign, { where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!c) throw new AppError('NOT_FOUND');
    const p = await loadVisibleProject(m, user, c.projectId);
    return { c, p };
  }

  /** A campaign of a project held by an ongoing O&M project cannot be modified. */
  private async assertModifiable(m: EntityManager, p: Project): Promise<void> {
    if (!p.operationProjectId) return;
    const om = await m.findOne(Project, { where: { id: p.operationProjectId } });
    if (om && om.status === 2) throw new AppError('INSPECTION_CAMPAIGN_LINKED_TO_OM');
  }

  private async apply(m: EntityManager, p: Project, c: InspectionCampaign, dto: SaveCampaignDto): Promise<void> {
    if (!campaignTypeFits(dto.campaignType, p.subType)) throw new AppError(-6007);
    const start = dto.startTime ? new Date(dto.startTime) : null;
    const end = dto.endTime ? new Date(dto.endTime) : null;
    if (start && end && start > end) throw new AppError('INVALID_TIME_RANGE');
    const parks = [...new Set(dto.windFarmIds ?? [])];
    if (parks.some((id) => !p.windParkIds.includes(id))) {
      throw new AppError('VALIDATION_FAILED', { details: [{ field: 'windFarmIds', constraints: { rule: "a wind park outside the campaign's project" } }] });
    }
    const name = dto.name.trim();
    const same = await m
      .createQueryBuilder(InspectionCampaign, 'c')
      .where('lower(c.name) = lower(:name)', { name })
      .andWhere(c.id ? 'c.id <> :id' : 'TRUE', { id: c.id })
      .getExists();
    if (same) throw new AppError('SAME_CAMPAIGN_NAME_EXISTS');
    Object.assign(c, { name, campaignType: dto.campaignType, windParkIds: parks, startTime: start, endTime: end });
    await uniqueAsConflict(() => m.save(c), { inspection_campaign_name_uq: 'SAME_CAMPAIGN_NAME_EXISTS' });
  }

  /** delivery.campaign.* for task-flow, and the project again: its campaign types are part of asset's read model. */
  private async announce(m: EntityManager, user: AuthUser, p: Project, c: InspectionCampaign, type: typeof EventTypes.DeliveryCampaignCreated | typeof EventTypes.DeliveryCampaignUpdated) {
    const payload: InspectionCampaignEventPayload = { campaignId: c.id, name: c.name, projectId: p.id, projectType: p.projectType, status: c.status, active: c.active };
    await this.events.publish(m, type, c.id, payload, user.userId);
    await this.events.publish(m, EventTypes.DeliveryProjectUpdated, p.id, await projectPayload(m, p), user.userId);
  }
}
