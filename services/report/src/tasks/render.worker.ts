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
import { ReportTemplateRepository } from '../templates/template.repository.js';
import { ReportTaskRepository } from './task.repository.js';
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
      const defects = await this.tasks.defects(selectionOf(task), REPORT_MAX_DEFECTS);
      if (!defects.length) throw new AppError('NO_QUALIFYING_DEFECTS');
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
      };
      // Per-turbine pages (PDF, DOCX): photos come from the shared store by the URIs inspection's events gave.
      if (task.format !== ReportFormat.XLSX && data.sections.has(ReportSection.TURBINE_DETAILS)) {
        const lps = await this.tasks.lps([...new Set(defects.map((x) => x.turbineId!).filter(Boolean))]);
        data.turbines = await turbineDetails(data, this.shared, lps, (done, total) => step(20 + Math.round((done / total) * 50), 'rendering'));
      }
      const bytes =
        task.format === ReportFormat.PDF
          ? await this.chromium.pdf(reportHtml(data))
          : task.format === ReportFormat.DOCX
            ? await renderDocx(data)
            : await renderXlsx(data);
      await step(85, 'storing');
      const name = reportFileName(data, task.format);
      // Store keys are plain ASCII; the display name (Chinese park names) only goes to the download header.
      const key = `${id}/report.${task.format}`;
      await this.store.put(key, bytes);
      await this.tasks.ds.transaction(async (m) => {
        await this.tasks.done(m, id, { key, name, size: bytes.length }, retentionDays());
        await this.events.publish(
          m,
          EventTypes.ReportTaskCompleted,
          id,
          { reportTaskId: id, fileUri: fileStoreUri(`${REPORTS_PREFIX}/${key}`) },
          task.user_id,
        );
      });
      // Taken off the list while rendering: nothing should stay behind.
      if (!(await this.tasks.find(id))) await this.store.removePrefix(id);
    } catch (err) {
      const code: ErrorCode = err instanceof AppError ? err.code : 'INTERNAL_ERROR';
      if (!(err instanceof AppError)) this.log.error({ err, reportTaskId: id }, 'report rendering failed');
      await this.tasks.failed(id, {
        code,
        ...(err instanceof Error && !(err instanceof AppError) ? { detail: err.message.slice(0, 500) } : {}),
      });
    }
  }
}
