import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import {
  AppError,
  EventTypes,
  PackageType,
  UPLOAD_QUEUE_LIMIT,
  UploadFileStatus as S,
  UploadProgress as P,
  UploadTaskStatus as T,
  errorText,
  type Locale,
  type SheetAppliedPayload,
} from '@windward/contracts';
import { EventPublisher, LOGGER, type AuthUser } from '@windward/service-kit';
import { SheetImportRepository } from './sheet-import.repository.js';
import type { SheetImportView } from './sheet-import.view.js';
import { PACKAGE_OF, SheetImportsService } from './sheet-imports.service.js';
import { SheetLive } from './sheet-live.js';

/** Imports in data processing at the same time across parks (our choice; one per park is the spec's -2003). */
const processingSlots = () => Number(process.env.IMPORT_PROCESSING_SLOTS ?? 2);
/**
 * How often waiting imports are looked at besides the moments that free a slot (a restart, a lost
 * wake-up). A timer in each instance, not a kit schedule: pg-boss schedules are cron (one minute at
 * the finest), and a queued import should start within seconds of a slot freeing up; `dispatch`
 * claims under the queue's lock, so instances running it at once do not conflict.
 */
const DISPATCH_EVERY_MS = 5000;

/**
 * Step 4's processing queue: a verified run is queued (one per park, ten waiting), dispatched to
 * inspection in one import.sheet.committed while slots are free, and finished by inspection's
 * answer (import.sheet.applied).
 */
@Injectable()
export class SheetImportQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ds: DataSource,
    private readonly repo: SheetImportRepository,
    private readonly runs: SheetImportsService,
    private readonly events: EventPublisher,
    private readonly live: SheetLive,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  onApplicationBootstrap() {
    // A finished import frees its park and a slot: look at the queue at once.
    this.live.onChange((rows) => {
      if (rows.some((r) => r.status === S.ALL_DATA_UPLOADED || r.status === S.FAILED || r.task_status === T.CANCELLED))
        void this.dispatch().catch((err) => this.log.warn({ err }, 'sheet import dispatch failed'));
    });
    this.timer = setInterval(() => void this.dispatch().catch((err) => this.log.warn({ err }, 'sheet import dispatch failed')), DISPATCH_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown() {
    if (this.timer) clearInterval(this.timer);
  }

  /**
   * Step 3 → 4: a verified run enters the processing queue. One import per park in processing or
   * waiting (-2003), at most 10 waiting overall (-2004); then the queue is looked at at once.
   */
  async process(user: AuthUser, id: string, locale: Locale): Promise<SheetImportView> {
    await this.ds.transaction(async (m) => {
      // One writer of the queue at a time, so the two counts below cannot race.
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('import.sheet.queue'))`);
      const row = await this.runs.load(m, user, id, true);
      this.runs.assertOpen(row);
      if (row.status !== S.VERIFY_SUCCESS || row.queued_at) throw new AppError('ILLEGAL_TRANSITION', { details: { status: row.status } });
      const missing = (row.batch ?? []).flatMap((i) => i.defects).filter((d) => !d.image);
      if (missing.length) throw new AppError(-11001, { params: { entries: missing.slice(0, 5).map((d) => d.imageId ?? d.defectNo).join(', ') } });
      if ((await this.repo.busyInPark(m, row.wind_farm_id, row.id)) > 0) throw new AppError(-2003);
      if ((await this.repo.countWaiting(m)) >= UPLOAD_QUEUE_LIMIT) throw new AppError(-2004);
      // Every defect's photo is in (step 3), or there are none: images uploaded (progress 6).
      await this.repo.update(m, id, { queued_at: new Date(), step: 4, progress_code: P.IMAGE_UPLOADED });
    });
    await this.dispatch();
    return this.runs.get(user, id, locale);
  }

  /**
   * Moves waiting imports into processing while slots are free: each becomes "warehousing"
   * (progress 7) and its whole batch leaves in one import.sheet.committed, in the same transaction.
   */
  async dispatch(): Promise<void> {
    for (;;) {
      const started = await this.ds.transaction(async (m) => {
        await m.query(`SELECT pg_advisory_xact_lock(hashtext('import.sheet.queue'))`);
        if ((await this.repo.countProcessing(m)) >= processingSlots()) return null;
        const row = await this.repo.nextWaiting(m);
        if (!row) return null;
        await this.repo.update(m, row.id, { status: S.WAREHOUSING, progress_code: P.IMPORTING, queued_at: null });
        await this.events.publish(
          m,
          EventTypes.ImportSheetCommitted,
          row.id,
          {
            sheetImportId: row.id,
            windfarmId: row.wind_farm_id,
            customerId: row.customer_id,
            projectId: row.project_id,
            componentType: row.component_type,
            packageType: PACKAGE_OF[row.component_type] ?? PackageType.BLADE_AUTO,
            defectTemplateId: row.defect_template_id,
            userId: row.created_by,
            inspections: row.batch ?? [],
          },
          row.created_by,
        );
        return row.id;
      });
      if (!started) return;
    }
  }

  /** inspection.sheet.applied: the batch landed completely (7, imported) or not at all (8, -12001 with the reason). */
  async applied(m: EntityManager, p: SheetAppliedPayload): Promise<void> {
    const row = await this.repo.find(m, p.sheetImportId, true);
    if (!row || row.status !== S.WAREHOUSING) {
      this.log.warn({ sheetImportId: p.sheetImportId }, 'sheet import result for an import not in processing; ignored');
      return;
    }
    await this.repo.update(
      m,
      row.id,
      p.ok
        ? { status: S.ALL_DATA_UPLOADED, task_status: T.SUCCEEDED, progress_code: P.IMPORTED, step: 5, inspections: p.inspections, finished_at: new Date() }
        : {
            status: S.FAILED,
            task_status: T.FAILED,
            progress_code: null,
            step: 5,
            finished_at: new Date(),
            error: {
              code: -12001,
              details: {
                reason: p.error ? errorText(p.error.code as never, 'en_us', p.error.params) : 'unknown',
                cause: p.error ?? null,
              },
            },
          },
    );
  }
}
