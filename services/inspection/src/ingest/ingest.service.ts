import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import {
  AppError,
  PackageType,
  componentTypeOfPackage,
  errorText,
  type ErrorCode,
  type Locale,
  type UploadCompletedPayload,
  type UploadManifest,
  isUuid,
} from '@windward/contracts';
import {
  EventPublisher,
  FILE_STORE,
  JobsService,
  LOGGER,
  SHARED_FILE_STORE,
  canSeeCustomer,
  canSeePark,
  fileStoreKey,
  type AuthUser,
  type FileStore,
  type ReportProgress,
} from '@windward/service-kit';

import { uniqueAsConflict } from '@windward/service-kit';
import { ParkRef, TurbineRef } from '../refs/refs.entity.js';
import { createInspection, toDay } from '../inspections/inspections.service.js';
import { Image } from '../images/image.entity.js';
import { imageFromSharedStore } from './shared-photo.js';
import { TilesWorker } from '../images/tiles.worker.js';
import type { IngestStatusView } from './ingest.view.js';
import { IngestRepository, type IngestError, type UploadIngestRow } from './ingest.repository.js';

export const INGEST_QUEUE = 'inspection-ingest';

const failure = (code: ErrorCode, details?: unknown, params?: Record<string, string | number>) =>
  new AppError(code, { ...(details !== undefined ? { details } : {}), ...(params ? { params } : {}) });

/**
 * import.upload.completed → an inspection with the upload's photographs. The consumer records the
 * upload (once: `upload_ingest` is keyed by upload id) and queues the job `inspection-ingest`;
 * the job reads the manifest from the shared file store, and in one transaction creates the
 * inspection (inspection.inspection.created carries `uploadTaskId`) and every image through the
 * same checks and storage keys as a photo upload; after commit the tile jobs are queued, whose
 * last one publishes inspection.images.processed as for any inspection.
 */
@Injectable()
export class IngestService implements OnApplicationBootstrap {
  constructor(
    private readonly ds: DataSource,
    private readonly events: EventPublisher,
    private readonly jobs: JobsService,
    private readonly tiles: TilesWorker,
    @Inject(FILE_STORE) private readonly store: FileStore,
    @Inject(SHARED_FILE_STORE) private readonly shared: FileStore,
    @Inject(LOGGER) private readonly log: Logger,
    private readonly repo: IngestRepository,
  ) {}

  async onApplicationBootstrap() {
    await this.jobs.register<{ uploadTaskId: string }>(INGEST_QUEUE, (d, progress) => this.run(d.uploadTaskId, progress), {
      retryLimit: 3,
    });
  }

  /** In the consumer's transaction: the first delivery of an upload queues its ingest; any later one does nothing. */
  async accept(m: EntityManager, p: UploadCompletedPayload): Promise<void> {
    if (!(await this.repo.insertOnce(m, p))) {
      this.log.warn({ uploadTaskId: p.uploadTaskId }, 'upload already taken in; event ignored');
      return;
    }
    // The job waits for this row to commit (run); a rolled-back delivery leaves a job that finds nothing.
    const jobId = await this.jobs.send(INGEST_QUEUE, { uploadTaskId: p.uploadTaskId });
    await this.repo.setJob(m, p.uploadTaskId, jobId);
  }

  async run(uploadTaskId: string, progress: ReportProgress): Promise<void> {
    let row: UploadIngestRow | undefined;
    for (let i = 0; i < 40 && !row; i++) {
      row = await this.repo.find(uploadTaskId);
      if (!row) await new Promise((r) => setTimeout(r, 250));
    }
    if (!row || row.status === 'done' || row.status === 'failed') return;
    if (row.status === 'pending') {
      try {
        await this.ingest(uploadTaskId, row.payload, progress);
      } catch (err) {
        if (!(err instanceof AppError)) throw err; // storage or database trouble: pg-boss retries
        // The upload cannot become an inspection as it is (e.g. one already exists that day): recorded, not retried.
        this.log.warn({ uploadTaskId, code: err.code, details: err.details }, 'upload not taken in');
        const error: IngestError = {
          code: err.code,
          ...(err.params ? { params: { ...err.params } } : {}),
          ...(err.details ? { details: err.details } : {}),
        };
        await this.repo.markFailed(uploadTaskId, error);
        return;
      }
    }
    // Rows committed: queue the tiles of every image that has no job yet (also after a crash right here).
    const images = await this.repo.imagesWithoutTileJob(uploadTaskId);
    for (const id of images) await this.tiles.enqueue(id);
    await this.repo.markDone(uploadTaskId);
    await progress(100, `${images.length} tile jobs queued`);
  }

  private async ingest(uploadTaskId: string, p: UploadCompletedPayload, progress: ReportProgress): Promise<void> {
    const key = fileStoreKey(p.uploadFileUri);
    if (!key || !key.startsWith(`uploads/${uploadTaskId}/`))
      throw failure(-12001, { reason: 'uploadFileUri is not a manifest of this upload', uri: p.uploadFileUri });
    const bytes = await this.shared.read(key);
    if (!bytes) throw failure(-12001, { reason: 'manifest not found', uri: p.uploadFileUri });
    let manifest: UploadManifest;
    try {
      manifest = JSON.parse(bytes.toString('utf8')) as UploadManifest;
    } catch {
      throw failure(-12001, { reason: 'manifest is not JSON', uri: p.uploadFileUri });
    }
    if (manifest.version !== 1 || manifest.uploadTaskId !== uploadTaskId || !Array.isArray(manifest.images) || !manifest.images.length) {
      throw failure(-12001, { reason: 'manifest does not describe this upload' });
    }
    const windfarmId = p.windfarmId ?? manifest.windfarmId;
    const turbineName = p.turbineName ?? manifest.turbineName;
    const packageType = p.packageType ?? manifest.packageType ?? PackageType.BLADE_AUTO;
    const componentType = componentTypeOfPackage(packageType);
    if (componentType === null) throw failure('VALIDATION_FAILED', { field: 'packageType', value: packageType });
    const inspectionDate = toDay(String(p.inspectionDate ?? manifest.inspectionDate).slice(0, 10));

    const created: { inspectionId: string | null } = { inspectionId: null };
    try {
      await uniqueAsConflict(
        () =>
          this.ds.transaction(async (m) => {
            if ((await this.repo.lockStatus(m, uploadTaskId)) !== 'pending') return; // another run got there first
            const park = await m.findOne(ParkRef, { where: { windParkId: windfarmId } });
            const turbine = park && (await this.findTurbine(m, park, p.turbineId ?? manifest.turbineId, turbineName));
            if (!park || !turbine) throw failure('TURBINE_NOT_IN_WIND_PARK', { windfarmId }, { turbineName });
            const insp = await createInspection(m, this.events, {
              turbine,
              park,
              packageType,
              componentType,
              inspectionDate,
              pilot: null,
              deviceId: p.droneId?.trim() || null,
              inspectionDataConfigId: null,
              uploadTaskId,
            });
            created.inspectionId = insp.id;
            for (const [i, entry] of manifest.images.entries()) {
              await m.insert(Image, await this.image(insp.id, uploadTaskId, entry));
              if (i % 10 === 9)
                await progress(Math.floor((90 * (i + 1)) / manifest.images.length), `${i + 1}/${manifest.images.length} photos`);
            }
            await this.repo.markStored(m, uploadTaskId, insp.id, manifest.images.length);
          }),
        { inspection_same_day_uq: -10009 },
      );
    } catch (err) {
      // The rows rolled back: so must the photos copied for them.
      if (created.inspectionId) await this.store.removePrefix(`images/${created.inspectionId}`);
      throw err;
    }
  }

  /** The turbine of the upload: by id when import sent it (renames followed), else by park and name. */
  private async findTurbine(
    m: EntityManager,
    park: ParkRef,
    turbineId: string | null | undefined,
    name: string,
  ): Promise<TurbineRef | null> {
    if (turbineId) {
      const byId = await m.findOne(TurbineRef, { where: { turbineId, windParkId: park.windParkId, deleted: false } });
      if (byId) return byId;
    }
    const found = await this.repo.turbineIdByName(m, park.windParkId, name);
    return found ? m.findOne(TurbineRef, { where: { turbineId: found } }) : null;
  }

  /** One manifest photo: the checks of a photo upload (name, size, magic bytes, full decode), its attributes validated as on PATCH. */
  private image(inspectionId: string, uploadTaskId: string, e: UploadManifest['images'][number]): Promise<Image> {
    return imageFromSharedStore({ store: this.store, shared: this.shared }, this.ds.manager, inspectionId, `uploads/${uploadTaskId}/`, e);
  }

  /** How the ingest of an upload went (for the screens and for operators). */
  async status(user: AuthUser, uploadTaskId: string, locale: Locale): Promise<IngestStatusView> {
    if (!isUuid(uploadTaskId)) throw new AppError('NOT_FOUND');
    const row = await this.repo.findWithCustomer(uploadTaskId);
    const parkId = row?.payload?.windfarmId ?? null;
    if (!row || !canSeeCustomer(user, row.customer_id) || !canSeePark(user, parkId)) throw new AppError('NOT_FOUND');
    const error = row.error;
    return {
      uploadTaskId,
      status: row.status,
      inspectionId: row.inspection_id,
      imageCount: row.image_count,
      error: error && {
        code: error.code,
        message: errorText(error.code, locale, error.params),
        ...(error.details ? { details: error.details } : {}),
      },
      createdAt: row.created_at,
      finishedAt: row.finished_at,
    };
  }
}
