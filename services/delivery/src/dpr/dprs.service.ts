import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { AppError, DprStatus, canEditDpr } from '@windward/contracts';
import { parsePage, type AuthUser } from '@windward/service-kit';
import { InspectionCampaign } from '../campaigns/campaign.entity.js';
import { Project } from '../projects/project.entity.js';
import { canSeeProject, loadVisibleProject } from '../projects/project-scope.js';
import { DprActivity } from './dpr-activity.entity.js';
import { DprTemplate } from './dpr-template.entity.js';
import { Dpr } from './dpr.entity.js';
import type { DprListQuery, ReviewDprDto, SaveDprDto } from './dpr.dto.js';
import type { DprPage, DprView } from './dpr.view.js';
import { DprPhotosService } from './dpr-photos.service.js';
import { DPR_SORT, DprListRepository, type DprListRow } from './dpr-list.repository.js';

const invalid = (field: string, rule: string) => new AppError('VALIDATION_FAILED', { details: [{ field, constraints: { rule } }] });

function present(d: Dpr | DprListRow, projectName: string): DprView {
  return {
    dprId: d.id,
    projectId: d.projectId,
    projectName,
    campaignId: d.campaignId,
    reportDate: d.reportDate,
    status: d.status,
    items: d.items,
    weather: d.weather,
    downtimeHours: d.downtimeHours,
    comments: d.comments,
    photos: d.photos,
    submittedBy: d.submittedBy,
    submittedByName: d.submittedByName,
    reviewedByName: d.reviewedByName,
    reviewedAt: d.reviewedAt,
    reviewComment: d.reviewComment,
    updatedAt: d.updatedAt,
  };
}

/** Daily progress reports: campaign managers submit, project managers approve or reject; approved ones are frozen (SPEC §4). */
@Injectable()
export class DprsService {
  constructor(
    private readonly ds: DataSource,
    private readonly photos: DprPhotosService,
    private readonly rowsOfList: DprListRepository,
  ) {}

  async list(user: AuthUser, q: DprListQuery): Promise<DprPage> {
    const page = parsePage(q, Object.keys(DPR_SORT), { sortField: 'reportDate', descending: true });
    const { rows, ...count } = await this.rowsOfList.page(this.ds.manager, user, q, page);
    return { results: rows.map((d) => present(d, d.projectName)), ...count };
  }

  async get(user: AuthUser, id: string): Promise<DprView> {
    const { d, p } = await this.load(this.ds.manager, user, id);
    return present(d, p.name);
  }

  async submit(user: AuthUser, dto: SaveDprDto): Promise<DprView> {
    return this.ds.transaction(async (m) => {
      const p = await loadVisibleProject(m, user, dto.projectId);
      const d = m.create(Dpr, { projectId: p.id, submittedBy: user.userId });
      await this.apply(m, user, p, d, dto);
      return present(d, p.name);
    });
  }

  /** Editing submits again (a rejected report goes back to waiting for approval); approved ones are frozen. */
  async update(user: AuthUser, id: string, dto: SaveDprDto): Promise<DprView> {
    return this.ds.transaction(async (m) => {
      const { d, p } = await this.load(m, user, id, true);
      if (!canEditDpr(d.status)) throw new AppError('DPR_APPROVED_CANNOT_CHANGE');
      if (dto.projectId !== d.projectId) throw invalid('projectId', 'a report stays in its project');
      await this.apply(m, user, p, d, dto);
      return present(d, p.name);
    });
  }

  async remove(user: AuthUser, id: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      const { d } = await this.load(m, user, id, true);
      if (!canEditDpr(d.status)) throw new AppError('DPR_APPROVED_CANNOT_CHANGE');
      await m.delete(Dpr, { id });
    });
  }

  async review(user: AuthUser, id: string, approve: boolean, dto: ReviewDprDto): Promise<DprView> {
    return this.ds.transaction(async (m) => {
      const { d, p } = await this.load(m, user, id, true);
      if (d.status !== DprStatus.SUBMITTED) throw new AppError('DPR_NOT_PENDING_APPROVAL');
      const comment = dto.comment?.trim() || null;
      if (!approve && !comment) throw new AppError('REQUIRED', { details: [{ field: 'comment' }] });
      Object.assign(d, {
        status: approve ? DprStatus.APPROVED : DprStatus.REJECTED,
        reviewedBy: user.userId,
        reviewedByName: user.username || user.userId,
        reviewedAt: new Date(),
        reviewComment: comment,
      });
      await m.save(d);
      return present(d, p.name);
    });
  }

  private async load(m: EntityManager, user: AuthUser, id: string, lock = false) {
    const d = await m.findOne(Dpr, { where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
    if (!d) throw new AppError('NOT_FOUND');
    const p = await m.findOne(Project, { where: { id: d.projectId } });
    if (!p || !canSeeProject(user, p)) throw new AppError('NOT_FOUND');
    return { d, p };
  }

  /** Items name activities of the project's DPR template (any activity when it has none), each once. */
  private async apply(m: EntityManager, user: AuthUser, p: Project, d: Dpr, dto: SaveDprDto): Promise<void> {
    if (dto.campaignId && !(await m.exists(InspectionCampaign, { where: { id: dto.campaignId, projectId: p.id } }))) {
      throw invalid('campaignId', "not a campaign of the report's project");
    }
    const ids = dto.items.map((i) => i.activityId);
    if (new Set(ids).size !== ids.length) throw invalid('items', 'an activity reported twice');
    const template = p.dprTemplateId ? await m.findOne(DprTemplate, { where: { id: p.dprTemplateId } }) : null;
    if (template && ids.some((id) => !template.activityIds.includes(id))) throw invalid('items', "an activity outside the project's DPR template");
    const activities = ids.length ? await m.find(DprActivity, { where: { id: In(ids) } }) : [];
    if (activities.length !== ids.length) throw invalid('items', 'unknown activity');
    const byId = new Map(activities.map((a) => [a.id, a]));
    await this.photos.assertAttachable(m, user, d.id ?? null, dto.photos ?? []);
    Object.assign(d, {
      campaignId: dto.campaignId ?? null,
      reportDate: dto.reportDate.slice(0, 10),
      status: DprStatus.SUBMITTED,
      items: dto.items.map((i) => ({ activityId: i.activityId, activityName: byId.get(i.activityId)!.name, unit: byId.get(i.activityId)!.unit, planned: i.planned, done: i.done })),
      weather: dto.weather?.trim() || null,
      downtimeHours: dto.downtimeHours ?? null,
      comments: dto.comments?.trim() || null,
      photos: dto.photos ?? [],
      submittedBy: user.userId,
      submittedByName: user.username || user.userId,
      reviewedBy: null,
      reviewedByName: null,
      reviewedAt: null,
      reviewComment: null,
    });
    await m.save(d);
  }
}
