import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, REPAIR_PLAN_MAX_DEFECTS } from '@windward/contracts';
import { canSeePark, parsePage, uniqueAsConflict, type AuthUser } from '@windward/service-kit';
import { canSeeRecord } from '../common/access.js';
import { TemplateRepository } from '../templates/template.repository.js';
import {
  DEFECT_SORT_FIELDS,
  PLAN_SORT_FIELDS,
  PlanRepository,
  type BatchRow,
  type DefectRow,
  type PlanDefectRow,
  type PlanRow,
} from './plan.repository.js';
import type { CandidateDefectQuery, CreateBatchDto, CreateRepairPlanDto, PlanDefectQuery, RepairPlanListQuery, SetRepairStepsDto, UpdateRepairPlanDto } from './plan.dto.js';
import type { PlanDefectPage, PlanDefectView, RepairDefectPage, RepairParkView, RepairDefectView, RepairPlanPage, RepairPlanView } from './plan.view.js';

const UNIQUE = { repair_plan_name_uq: 'REPAIR_PLAN_NAME_EXISTS', repair_plan_batch_name_uq: 'BATCH_NAME_EXISTS' } as const;

function presentPlan(r: PlanRow, batches: BatchRow[]): RepairPlanView {
  return {
    id: r.id,
    name: r.name,
    windFarmId: r.wind_farm_id,
    windFarmName: r.wind_farm_name,
    version: r.version,
    defectCount: r.defect_count,
    withoutStepCount: r.without_step_count,
    inCampaignCount: r.in_campaign_count,
    campaignCount: r.campaign_count,
    batches: batches.filter((b) => b.plan_id === r.id).map((b) => ({ id: b.id, name: b.name, defectCount: b.defect_count })),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export function presentDefect(r: DefectRow): RepairDefectView {
  return {
    defectId: r.defect_id,
    defectNo: r.defect_no,
    inspectionId: r.inspection_id,
    windFarmId: r.wind_farm_id,
    turbineId: r.turbine_id,
    turbineName: r.turbine_name,
    defectType: r.defect_type,
    severity: r.severity,
    bladePosition: r.blade_position,
    distanceToRoot: r.distance_to_root === null ? null : Number(r.distance_to_root),
    repairPriority: r.repair_priority,
    timelineStatus: r.timeline_status,
    campaignId: r.campaign_id,
    campaignName: r.campaign_name,
  };
}

function presentPlanDefect(r: PlanDefectRow): PlanDefectView {
  return { ...presentDefect(r), batchId: r.batch_id, batchName: r.batch_name, templateId: r.template_id, templateName: r.template_name };
}

const unique = (ids: string[]) => [...new Set(ids.map((id) => id.toLowerCase()))];

/**
 * Repair plans (SPEC §5 "Repair"): made of chosen defects of one wind park, at most 10,000, names
 * unique, batches unique per plan, edits with optimistic locking, no delete once campaigns exist.
 */
@Injectable()
export class PlansService {
  constructor(
    private readonly ds: DataSource,
    private readonly plans: PlanRepository,
    private readonly templates: TemplateRepository,
  ) {}

  async parks(user: AuthUser): Promise<RepairParkView[]> {
    return (await this.plans.parks(this.ds.manager, user.parkIds, user.customerIds)).map((r) => ({
      windFarmId: r.wind_farm_id,
      windFarmName: r.name,
      turbines: r.turbines,
    }));
  }

  async candidates(user: AuthUser, q: CandidateDefectQuery): Promise<RepairDefectPage> {
    if (!canSeeRecord(user, q.windFarmId, await this.plans.customerOfPark(this.ds.manager, q.windFarmId))) return { results: [], totalCount: 0 };
    const page = parsePage(q, DEFECT_SORT_FIELDS, { sortField: 'defectNo', pageSize: 50 });
    const f = {
      windFarmId: q.windFarmId,
      ...(q.turbineIds?.length ? { turbineIds: q.turbineIds } : {}),
      ...(q.severities?.length ? { severities: q.severities } : {}),
      ...(q.repairPriorities?.length ? { repairPriorities: q.repairPriorities } : {}),
      ...(q.timelineStatuses?.length ? { timelineStatuses: q.timelineStatuses } : {}),
    };
    const { rows, total } = await this.plans.candidates(this.ds.manager, f, page);
    return { results: rows.map(presentDefect), totalCount: total };
  }

  async list(user: AuthUser, q: RepairPlanListQuery): Promise<RepairPlanPage> {
    const page = parsePage(q, PLAN_SORT_FIELDS, { sortField: 'createdAt', descending: true });
    const { rows, total } = await this.plans.page(
      this.ds.manager,
      { ...(q.name?.trim() ? { name: q.name.trim() } : {}), ...(q.windFarmId ? { windFarmId: q.windFarmId } : {}), parkIds: user.parkIds, customerIds: user.customerIds },
      page,
    );
    const batches = await this.plans.batches(this.ds.manager, rows.map((r) => r.id));
    return { results: rows.map((r) => presentPlan(r, batches)), totalCount: total };
  }

  async get(user: AuthUser, id: string, m: EntityManager = this.ds.manager): Promise<RepairPlanView> {
    const row = await this.plans.find(m, id);
    if (!row || !canSeeRecord(user, row.wind_farm_id, row.customer_id)) throw new AppError('REPAIR_PLAN_NOT_FOUND');
    return presentPlan(row, await this.plans.batches(m, [id]));
  }

  async defects(user: AuthUser, id: string, q: PlanDefectQuery): Promise<PlanDefectPage> {
    await this.get(user, id);
    const page = parsePage(q, DEFECT_SORT_FIELDS, { sortField: 'defectNo', pageSize: 50 });
    const { rows, total } = await this.plans.planDefects(
      this.ds.manager,
      id,
      {
        ...(q.batchId ? { batchId: q.batchId } : {}),
        ...(q.turbineId ? { turbineId: q.turbineId } : {}),
        ...(q.hasStep !== undefined ? { hasStep: q.hasStep === 1 } : {}),
        ...(q.inCampaign !== undefined ? { inCampaign: q.inCampaign === 1 } : {}),
      },
      page,
    );
    return { results: rows.map(presentPlanDefect), totalCount: total };
  }

  /**
   * The wind park of defects about to join a plan: every id a live defect the caller may see
   * (-7007 otherwise), all of one park, and that park the plan's when it has one.
   */
  private async parkOf(m: EntityManager, user: AuthUser, ids: string[], planPark?: string): Promise<string> {
    const rows = await this.plans.defectParks(m, ids);
    if (rows.length !== ids.length || rows.some((r) => !r.wind_farm_id || !canSeePark(user, r.wind_farm_id))) throw new AppError(-7007);
    const parks = new Set(rows.map((r) => r.wind_farm_id!));
    if (planPark) parks.add(planPark);
    if (parks.size > 1) throw new AppError('REPAIR_PLAN_MIXED_WIND_PARKS');
    const park = [...parks][0]!;
    if (!canSeeRecord(user, park, await this.plans.customerOfPark(m, park))) throw new AppError(-7007);
    return park;
  }

  async create(user: AuthUser, dto: CreateRepairPlanDto): Promise<RepairPlanView> {
    const name = dto.name.trim();
    if (!name) throw new AppError('REQUIRED');
    const ids = unique(dto.defectIds);
    if (!ids.length) throw new AppError('SELECT_AT_LEAST_ONE_DEFECT_PLAN');
    if (ids.length > REPAIR_PLAN_MAX_DEFECTS) throw new AppError('REPAIR_PLAN_DEFECT_LIMIT');
    const id = await uniqueAsConflict(
      () =>
        this.ds.transaction(async (m) => {
          const parkId = await this.parkOf(m, user, ids);
          if (await this.plans.nameTaken(m, name, null)) throw new AppError('REPAIR_PLAN_NAME_EXISTS');
          const planId = await this.plans.insert(m, { name, windFarmId: parkId, customerId: await this.plans.customerOfPark(m, parkId), createdBy: user.userId });
          await this.plans.addDefects(m, planId, ids);
          return planId;
        }),
      UNIQUE,
    );
    return this.get(user, id);
  }

  /**
   * Every edit starts here: the plan must be visible, and the version the editor loaded must
   * still be current (the UPDATE's row lock makes a concurrent second save wait, then miss).
   */
  private async lockVersion(m: EntityManager, user: AuthUser, id: string, version: number, name?: string) {
    const plan = await this.plans.exists(m, id);
    if (!plan || !canSeeRecord(user, plan.wind_farm_id, plan.customer_id)) throw new AppError('REPAIR_PLAN_NOT_FOUND');
    if (name !== undefined && (await this.plans.nameTaken(m, name, id))) throw new AppError('REPAIR_PLAN_NAME_EXISTS');
    if ((await this.plans.bump(m, id, version, name)) === null) throw new AppError('EDIT_CONFLICT');
    return plan;
  }

  async update(user: AuthUser, id: string, dto: UpdateRepairPlanDto): Promise<RepairPlanView> {
    const name = dto.name?.trim();
    if (dto.name !== undefined && !name) throw new AppError('REQUIRED');
    const add = unique(dto.addDefectIds ?? []);
    const remove = unique(dto.removeDefectIds ?? []);
    await uniqueAsConflict(
      () =>
        this.ds.transaction(async (m) => {
          const plan = await this.lockVersion(m, user, id, dto.version, name);
          if (remove.length) {
            // A defect already being repaired stays in its plan (-13010).
            if ((await this.plans.inCampaign(m, remove)).length) throw new AppError(-13010);
            await this.plans.removeDefects(m, id, remove);
          }
          if (add.length) {
            await this.parkOf(m, user, add, plan.wind_farm_id);
            await this.plans.addDefects(m, id, add);
          }
          const count = await this.plans.countDefects(m, id);
          if (count > REPAIR_PLAN_MAX_DEFECTS) throw new AppError('REPAIR_PLAN_DEFECT_LIMIT');
          if (count === 0) throw new AppError('SELECT_AT_LEAST_ONE_DEFECT_PLAN');
        }),
      UNIQUE,
    );
    return this.get(user, id);
  }

  /** Gives defects of the plan a repair step (a template); a campaign needs one for each of its defects (-13009). */
  async setSteps(user: AuthUser, id: string, dto: SetRepairStepsDto): Promise<RepairPlanView> {
    const ids = unique(dto.defectIds);
    if (!ids.length) throw new AppError('SELECT_AT_LEAST_ONE_DEFECT_PLAN');
    await this.ds.transaction(async (m) => {
      await this.lockVersion(m, user, id, dto.version);
      if ((await this.plans.notInPlan(m, id, ids)).length) throw new AppError(-7007);
      const templateId = dto.templateId ?? null;
      if (templateId && !(await this.templates.existing(m, [templateId])).length) throw new AppError(-13003);
      await this.plans.setTemplate(m, id, ids, templateId);
    });
    return this.get(user, id);
  }

  async createBatch(user: AuthUser, id: string, dto: CreateBatchDto): Promise<RepairPlanView> {
    const name = dto.name.trim();
    if (!name) throw new AppError('REQUIRED');
    const ids = unique(dto.defectIds);
    await uniqueAsConflict(
      () =>
        this.ds.transaction(async (m) => {
          await this.lockVersion(m, user, id, dto.version);
          if (await this.plans.batchNameTaken(m, id, name)) throw new AppError('BATCH_NAME_EXISTS');
          if ((await this.plans.notInPlan(m, id, ids)).length) throw new AppError(-7007);
          await this.plans.insertBatch(m, id, name, ids);
        }),
      UNIQUE,
    );
    return this.get(user, id);
  }

  /** A plan with campaigns cannot be deleted (SPEC §4). */
  async remove(user: AuthUser, id: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      await this.plans.lock(m, id);
      const plan = await this.get(user, id, m);
      if (plan.campaignCount > 0) throw new AppError('REPAIR_PLAN_HAS_CAMPAIGNS');
      await this.plans.delete(m, id);
    });
  }
}
