import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import { AppError, EventTypes, type SheetAppliedPayload, type SheetCommittedPayload } from '@windward/contracts';
import { EventPublisher, LOGGER, SERVICE_CONFIG, type ServiceConfig } from '@windward/service-kit';
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
    await m.query('SAVEPOINT sheet_ingest');
    try {
      const created: SheetAppliedPayload['inspections'] = [];
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
        created.push({ inspectionId: insp.id, turbineId: turbine.turbineId, turbineName: turbine.name, inspectionDate: i.inspectionDate });
      }
      await m.query('RELEASE SAVEPOINT sheet_ingest');
      answer = { sheetImportId: p.sheetImportId, ok: true, inspections: created };
    } catch (caught) {
      let err = caught as AppError;
      // A unique index beat the check (a concurrent inspection that day): the same refusal.
      const refusal = caught instanceof AppError ? caught : (caught as { driverError?: { code?: string } }).driverError?.code === '23505' ? new AppError(-10009) : null;
      if (!refusal) throw caught; // database trouble: the bus delivers again
      err = refusal;
      await m.query('ROLLBACK TO SAVEPOINT sheet_ingest');
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
  }
}
