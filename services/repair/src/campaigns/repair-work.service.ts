import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, EventTypes, RepairCampaignStatus, RepairStatus, canChangeRepairProgress } from '@windward/contracts';
import { EventPublisher, parsePage, type AuthUser } from '@windward/service-kit';
import { CAMPAIGN_DEFECT_SORT_FIELDS, CampaignRepository, type CampaignDefectRow, type PhotoRow, type RecordRow } from './campaign.repository.js';
import { CampaignsService } from './campaigns.service.js';
import { CampaignLive } from './campaign-live.js';
import type { CampaignDefectQuery, CreateRepairRecordDto } from './campaign.dto.js';
import type { CampaignDefectPage, CampaignDefectView, RepairRecordView } from './campaign.view.js';

/** Lowest distance from the blade root a repair can be recorded at (SPEC §9). */
export const MIN_DISTANCE_TO_ROOT = -5;

/** A defect's repair status (1…6) as repair progress (0 not started, 1 ongoing, 2 ended). */
export function progressOf(status: number): RepairCampaignStatus {
  if (status === RepairStatus.NOT_STARTED) return RepairCampaignStatus.NOT_STARTED;
  if (status === RepairStatus.ON_GOING) return RepairCampaignStatus.ONGOING;
  return RepairCampaignStatus.COMPLETED;
}

/** SPEC §5: -5 m ≤ distance ≤ blade length (when known), at most 2 decimals. */
export function checkDistance(distance: number, bladeLength: number | null): void {
  const twoDecimals = Math.abs(distance * 100 - Math.round(distance * 100)) < 1e-6;
  if (!Number.isFinite(distance) || !twoDecimals || distance < MIN_DISTANCE_TO_ROOT || (bladeLength !== null && distance > bladeLength)) {
    throw new AppError(-13013);
  }
}

const REPAIRED: readonly number[] = [RepairStatus.COMPLETED, RepairStatus.FIXED];

function presentDefect(r: CampaignDefectRow): CampaignDefectView {
  return {
    defectId: r.defect_id,
    defectNo: r.defect_no,
    turbineId: r.turbine_id,
    turbineName: r.turbine_name,
    defectType: r.defect_type,
    severity: r.severity,
    bladePosition: r.blade_position,
    distanceToRoot: r.distance_to_root === null ? null : Number(r.distance_to_root),
    bladeLength: r.blade_length === null ? null : Number(r.blade_length),
    repairPriority: r.repair_priority,
    repairStatus: r.repair_status,
    templateId: r.template_id,
    templateName: r.template_name,
    recordCount: r.record_count,
    updatedAt: r.updated_at,
  };
}

const presentRecord = (r: RecordRow, photos: PhotoRow[] = []): RepairRecordView => ({
  id: r.id,
  defectId: r.defect_id,
  technicianId: r.technician_id,
  technicianName: r.technician_name,
  repairDate: r.repair_date,
  distanceToRoot: Number(r.distance_to_root),
  outcome: r.outcome,
  comment: r.comment,
  photos: photos
    .filter((p) => p.record_id === r.id)
    .map((p) => ({ id: p.id, kind: p.kind, format: p.format, width: p.width, height: p.height })),
  createdAt: r.created_at,
});

/**
 * The work inside a campaign: each turbine's and each defect's repair progress (SPEC §4) and
 * the repair records technicians write.
 */
@Injectable()
export class RepairWorkService {
  constructor(
    private readonly ds: DataSource,
    private readonly campaigns: CampaignRepository,
    private readonly campaignService: CampaignsService,
    private readonly events: EventPublisher,
    private readonly live: CampaignLive,
  ) {}

  async defects(user: AuthUser, campaignId: string, q: CampaignDefectQuery): Promise<CampaignDefectPage> {
    await this.campaignService.visible(this.ds.manager, user, campaignId);
    const page = parsePage(q, CAMPAIGN_DEFECT_SORT_FIELDS, { sortField: 'defectNo', pageSize: 50 });
    const { rows, total } = await this.campaigns.defects(
      this.ds.manager,
      campaignId,
      { ...(q.turbineId ? { turbineId: q.turbineId } : {}), ...(q.repairStatus !== undefined ? { repairStatus: q.repairStatus } : {}) },
      page,
    );
    return { results: rows.map(presentDefect), totalCount: total };
  }

  async records(user: AuthUser, campaignId: string, defectId: string): Promise<RepairRecordView[]> {
    await this.campaignService.visible(this.ds.manager, user, campaignId);
    if (!(await this.campaigns.defect(this.ds.manager, campaignId, defectId))) throw new AppError(-7007);
    const rows = await this.campaigns.records(this.ds.manager, campaignId, defectId);
    const photos = await this.campaigns.photos(this.ds.manager, rows.map((r) => r.id));
    return rows.map((r) => presentRecord(r, photos));
  }

  /**
   * A turbine's progress in the campaign: never back to not started, not started → ongoing/
   * completed only through repair work; in a completed campaign nothing changes, and setting
   * in progress says so with the spec's own message.
   */
  async setTurbineStatus(user: AuthUser, campaignId: string, turbineId: string, status: number): Promise<void> {
    await this.ds.transaction(async (m) => {
      await this.campaignService.visible(m, user, campaignId);
      const row = (await this.campaigns.lock(m, campaignId))!;
      if (row.status === RepairCampaignStatus.COMPLETED) {
        throw new AppError(status === RepairCampaignStatus.ONGOING ? 'REPAIR_CAMPAIGN_COMPLETED_CANNOT_RESUME' : -7008);
      }
      const from = await this.campaigns.turbineStatus(m, campaignId, turbineId);
      if (from === undefined) throw new AppError('NOT_FOUND');
      if (!canChangeRepairProgress(from as RepairCampaignStatus, status as RepairCampaignStatus)) throw new AppError('ILLEGAL_TRANSITION');
      await this.campaigns.setTurbineStatus(m, campaignId, turbineId, status);
    });
    this.live.changed(campaignId);
  }

  /** A manual change of a defect's repair status (SPEC §4: not from/to not started by hand). */
  async setRepairStatus(user: AuthUser, campaignId: string, defectId: string, status: number): Promise<CampaignDefectView> {
    await this.ds.transaction(async (m) => {
      await this.campaignService.lockOpen(m, user, campaignId);
      const d = await this.campaigns.defect(m, campaignId, defectId, true);
      if (!d) throw new AppError(-7007);
      if (d.repair_status === status) return;
      if (!canChangeRepairProgress(progressOf(d.repair_status), progressOf(status))) throw new AppError('ILLEGAL_TRANSITION');
      await this.campaigns.setRepairStatus(m, campaignId, defectId, status);
      await this.announceStatus(m, campaignId, defectId, status, user.userId);
      if (REPAIRED.includes(status)) await this.announceRepaired(m, campaignId, d, status, user.userId);
    });
    this.live.changed(campaignId);
    return presentDefect((await this.campaigns.defect(this.ds.manager, campaignId, defectId))!);
  }

  /**
   * A repair record: distance within -5 m…blade length (-13013), by a technician of the
   * campaign. The first work starts the defect, its turbine and its campaign (the system's
   * not started → ongoing); the outcome becomes the defect's repair status.
   */
  async record(user: AuthUser, campaignId: string, defectId: string, dto: CreateRepairRecordDto): Promise<RepairRecordView> {
    const id = await this.ds.transaction(async (m) => {
      const campaign = await this.campaignService.lockOpen(m, user, campaignId);
      const d = await this.campaigns.defect(m, campaignId, defectId, true);
      if (!d) throw new AppError(-7007);
      checkDistance(dto.distanceToRoot, d.blade_length === null ? null : Number(d.blade_length));
      const technicianId = dto.technicianId ?? user.userId;
      if (dto.technicianId && !(await this.campaigns.isGranted(m, campaignId, dto.technicianId))) throw new AppError('USER_NOT_FOUND');
      if (!canChangeRepairProgress(progressOf(d.repair_status), progressOf(dto.outcome), { bySystem: true })) throw new AppError('ILLEGAL_TRANSITION');
      const recordId = await this.campaigns.insertRecord(m, {
        campaignId,
        defectId,
        technicianId,
        repairDate: dto.repairDate,
        distanceToRoot: dto.distanceToRoot,
        outcome: dto.outcome,
        comment: dto.comment?.trim() ?? '',
        createdBy: user.userId,
      });
      if (d.repair_status !== dto.outcome) {
        await this.campaigns.setRepairStatus(m, campaignId, defectId, dto.outcome);
        await this.announceStatus(m, campaignId, defectId, dto.outcome, user.userId);
        if (REPAIRED.includes(dto.outcome)) await this.announceRepaired(m, campaignId, d, dto.outcome, user.userId);
      }
      if (d.turbine_id && (await this.campaigns.turbineStatus(m, campaignId, d.turbine_id)) === RepairCampaignStatus.NOT_STARTED) {
        await this.campaigns.setTurbineStatus(m, campaignId, d.turbine_id, RepairCampaignStatus.ONGOING);
      }
      if (campaign.status === RepairCampaignStatus.NOT_STARTED) {
        await this.campaignService.changeStatus(m, campaign, RepairCampaignStatus.ONGOING, user.userId);
      }
      return recordId;
    });
    this.live.changed(campaignId);
    const rows = await this.campaigns.records(this.ds.manager, campaignId, defectId);
    return presentRecord(rows.find((r) => r.id === id)!);
  }

  /** Every repair status change of a defect in a campaign (report's campaign reports), keyed by the campaign. */
  private async announceStatus(m: EntityManager, campaignId: string, defectId: string, status: number, userId: string) {
    await this.events.publish(
      m,
      EventTypes.RepairDefectStatusChanged,
      campaignId,
      { campaignId, defectId, repairStatus: status, changedAt: new Date().toISOString() },
      userId,
    );
  }

  private async announceRepaired(m: EntityManager, campaignId: string, d: CampaignDefectRow, status: number, userId: string) {
    await this.events.publish(
      m,
      EventTypes.RepairDefectRepaired,
      d.defect_id,
      { defectId: d.defect_id, campaignId, inspectionId: d.inspection_id, turbineId: d.turbine_id, repairStatus: status, repairedAt: new Date().toISOString() },
      userId,
    );
  }
}
