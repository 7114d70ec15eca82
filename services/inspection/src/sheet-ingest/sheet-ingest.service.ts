import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import { AppError, EventTypes, type SheetAppliedPayload, type SheetCommittedPayload, type SheetInspectionPayload } from '@windward/contracts';
import { EventPublisher, FILE_STORE, LOGGER, SERVICE_CONFIG, SHARED_FILE_STORE, isUniqueViolation, type FileStore, type ServiceConfig } from '@windward/service-kit';
import { applyDefect, defectEvent, newDefect, settleDefects } from '../defects/defect-rules.js';
import { Image } from '../images/image.entity.js';
import { TilesWorker } from '../images/tiles.worker.js';
import type { Inspection } from '../inspections/inspection.entity.js';
import { imageFromSharedStore } from '../ingest/shared-photo.js';
import { ParkRef, TurbineRef } from '../refs/refs.entity.js';
import { createInspection, toDay } from '../inspections/inspections.service.js';

/**
 * import.sheet.committed → every inspection of the batch, or none. The whole batch arrives in
 * one event and is applied in the consumer's transaction behind a savepoint: a refusal (a turbine
 * gone, an inspection already there that day) rolls the savepoint back — inspections and their
 * events — and answers inspection.sheet.applied with ok=false and the reason; success answers
 * with the created inspections. The answer is written in the same transaction as the rows, and
 * `sheet_ingest` makes a redelivered event a no-op, so a crash at any point leaves all or nothing.
 */
@Injectable()
export class SheetIngestService {
  private readonly s: string;

  constructor(
    private readonly events: EventPublisher,
    @Inject(SERVICE_CONFIG) cfg: ServiceConfig,
    @Inject(LOGGER) private readonly log: Logger,
    @Inject(FILE_STORE) private readonly store: FileStore,
    @Inject(SHARED_FILE_STORE) private readonly shared: FileStore,
    private readonly tiles: TilesWorker,
  ) {
    this.s = `"${cfg.schema}"`;
  }

  async apply(m: EntityManager, p: SheetCommittedPayload): Promise<void> {
    const seen: unknown[] = await m.query(`SELECT 1 FROM ${this.s}.sheet_ingest WHERE sheet_import_id = $1`, [p.sheetImportId]);
    if (seen.length) {
      this.log.warn({ sheetImportId: p.sheetImportId }, 'sheet import already applied; event ignored');
      return;
    }
    let answer: SheetAppliedPayload;
    /** Inspections created in the savepoint (their copied photos go when it rolls back). */
    const made: string[] = [];
    let tileImages: string[] = [];
    await m.query('SAVEPOINT sheet_ingest');
    try {
      const created: SheetAppliedPayload['inspections'] = [];
      const images: string[] = [];

      const park = await m.findOne(ParkRef, { where: { windParkId: p.windfarmId } });
      if (!park) throw new AppError('WIND_PARK_NOT_FOUND');
      for (const i of p.inspections) {
        const turbine = await m.findOne(TurbineRef, { where: { turbineId: i.turbineId, windParkId: park.windParkId, deleted: false } });
        if (!turbine) throw new AppError('TURBINE_NOT_IN_WIND_PARK', { params: { turbineName: i.turbineName } });
        const insp = await createInspection(m, this.events, {
          turbine,
          park,
          packageType: p.packageType,
          componentType: p.componentType,
          inspectionDate: toDay(i.inspectionDate),
          pilot: null,
          deviceId: null,
          inspectionDataConfigId: null,
          ...(p.userId ? { userId: p.userId } : {}),
        }).catch((err: unknown) => {
          // Say which inspection could not be created.
          if (err instanceof AppError) throw new AppError(err.code, { params: { ...(err.params ?? {}), turbineName: i.turbineName, inspectionDate: i.inspectionDate } });
          throw err;
        });
        made.push(insp.id);
        images.push(...(await this.defects(m, insp, i, p)));
        created.push({ inspectionId: insp.id, turbineId: turbine.turbineId, turbineName: turbine.name, inspectionDate: i.inspectionDate });
      }
      await m.query('RELEASE SAVEPOINT sheet_ingest');
      answer = { sheetImportId: p.sheetImportId, ok: true, inspections: created };
      tileImages = images;
    } catch (caught) {
      let err = caught as AppError;
      // A unique index beat the check (a concurrent inspection that day): the same refusal.
      const refusal = caught instanceof AppError ? caught : isUniqueViolation(caught) ? new AppError(-10009) : null;
      if (!refusal) throw caught; // database trouble: the bus delivers again
      err = refusal;
      await m.query('ROLLBACK TO SAVEPOINT sheet_ingest');
      // The rows rolled back: so must the photos copied for them.
      for (const id of made) await this.store.removePrefix(`images/${id}`);
      this.log.warn({ sheetImportId: p.sheetImportId, code: err.code }, 'sheet import refused whole');
      answer = {
        sheetImportId: p.sheetImportId,
        ok: false,
        inspections: [],
        error: { code: err.code, ...(err.params ? { params: err.params as Record<string, string | number> } : {}) },
      };
    }
    await m.query(`INSERT INTO ${this.s}.sheet_ingest (sheet_import_id, status, inspection_ids, error) VALUES ($1, $2, $3, $4)`, [
      p.sheetImportId,
      answer.ok ? 'done' : 'failed',
      JSON.stringify(answer.inspections.map((x) => x.inspectionId)),
      answer.error ? JSON.stringify(answer.error) : null,
    ]);
    await this.events.publish(m, EventTypes.InspectionSheetApplied, p.sheetImportId, answer, p.userId ?? undefined);
    // The tile jobs wait for their rows (committed with this transaction).
    for (const id of tileImages) await this.tiles.enqueue(id);
  }

  /**
   * The defects of one inspection of the batch, each on its photo (step 3): one image per photo
   * (blade of its first defect row, in the order the sheet names them), then every defect with
   * the rules of a defect made by hand (applyDefect: distance to root, sizes, the customer's
   * template) and its created event. Answers the images to tile.
   */
  private async defects(m: EntityManager, insp: Inspection, i: SheetInspectionPayload, p: SheetCommittedPayload): Promise<string[]> {
    if (!i.defects.length) return [];
    const images = new Map<string, Image>();
    for (const row of i.defects) {
      if (!row.image) throw new AppError(-11001, { params: { entries: row.imageId ?? row.defectNo } });
      if (images.has(row.image.fileKey)) continue;
      const img = await imageFromSharedStore({ store: this.store, shared: this.shared }, m, insp.id, `sheet-imports/${p.sheetImportId}/`, {
        fileKey: row.image.fileKey,
        fileName: row.image.fileName,
        bladePosition: row.bladePosition,
        path: null,
        chamber: null,
        sortIndex: images.size + 1,
      });
      await m.insert(Image, img);
      images.set(row.image.fileKey, img);
    }
    for (const row of i.defects) {
      const img = images.get(row.image!.fileKey)!;
      if (row.severity !== null && (row.severity < 0 || row.severity > 5))
        throw new AppError(-10006, { params: { defectNo: row.defectNo, severity: row.severity } });
      const d = newDefect(m, insp, p.userId);
      await applyDefect(
        m,
        insp,
        d,
        {
          imageId: img.id,
          // The sheet says which photo, not where on it: the outline is the whole photo (redrawn in labeling).
          polygon: [
            [0, 0],
            [img.width, 0],
            [img.width, img.height],
            [0, img.height],
          ],
          defectType: row.defectType,
          severity: row.severity,
          bladePosition: row.bladePosition,
          distanceToRoot: row.distanceToRoot,
          sizeLength: row.sizeLength,
          sizeWidth: row.sizeWidth,
        },
        true,
      ).catch((err: unknown) => {
        if (err instanceof AppError) throw new AppError(err.code, { params: { ...(err.params ?? {}), defectNo: row.defectNo } });
        throw err;
      });
      d.defectNo = row.defectNo;
      await m.save(d);
      await this.events.publish(m, EventTypes.InspectionDefectCreated, d.id, await defectEvent(m, d, img), p.userId ?? undefined);
    }
    await settleDefects(m, this.events, insp.id, p.userId ?? 'import');
    return [...images.values()].map((x) => x.id);
  }
}
