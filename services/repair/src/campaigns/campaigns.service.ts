import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, EventTypes, RepairCampaignStatus, RoleId, canChangeRepairProgress } from '@windward/contracts';
import { EventPublisher, parsePage, uniqueAsConflict, type AuthUser } from '@windward/service-kit';
import { canSeeRecord, isTechnician } from '../common/access.js';
import { CAMPAIGN_SORT_FIELDS, CampaignRepository, type CampaignRow, type TechnicianRow } from './campaign.repository.js';
import type { CreateRepairCampaignDto, GrantTechniciansDto, OmProjectQuery, RepairCampaignListQuery, TechnicianQuery } from './campaign.dto.js';
import type { OmProjectView, RepairCampaignDetailView, RepairCampaignPage, RepairCampaignView, TechnicianPage, TechnicianView } from './campaign.view.js';
import { CampaignLive } from './campaign-live.js';

const presentTechnician = (t: TechnicianRow): TechnicianView => ({ userId: t.user_id, username: t.username, displayName: t.display_name });

function present(r: CampaignRow, technicians: TechnicianRow[]): RepairCampaignView {
  const byStatus = [1, 2, 3, 4, 5, 6].map((s) => ({ repairStatus: s, count: Number(r.by_status?.[String(s)] ?? 0) }));
  return {
    id: r.id,
    name: r.name,
    planId: r.plan_id,
    planName: r.plan_name,
    windFarmId: r.wind_farm_id,
    windFarmName: r.wind_farm_name,
    projectId: r.project_id,
    projectName: r.project_name,
    startDate: r.start_date,
    endDate: r.end_date,
    status: r.status,
    defectCount: r.defect_count,
    doneCount: r.done_count,
    progress: r.defect_count ? Math.round((100 * r.done_count) / r.defect_count) : 0,
    byStatus,
    turbineCount: r.turbine_count,
    turbinesDone: r.turbines_done,
    technicians: technicians.filter((t) => t.campaign_id === r.id).map(presentTechnician),
    createdAt: r.created_at,
  };
}

/**
 * Repair campaigns: made from defects of one plan that each have a repair step and are in no
 * other campaign, inside their O&M project's time range; a completed campaign changes no more.
 */
@Injectable()
export class CampaignsService {
  constructor(
    private readonly ds: DataSource,
    private readonly campaigns: CampaignRepository,
    private readonly events: EventPublisher,
    private readonly live: CampaignLive,
  ) {}

  /** The campaign as the caller may see it: their parks, and for a technician only campaigns granted to them. */
  async visible(m: EntityManager, user: AuthUser, id: string): Promise<CampaignRow> {
    const row = await this.campaigns.find(m, id);
    if (!row) throw new AppError('NOT_FOUND');
    const technician = isTechnician(user);
    if (technician && !(await this.campaigns.isGranted(m, id, user.userId))) throw new AppError('NOT_FOUND');
    if (!canSeeRecord(user, row.wind_farm_id, row.customer_id, technician)) throw new AppError('NOT_FOUND');
    return row;
  }

  /** Locks the campaign for a change; a completed campaign refuses every change (-7008). */
  async lockOpen(m: EntityManager, user: AuthUser, id: string) {
    await this.visible(m, user, id);
    const row = (await this.campaigns.lock(m, id))!;
    if (row.status === RepairCampaignStatus.COMPLETED) throw new AppError(-7008);
    return row;
  }

  async list(user: AuthUser, q: RepairCampaignListQuery): Promise<RepairCampaignPage> {
    const page = parsePage(q, CAMPAIGN_SORT_FIELDS, { sortField: 'createdAt', descending: true });
    const { rows, total } = await this.campaigns.page(
      this.ds.manager,
      {
        ...(q.name?.trim() ? { name: q.name.trim() } : {}),
        ...(q.status !== undefined ? { status: q.status } : {}),
        ...(q.windFarmId ? { windFarmId: q.windFarmId } : {}),
        ...(q.planId ? { planId: q.planId } : {}),
        parkIds: user.parkIds,
        // A technician's scope is their grants; everyone else's the customer scope too.
        ...(isTechnician(user) ? { technicianId: user.userId, customerIds: null } : { customerIds: user.customerIds }),
      },
      page,
    );
    const technicians = await this.campaigns.technicians(this.ds.manager, rows.map((r) => r.id));
    return { results: rows.map((r) => present(r, technicians)), totalCount: total };
  }

  async get(user: AuthUser, id: string): Promise<RepairCampaignDetailView> {
    const m = this.ds.manager;
    const row = await this.visible(m, user, id);
    const [technicians, turbines] = await Promise.all([this.campaigns.technicians(m, [id]), this.campaigns.turbines(m, id)]);
    return {
      ...present(row, technicians),
      turbines: turbines.map((t) => ({ turbineId: t.turbine_id, turbineName: t.turbine_name, status: t.status, defectCount: t.defect_count, doneCount: t.done_count })),
    };
  }

  async create(user: AuthUser, dto: CreateRepairCampaignDto): Promise<RepairCampaignDetailView> {
    const name = dto.name.trim();
    if (!name) throw new AppError('REQUIRED');
    const ids = [...new Set(dto.defectIds.map((d) => d.toLowerCase()))];
    if (!ids.length) throw new AppError('SELECT_AT_LEAST_ONE_DEFECT_PLAN');
    if (dto.endDate < dto.startDate) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'endDate', constraints: { order: 'endDate before startDate' } }] });
    const id = await uniqueAsConflict(
      () =>
        this.ds.transaction(async (m) => {
          const plan = await this.campaigns.lockPlan(m, dto.planId);
          if (!plan || !canSeeRecord(user, plan.wind_farm_id, plan.customer_id)) throw new AppError('REPAIR_PLAN_NOT_FOUND');
          // The plan changed since the user chose from it: what they saw is no longer what is saved.
          if (plan.version !== dto.planVersion) throw new AppError('PLAN_UNSAVED_OR_EXPIRED');
          const chosen = await this.campaigns.chosen(m, plan.id, ids);
          if (chosen.some((c) => !c.in_plan)) throw new AppError(-7007);
          const taken = chosen.filter((c) => c.campaign_id);
          if (taken.length === chosen.length) throw new AppError('DEFECTS_ALREADY_IN_OTHER_REPAIR_CAMPAIGNS');
          if (taken.some((c) => c.campaign_plan_id !== plan.id)) throw new AppError('DEFECT_IN_OTHER_PLAN_CAMPAIGN');
          if (taken.length) throw new AppError('DEFECTS_IN_EXISTING_REPAIR_CAMPAIGN');
          if (chosen.some((c) => !c.template_id)) throw new AppError(-13009);
          const projectId = dto.projectId ?? null;
          if (projectId) {
            const project = await this.campaigns.project(m, projectId);
            if (!project || !project.operation) throw new AppError('NOT_FOUND');
            const before = project.start_date !== null && dto.startDate < project.start_date;
            const after = project.end_date !== null && dto.endDate > project.end_date;
            if (before || after) throw new AppError(-6009);
          }
          if (await this.campaigns.nameTaken(m, name)) throw new AppError('SAME_CAMPAIGN_NAME_EXISTS');
          const campaignId = await this.campaigns.insert(
            m,
            {
              planId: plan.id,
              name,
              windFarmId: plan.wind_farm_id,
              customerId: plan.customer_id,
              projectId,
              startDate: dto.startDate,
              endDate: dto.endDate,
              createdBy: user.userId,
            },
            chosen.map((c) => ({ defectId: c.defect_id, turbineId: c.turbine_id })),
          );
          await this.events.publish(
            m,
            EventTypes.RepairCampaignCreated,
            campaignId,
            {
              campaignId,
              name,
              status: RepairCampaignStatus.NOT_STARTED,
              // Report's repair-campaign reports: where, whose, when and which defects (all "not started").
              windFarmId: plan.wind_farm_id,
              customerId: plan.customer_id,
              startDate: dto.startDate,
              endDate: dto.endDate,
              defectIds: chosen.map((c) => c.defect_id),
            },
            user.userId,
          );
          return campaignId;
        }),
      {
        repair_campaign_name_uq: 'SAME_CAMPAIGN_NAME_EXISTS',
        // Two campaigns created at once from the same defects: the unique index decides.
        repair_campaign_defect_defect_id_key: 'DEFECTS_IN_EXISTING_REPAIR_CAMPAIGN',
      },
    );
    this.live.changed(id);
    return this.get(user, id);
  }

  /**
   * Manual status change (SPEC §4, contracts `canChangeRepairProgress`): never back to not
   * started, not started → ongoing only by the first repair record, completed is final (-7008).
   */
  async setStatus(user: AuthUser, id: string, status: number): Promise<RepairCampaignDetailView> {
    await this.ds.transaction(async (m) => {
      const row = await this.lockOpen(m, user, id);
      if (row.status === status) return;
      if (!canChangeRepairProgress(row.status as RepairCampaignStatus, status as RepairCampaignStatus)) throw new AppError('ILLEGAL_TRANSITION');
      await this.changeStatus(m, row, status, user.userId);
    });
    this.live.changed(id);
    return this.get(user, id);
  }

  /** Writes a campaign status and announces it (manual changes and the system's start). */
  async changeStatus(m: EntityManager, row: { id: string; name: string }, status: number, userId: string): Promise<void> {
    await this.campaigns.setStatus(m, row.id, status);
    await this.events.publish(m, EventTypes.RepairCampaignStatusChanged, row.id, { campaignId: row.id, name: row.name, status }, userId);
  }

  /** A campaign whose repairs started cannot be deleted (-13010); a completed one neither (-7008). */
  async remove(user: AuthUser, id: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      await this.lockOpen(m, user, id);
      if (await this.campaigns.hasRepairWork(m, id)) throw new AppError(-13010);
      await this.campaigns.delete(m, id);
      await this.events.publish(m, EventTypes.RepairCampaignDeleted, id, { id }, user.userId);
    });
    this.live.changed(id);
  }

  /** Replaces the campaign's technicians; each must be an active user with the repair technician role. */
  async grant(user: AuthUser, id: string, dto: GrantTechniciansDto): Promise<RepairCampaignDetailView> {
    const ids = [...new Set(dto.userIds.map((u) => u.toLowerCase()))];
    await this.ds.transaction(async (m) => {
      await this.lockOpen(m, user, id);
      const known = await this.campaigns.activeTechnicians(m, ids, RoleId.REPAIR_TECHNICIAN);
      if (known.length !== ids.length) throw new AppError('USER_NOT_FOUND');
      await this.campaigns.setTechnicians(m, id, ids);
    });
    this.live.changed(id);
    return this.get(user, id);
  }

  /** Unfinished O&M projects of the park in the caller's customers: what a new campaign may belong to. */
  async omProjects(user: AuthUser, q: OmProjectQuery): Promise<OmProjectView[]> {
    if (user.parkIds && !user.parkIds.includes(q.windFarmId)) return [];
    return (await this.campaigns.omProjects(this.ds.manager, q.windFarmId, user.customerIds)).map((r) => ({
      projectId: r.project_id,
      projectName: r.name,
      startDate: r.start_date,
      endDate: r.end_date,
    }));
  }

  async technicians(q: TechnicianQuery): Promise<TechnicianPage> {
    const page = parsePage(q, ['displayName'], { sortField: 'displayName', pageSize: 100 });
    const { rows, total } = await this.campaigns.technicianPage(this.ds.manager, q.name?.trim() || undefined, RoleId.REPAIR_TECHNICIAN, page);
    return { results: rows.map(presentTechnician), totalCount: total };
  }
}
