import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { AppError, EventTypes, REPORT_MAX_DEFECTS, REPORT_SECTIONS, ReportFormat, ReportSection, type ErrorCode } from '@windward/contracts';
import {
  EventPublisher,
  FILE_STORE,
  JobWorker,
  JobsService,
  LOGGER,
  SHARED_FILE_STORE,
  fileStoreUri,
  type FileStore,
  type ReportProgress,
} from '@windward/service-kit';
import { ChromiumBrowser } from '../render/browser.js';
import { renderDocx } from '../render/docx.js';
import { reportHtml } from '../render/html.js';
import { reportFileName, type ReportData } from '../render/report-data.js';
import { turbineDetails } from '../render/turbine-details.js';
import { renderXlsx } from '../render/xlsx.js';
import { renderZip } from '../render/zip.js';
import { ReportTemplateRepository } from '../templates/template.repository.js';
import { ReportTaskRepository } from './task.repository.js';
import { ReportDataRepository, type ArchiveImageRow } from './report-data.repository.js';
import { RENDER_QUEUE, retentionDays, selectionOf } from './tasks.service.js';

/** Where report files live in the shared store (FileStoreModule scope). */
export const REPORTS_PREFIX = 'reports';

/**
 * The render job (pg-boss queue `report-render`): reads the task's defects from the read models,
 * renders the PDF (chromium), DOCX or XLSX, stores it under `reports/<task id>/` and marks the task
 * ready, publishing report.task.completed in the same transaction. Progress goes to the task row
 * (the download queue shows it) and to the kit's job progress. A failure is recorded on the task
 * with its code, so the list says why and the user can retry it.
 */
@Injectable()
export class RenderWorker extends JobWorker<{ reportTaskId: string }> {
  protected readonly queue = RENDER_QUEUE;
  protected override readonly retryLimit = 1;

  constructor(
    jobs: JobsService,
    private readonly tasks: ReportTaskRepository,
    private readonly data: ReportDataRepository,
    private readonly templates: ReportTemplateRepository,
    private readonly chromium: ChromiumBrowser,
    private readonly events: EventPublisher,
    @Inject(FILE_STORE) private readonly store: FileStore,
    @Inject(SHARED_FILE_STORE) private readonly shared: FileStore,
    @Inject(LOGGER) private readonly log: Logger,
  ) {
    super(jobs);
  }

  async run({ reportTaskId: id }: { reportTaskId: string }, progress: ReportProgress): Promise<void> {
    const task = await this.tasks.claim(id);
    if (!task) return; // taken off the list, or already finished
    const step = async (percent: number, name: string) => {
      await this.tasks.progress(id, percent, name);
      await progress(percent, name);
    };
    try {
      const template = task.template_id ? await this.templates.find(task.template_id) : null;
      const sel = selectionOf(task);
      const defects = await this.data.defects(sel, REPORT_MAX_DEFECTS);
      if (!defects.length && !task.archive_images?.length) throw new AppError('NO_QUALIFYING_DEFECTS');
      await step(20, 'rendering');
      const data: ReportData = {
        locale: task.locale,
        scopeName: task.scope_name,
        customerName: template?.customer_name ?? null,
        logo: template?.logo ?? null,
        generatedAt: new Date(),
        sections: new Set(template?.sections ?? REPORT_SECTIONS),
        severityLabels: template?.severity_labels ?? {},
        defects,
        campaign: sel.campaignId ? await this.data.reportCampaign(sel.campaignId) : null,
      };
      if (task.format === ReportFormat.ZIP) {
        const images = task.archive_images?.length ? await this.data.archiveImages(task.archive_images) : [];
        return await this.archive(id, task, data, images, step);
      }
      // Each defect's history across inspections (timeline pages of PDF/DOCX, the XLSX timeline sheet).
      if (task.format === ReportFormat.XLSX || data.sections.has(ReportSection.TURBINE_DETAILS)) {
        const timelines = await this.data.timelines(defects.map((x) => x.defectId));
        for (const x of defects) x.timeline = timelines.get(x.defectId);
      }
      // Per-turbine pages (PDF, DOCX): photos come from the shared store by the URIs inspection's events gave.
      if (task.format !== ReportFormat.XLSX && data.sections.has(ReportSection.TURBINE_DETAILS)) {
        const lps = await this.data.lps([...new Set(defects.map((x) => x.turbineId!).filter(Boolean))]);
        // A campaign's defects come from any inspection: "not found again" belongs to inspection reports only.
        const vanished = sel.campaignId ? new Map() : await this.data.vanished([...new Set(defects.map((x) => x.inspectionId!).filter(Boolean))]);
        data.turbines = await turbineDetails(data, this.shared, lps, vanished, (done, total) => step(20 + Math.round((done / total) * 50), 'rendering'));
      }
      const bytes =
        task.format === ReportFormat.PDF
          ? await this.chromium.pdf(reportHtml(data))
          : task.format === ReportFormat.DOCX
            ? await renderDocx(data)
            : await renderXlsx(data);
      await step(85, 'storing');
      // Store keys are plain ASCII; the display name (Chinese park names) only goes to the download header.
      const key = `${id}/report.${task.format}`;
      await this.store.put(key, bytes);
      await this.finish(id, task.user_id, { key, name: reportFileName(data, task.format), size: bytes.length });
    } catch (err) {
      await this.fail(id, err);
    }
  }

  /** The image archive: streamed into a temporary file, then moved into the store. */
  private async archive(
    id: string,
    task: { user_id: string },
    data: ReportData,
    images: ArchiveImageRow[],
    step: (percent: number, name: string) => Promise<void>,
  ): Promise<void> {
    const dir = await mkdtemp(path.join(tmpdir(), 'report-zip-'));
    try {
      const file = path.join(dir, 'archive.zip');
      // REPORT_ARCHIVE_MAX_BYTES lowers the 2 GiB cap (tests; a small disk).
      const maxBytes = Number(process.env.REPORT_ARCHIVE_MAX_BYTES) || undefined;
      await renderZip(data, this.shared, file, (done, total) => step(20 + Math.round((done / total) * 70), 'archiving'), maxBytes, images);
      await step(92, 'storing');
      const size = (await stat(file)).size;
      const key = `${id}/report.zip`;
      await this.store.putFile(key, file);
      await this.finish(id, task.user_id, { key, name: reportFileName(data, 'zip'), size });
    } catch (err) {
      await this.fail(id, err);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Ready: the row and report.task.completed in one transaction. */
  private async finish(id: string, userId: string, file: { key: string; name: string; size: number }): Promise<void> {
    {
      const { key } = file;
      await this.tasks.ds.transaction(async (m) => {
        await this.tasks.done(m, id, file, retentionDays());
        await this.events.publish(
          m,
          EventTypes.ReportTaskCompleted,
          id,
          { reportTaskId: id, fileUri: fileStoreUri(`${REPORTS_PREFIX}/${key}`) },
          userId,
        );
      });
      // Taken off the list while rendering: nothing should stay behind.
      if (!(await this.tasks.find(id))) await this.store.removePrefix(id);
    }
  }

  /** Recorded on the task with its code, so the list says why and the user can retry it. */
  private async fail(id: string, err: unknown): Promise<void> {
    {
      const code: ErrorCode = err instanceof AppError ? err.code : 'INTERNAL_ERROR';
      if (!(err instanceof AppError)) this.log.error({ err, reportTaskId: id }, 'report rendering failed');
      await this.tasks.failed(id, {
        code,
        ...(err instanceof Error && !(err instanceof AppError) ? { detail: err.message.slice(0, 500) } : {}),
      });
      await this.store.removePrefix(id);
    }
  }
}
