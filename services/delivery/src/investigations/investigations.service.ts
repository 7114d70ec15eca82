import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, InvestigationStatus, canChangeInvestigationStatus } from '@windward/contracts';
import { canSeePark, isUniqueViolation, parsePage, type AuthUser } from '@windward/service-kit';
import type { AddInvestigationDefectsDto, CreateInvestigationDto, InvestigationDefectsQuery, InvestigationListQuery, InvestigationPoolQuery, InvestigationResultDto } from './investigation.dto.js';
import { CAMPAIGN_SORT_FIELDS, DEFECT_SORT_FIELDS, InvestigationRepository, type InvestigationScope } from './investigation.repository.js';
import type {
  InvestigationCampaignPage,
  InvestigationCampaignView,
  InvestigationDefectPage,
  InvestigationDefectView,
  InvestigationParkView,
  PoolDefectPage,
} from './investigation.view.js';

/**
 * Investigations (SPEC §2 /inspection/investigation): the pool of inspection's defects not yet in a
 * campaign, investigation campaigns of one park with statuses 1..3, a defect in one campaign only.
 */
@Injectable()
export class InvestigationsService {
  constructor(
    private readonly ds: DataSource,
    private readonly repo: InvestigationRepository,
  ) {}

  /** The caller's parks and customers (null: all), and the park asked for. */
  private scope(user: AuthUser, windFarmId?: string): InvestigationScope {
    return { windFarmId, parkIds: user.parkIds, customerIds: user.customerIds };
  }

  async pool(user: AuthUser, q: InvestigationPoolQuery): Promise<PoolDefectPage> {
    const page = parsePage(q, ['severity'], { sortField: 'severity', descending: true });
    const { rows, total } = await this.repo.poolPage(this.ds.manager, this.scope(user, q.windFarmId), page);
    return { results: rows, totalCount: total };
  }

  async list(user: AuthUser, q: InvestigationListQuery): Promise<InvestigationCampaignPage> {
    const page = parsePage(q, CAMPAIGN_SORT_FIELDS, { sortField: 'updatedAt', descending: true });
    const { rows, total } = await this.repo.campaignPage(this.ds.manager, this.scope(user, q.windFarmId), page);
    return { results: rows, totalCount: total };
  }

  async get(user: AuthUser, id: string): Promise<InvestigationCampaignView> {
    return this.ds.transaction((m) => this.load(m, user, id, false));
  }

  async defects(user: AuthUser, id: string, q: InvestigationDefectsQuery): Promise<InvestigationDefectPage> {
    const page = parsePage(q, DEFECT_SORT_FIELDS, { sortField: 'severity', descending: true });
    await this.get(user, id);
    const { rows, total } = await this.repo.defectPage(this.ds.manager, id, page);
    return { results: rows, totalCount: total };
  }

  /** Outcomes are recorded while the campaign is under investigation (not before it starts, not once it is investigated). */
  async setResult(user: AuthUser, id: string, defectId: string, dto: InvestigationResultDto): Promise<InvestigationDefectView> {
    return this.ds.transaction(async (m) => {
      const c = await this.load(m, user, id);
      if (!c.defectIds.includes(defectId)) throw new AppError('NOT_FOUND');
      if (c.status !== InvestigationStatus.UNDER_INVESTIGATION) throw new AppError('INVESTIGATION_RESULT_NOT_EDITABLE');
      const notes = dto.notes === undefined ? undefined : dto.notes?.trim() || null;
      await this.repo.setResult(m, id, defectId, { result: dto.result, notes, by: user.userId });
      await this.repo.touch(m, id);
      return (await this.repo.defect(m, defectId))!;
    });
  }

  async create(user: AuthUser, dto: CreateInvestigationDto): Promise<InvestigationCampaignView> {
    return this.ds.transaction(async (m) => {
      await this.assertPark(m, user, dto.windFarmId);
      const name = dto.name.trim();
      if (await this.repo.nameTaken(m, name)) throw new AppError('SAME_CAMPAIGN_NAME_EXISTS');
      const id = await this.repo.insert(m, name, dto.windFarmId);
      await this.addDefects(m, id, dto.windFarmId, dto.defectIds);
      return this.one(m, id);
    });
  }

  async add(user: AuthUser, id: string, dto: AddInvestigationDefectsDto): Promise<InvestigationCampaignView> {
    return this.ds.transaction(async (m) => {
      const c = await this.load(m, user, id);
      await this.addDefects(m, id, c.windFarmId, dto.defectIds);
      await this.repo.touch(m, id);
      return this.one(m, id);
    });
  }

  /** Once the campaign started, its defects stay. */
  async removeDefect(user: AuthUser, id: string, defectId: string): Promise<InvestigationCampaignView> {
    return this.ds.transaction(async (m) => {
      const c = await this.load(m, user, id);
      if (!c.defectIds.includes(defectId)) throw new AppError('NOT_FOUND');
      if (c.status !== 1) throw new AppError('DEFECT_IN_INVESTIGATION_CANNOT_BE_REMOVED');
      await this.repo.removeDefect(m, id, defectId);
      return this.one(m, id);
    });
  }

  /** A completed (investigated) campaign cannot return to ongoing (SPEC §4). */
  async changeStatus(user: AuthUser, id: string, status: number): Promise<InvestigationCampaignView> {
    return this.ds.transaction(async (m) => {
      const c = await this.load(m, user, id);
      if (!canChangeInvestigationStatus(c.status as InvestigationStatus, status as InvestigationStatus)) throw new AppError('CAMPAIGN_STATUS_CANNOT_GO_BACK');
      if (c.status === status) return c;
      await this.repo.setStatus(m, id, status);
      return this.one(m, id);
    });
  }

  async remove(user: AuthUser, id: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      const c = await this.load(m, user, id);
      if (c.status !== 1) throw new AppError('STARTED_INVESTIGATION_CAMPAIGN_CANNOT_BE_DELETED');
      await this.repo.delete(m, id);
    });
  }

  /** SPEC §7 `GET /gw/project/api/v2/investigation/plan/windParks`: parks with pool defects or campaigns. */
  async parks(user: AuthUser): Promise<InvestigationParkView[]> {
    const rows = await this.repo.parks(this.ds.manager, user.parkIds, user.customerIds);
    return rows.filter((r) => r.poolDefectCount > 0 || r.campaignCount > 0);
  }

  private async assertPark(m: EntityManager, user: AuthUser, parkId: string) {
    const p = await this.repo.parkCustomer(m, parkId);
    if (!p || !canSeePark(user, parkId) || (user.customerIds !== null && !user.customerIds.includes(p.customer_id!))) {
      throw new AppError('VALIDATION_FAILED', { details: [{ field: 'windFarmId', constraints: { rule: 'unknown wind park' } }] });
    }
  }

  /** Defects must be the park's; one already in another campaign refuses the whole request. */
  private async addDefects(m: EntityManager, campaignId: string, parkId: string, ids: string[]) {
    const wanted = [...new Set(ids)];
    if (!wanted.length) return;
    const found = await this.repo.parkDefects(m, parkId, wanted);
    if (found.length !== wanted.length) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'defectIds', constraints: { rule: "not a defect of the campaign's park" } }] });
    if (found.some((f) => f.campaign && f.campaign !== campaignId)) throw new AppError('DEFECTS_IN_OTHER_INVESTIGATION_CAMPAIGN');
    try {
      await this.repo.insertDefects(
        m,
        campaignId,
        found.filter((f) => !f.campaign).map((f) => f.id),
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('DEFECTS_IN_OTHER_INVESTIGATION_CAMPAIGN');
      throw err;
    }
  }

  private async one(m: EntityManager, id: string): Promise<InvestigationCampaignView> {
    return (await this.repo.campaign(m, id))!;
  }

  private async load(m: EntityManager, user: AuthUser, id: string, lock = true): Promise<InvestigationCampaignView> {
    const locked = await this.repo.campaignPark(m, id, lock);
    if (!locked || !canSeePark(user, locked.wind_farm_id)) throw new AppError('NOT_FOUND');
    const p = await this.repo.parkCustomer(m, locked.wind_farm_id);
    if (user.customerIds !== null && !(p && user.customerIds.includes(p.customer_id!))) throw new AppError('NOT_FOUND');
    return this.one(m, id);
  }
}
