import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import {
  AppError,
  ARCHIVE_MAX_IMAGES,
  REPORT_MAX_DEFECTS,
  REPORT_TASK_STATUS_LABELS,
  ReportFormat,
  ReportScope,
  ReportTaskStatus,
  errorText,
  labelOf,
  type Locale,
  type ReportTaskStatus as Status,
} from '@windward/contracts';
import { FILE_STORE, JobsService, canSeeCustomer, canSeePark, parsePage, type AuthUser, type FileStore } from '@windward/service-kit';
import { ReportTemplateRepository, type ReportTemplateRow } from '../templates/template.repository.js';
import type { CreateReportTaskDto, ReportDownloadListQuery, ReportTaskListQuery } from './task.dto.js';
import type { ReportDownloadPage, ReportTaskPage, ReportTaskView } from './task.view.js';
import { DOWNLOAD_SORT, ReportTaskRepository, TASK_SORT, type ReportTaskRow } from './task.repository.js';
import { ReportDataRepository, day, type ArchiveImageRef, type DefectSelection, type ParkRefRow } from './report-data.repository.js';

export const RENDER_QUEUE = 'report-render';
/** SPEC §9: a query over 200 turbines is rejected. */
const MAX_TURBINES = 200;
const SORTABLE = Object.keys(TASK_SORT) as (keyof typeof TASK_SORT)[];
const DOWNLOAD_SORTABLE = Object.keys(DOWNLOAD_SORT) as (keyof typeof DOWNLOAD_SORT)[];

/** How many unfinished reports one user may have in the download list (SPEC §8 "upper limit"; the spec gives no number). */
export const queueLimit = () => Number(process.env.REPORT_QUEUE_LIMIT) || 10;
/** Days a finished file stays in the store before housekeeping removes it. */
export const retentionDays = () => Number(process.env.REPORT_RETENTION_DAYS) || 7;

/** The selection a task was made with (the render job reads it back). */
export const selectionOf = (t: ReportTaskRow): DefectSelection => ({
  windFarmIds: t.wind_farm_ids,
  turbineIds: t.turbine_ids,
  inspectionId: t.scope_type === ReportScope.INSPECTION ? t.scope_id : null,
  severities: t.severities,
  defectIds: t.defect_ids,
  campaignId: t.scope_type === ReportScope.REPAIR_CAMPAIGN ? t.scope_id : null,
});

interface Resolved {
  name: string;
  windFarmIds: string[];
  turbineIds: string[] | null;
  inspectionId: string | null;
  projectId: string | null;
  campaignId?: string;
}

const visible = (user: AuthUser, p: ParkRefRow | null): p is ParkRefRow =>
  !!p && canSeeCustomer(user, p.customer_id) && canSeePark(user, p.wind_farm_id);

export function presentTask(t: ReportTaskRow, locale: Locale): ReportTaskView {
  return {
    id: t.id,
    scopeType: t.scope_type,
    scopeId: t.scope_id,
    scopeName: t.scope_name,
    format: t.format,
    templateId: t.template_id,
    locale: t.locale,
    windFarmIds: t.wind_farm_ids,
    defectCount: t.defect_count,
    status: t.status,
    statusName: labelOf(REPORT_TASK_STATUS_LABELS, t.status as Status, locale),
    progress: t.progress,
    step: t.step,
    error: t.error && { code: t.error.code, message: errorText(t.error.code, locale) },
    fileName: t.file_name,
    fileSize: t.file_size === null ? null : Number(t.file_size),
    createdAt: t.created_at,
    startedAt: t.started_at,
    finishedAt: t.finished_at,
    expiresAt: t.expires_at,
  };
}

export const MIME: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

/** Report tasks: the download queue of each user (docs/reports.md). */
@Injectable()
export class ReportTasksService {
  constructor(
    private readonly tasks: ReportTaskRepository,
    private readonly data: ReportDataRepository,
    private readonly templates: ReportTemplateRepository,
    private readonly jobs: JobsService,
    @Inject(FILE_STORE) private readonly store: FileStore,
  ) {}

  /**
   * Queues a report. Refusals, in order, with nothing queued: unknown or out-of-scope subject (404),
   * a PDF over several parks, an unknown template (-13003), no defects, more than 2,500 (-13012),
   * a full download list (ExceedLimit, the report-tasks text).
   */
  async create(user: AuthUser, scope: ReportScope, id: string, dto: CreateReportTaskDto, requestLocale: Locale): Promise<ReportTaskView> {
    const r = await this.resolve(user, scope, id, dto);
    if (dto.format === ReportFormat.PDF && r.windFarmIds.length > 1) throw new AppError('PDF_SINGLE_PARK_ONLY');
    let template: ReportTemplateRow | null = null;
    if (dto.templateId) {
      template = await this.templates.find(dto.templateId);
      if (!template) throw new AppError(-13003);
    } else if (r.projectId) template = await this.templates.forProject(r.projectId);
    const images = await this.archiveImages(dto, r);
    const sel: DefectSelection = {
      windFarmIds: r.windFarmIds,
      turbineIds: r.turbineIds,
      inspectionId: r.inspectionId,
      severities: dto.severities?.length ? dto.severities : null,
      // An archive of images: exactly the defects given, none when none are.
      defectIds: dto.defectIds?.length ? dto.defectIds : images ? [] : null,
      campaignId: r.campaignId ?? null,
    };
    const count = r.windFarmIds.length ? await this.data.countDefects(sel, REPORT_MAX_DEFECTS) : 0;
    if (count === 0 && !images) throw new AppError('NO_QUALIFYING_DEFECTS');
    if (count > REPORT_MAX_DEFECTS) throw new AppError(-13012);
    const row = await this.tasks.insertIfRoom(
      {
        user_id: user.userId,
        scope_type: scope,
        scope_id: id,
        scope_name: r.name,
        format: dto.format,
        template_id: template?.id ?? null,
        locale: dto.locale ?? template?.language ?? requestLocale,
        wind_farm_ids: r.windFarmIds,
        turbine_ids: r.turbineIds,
        severities: sel.severities,
        defect_ids: sel.defectIds,
        defect_count: count,
        archive_images: images,
      },
      queueLimit(),
    );
    if (!row) throw new AppError('EXCEED_LIMIT');
    // The job reads the row, so it is sent after the insert committed.
    const jobId = await this.jobs.send(RENDER_QUEUE, { reportTaskId: row.id });
    await this.tasks.setJob(row.id, jobId);
    // The task as created (waiting): re-reading it here raced the render job, which may already
    // have claimed it; the download queue follows it from there.
    return presentTask({ ...row, job_id: jobId }, requestLocale);
  }

  /**
   * The images of an image archive (zip only): at most ARCHIVE_MAX_IMAGES (EXPORT_ARCHIVE_TOO_LARGE),
   * each of an inspection within the task's parks and turbines (else the same 404 as an unknown one).
   */
  private async archiveImages(dto: CreateReportTaskDto, r: Resolved): Promise<ArchiveImageRef[] | null> {
    if (!dto.images?.length) return null;
    if (dto.format !== ReportFormat.ZIP) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'images', constraints: { format: 'images need format zip' } }] });
    const images = [...new Map(dto.images.map((x) => [x.imageId.toLowerCase(), { inspectionId: x.inspectionId.toLowerCase(), imageId: x.imageId.toLowerCase() }])).values()];
    if (images.length > ARCHIVE_MAX_IMAGES) throw new AppError('EXPORT_ARCHIVE_TOO_LARGE');
    const ids = [...new Set(images.map((x) => x.inspectionId))];
    const known = await this.data.inspectionsOf(ids);
    const inside = (id: string) =>
      known.some((k) => k.inspection_id === id && r.windFarmIds.includes(k.wind_farm_id) && (!r.turbineIds || r.turbineIds.includes(k.turbine_id)));
    if (!ids.every(inside)) throw new AppError('NOT_FOUND');
    return images;
  }

  private async resolve(user: AuthUser, scope: ReportScope, id: string, dto: CreateReportTaskDto): Promise<Resolved> {
    if ((dto.turbineIds?.length ?? 0) > MAX_TURBINES) throw new AppError('QUERY_TOO_MANY_TURBINES');
    switch (scope) {
      case ReportScope.PROJECT: {
        const p = await this.data.project(id);
        if (!p || !canSeeCustomer(user, p.customer_id)) throw new AppError('NOT_FOUND');
        const parks = (await this.data.parks(p.wind_farm_ids)).filter((x) => visible(user, x));
        let windFarmIds = parks.map((x) => x.wind_farm_id);
        if (dto.windFarmIds?.length) {
          // A park outside the project or the caller's scope is the same 404 as an unknown one.
          if (dto.windFarmIds.some((w) => !windFarmIds.includes(w))) throw new AppError('WIND_PARK_NOT_FOUND');
          windFarmIds = dto.windFarmIds;
        }
        let turbineIds: string[] | null = p.turbine_ids.length ? p.turbine_ids : null;
        if (dto.turbineIds?.length) {
          const known = await this.data.turbinesOf(dto.turbineIds);
          const ok = (t: string) =>
            known.some((k) => k.turbine_id === t && windFarmIds.includes(k.wind_farm_id)) && (!turbineIds || turbineIds.includes(t));
          if (!dto.turbineIds.every(ok)) throw new AppError('NOT_FOUND');
          turbineIds = dto.turbineIds;
        }
        return { name: p.name, windFarmIds, turbineIds, inspectionId: null, projectId: p.project_id };
      }
      case ReportScope.PARK: {
        const park = await this.data.park(id);
        if (!visible(user, park)) throw new AppError('WIND_PARK_NOT_FOUND');
        let turbineIds: string[] | null = null;
        if (dto.turbineIds?.length) {
          const known = await this.data.turbinesOf(dto.turbineIds);
          if (!dto.turbineIds.every((t) => known.some((k) => k.turbine_id === t && k.wind_farm_id === id))) throw new AppError('NOT_FOUND');
          turbineIds = dto.turbineIds;
        }
        return { name: park.name, windFarmIds: [id], turbineIds, inspectionId: null, projectId: null };
      }
      case ReportScope.TURBINE: {
        const t = await this.data.turbine(id);
        const park = t && (await this.data.park(t.wind_farm_id));
        if (!t || !visible(user, park)) throw new AppError('NOT_FOUND');
        return { name: `${park.name} ${t.name}`, windFarmIds: [park.wind_farm_id], turbineIds: [id], inspectionId: null, projectId: null };
      }
      case ReportScope.INSPECTION: {
        const i = await this.data.inspection(id);
        const park = i && (await this.data.park(i.wind_farm_id));
        if (!i || !visible(user, park)) throw new AppError('NOT_FOUND');
        const t = await this.data.turbine(i.turbine_id);
        return {
          name: `${park.name} ${t?.name ?? ''} ${day(i.inspection_date)}`.replace(/\s+/g, ' '),
          windFarmIds: [park.wind_farm_id],
          turbineIds: null,
          inspectionId: id,
          projectId: null,
        };
      }
      case ReportScope.REPAIR_CAMPAIGN: {
        // Unknown, deleted, or outside the caller's parks/customers: the same 404 (repair's rule).
        const c = await this.data.campaign(id);
        const park = c?.wind_farm_id ? await this.data.park(c.wind_farm_id) : null;
        if (!c || !visible(user, park) || !canSeeCustomer(user, c.customer_id ?? park.customer_id)) throw new AppError('NOT_FOUND');
        return { name: c.name, windFarmIds: [park.wind_farm_id], turbineIds: null, inspectionId: null, projectId: null, campaignId: c.campaign_id };
      }
    }
  }

  /** The caller's own tasks, newest first by default. */
  async list(user: AuthUser, q: ReportTaskListQuery, locale: Locale): Promise<ReportTaskPage> {
    const newestFirst = q.fieldToSort === undefined || q.fieldToSort === 'createdAt';
    const page = parsePage(q, SORTABLE, { sortField: 'createdAt', descending: newestFirst, pageSize: 20 });
    const { rows, totalCount } = await this.tasks.page(user.userId, {
      statuses: q.status,
      sort: page.sortField as keyof typeof TASK_SORT,
      descending: page.descending,
      skip: page.skip,
      take: page.take,
    });
    return { results: rows.map((r) => presentTask(r, locale)), totalCount };
  }

  /** A task of the caller; anyone else's is the same 404 as an unknown one. */
  private async own(user: AuthUser, id: string): Promise<ReportTaskRow> {
    const row = await this.tasks.find(id);
    if (!row || row.user_id !== user.userId) throw new AppError('NOT_FOUND');
    return row;
  }

  async get(user: AuthUser, id: string, locale: Locale): Promise<ReportTaskView> {
    return presentTask(await this.own(user, id), locale);
  }

  /**
   * The finished file; "report not yet exported" until it is ready. `delivered` records the download
   * in the log; the controller calls it when it hands the file out.
   */
  async file(
    user: AuthUser,
    id: string,
  ): Promise<{ stream: Readable; size: number; name: string; type: string; delivered: () => Promise<void> }> {
    const row = await this.own(user, id);
    if (row.status !== ReportTaskStatus.DONE || !row.file_key) throw new AppError('REPORT_NOT_EXPORTED');
    const f = await this.store.stream(row.file_key);
    if (!f) throw new AppError('REPORT_NOT_EXPORTED');
    return {
      ...f,
      name: row.file_name ?? `report.${row.format}`,
      type: MIME[row.format],
      delivered: () => this.tasks.logDownload(row, { userId: user.userId, userName: user.displayName || user.username }),
    };
  }

  /** The caller's download log, newest first by default (sort downloadedAt, fileName). */
  async downloads(user: AuthUser, q: ReportDownloadListQuery): Promise<ReportDownloadPage> {
    const newestFirst = q.fieldToSort === undefined || q.fieldToSort === 'downloadedAt';
    const page = parsePage(q, DOWNLOAD_SORTABLE, { sortField: 'downloadedAt', descending: newestFirst, pageSize: 20 });
    const { rows, totalCount } = await this.tasks.downloads(user.userId, {
      sort: page.sortField as keyof typeof DOWNLOAD_SORT,
      descending: page.descending,
      skip: page.skip,
      take: page.take,
    });
    return {
      results: rows.map((r) => ({
        id: r.id,
        reportTaskId: r.report_task_id,
        userId: r.user_id,
        userName: r.user_name,
        fileName: r.file_name,
        format: r.format,
        scopeName: r.scope_name,
        fileSize: r.file_size === null ? null : Number(r.file_size),
        downloadedAt: r.downloaded_at,
      })),
      totalCount,
    };
  }

  /** A failed task back in the queue (the download-list limit applies as for a new one). */
  async retry(user: AuthUser, id: string, locale: Locale): Promise<ReportTaskView> {
    const row = await this.own(user, id);
    const r = await this.tasks.requeue(row.id, user.userId, queueLimit());
    if (r === 'full') throw new AppError('EXCEED_LIMIT');
    if (r === 'not-failed')
      throw new AppError('VALIDATION_FAILED', {
        details: [{ field: 'status', constraints: { rule: 'only a failed report can be retried' } }],
      });
    await this.tasks.setJob(row.id, await this.jobs.send(RENDER_QUEUE, { reportTaskId: row.id }));
    return this.get(user, id, locale);
  }

  /** Takes a task off the list: its job is cancelled and its file removed. */
  async remove(user: AuthUser, id: string): Promise<void> {
    const row = await this.own(user, id);
    if (row.job_id && row.status === ReportTaskStatus.QUEUED) await this.jobs.cancel(RENDER_QUEUE, row.job_id).catch(() => undefined);
    await this.tasks.remove(row.id);
    await this.store.removePrefix(row.id);
  }
}
