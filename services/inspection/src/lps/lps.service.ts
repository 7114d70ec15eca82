import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, ComponentType, EventTypes, checkNonNegativeInteger, formatOhmReading, parseOhmReading, isUuid } from '@windward/contracts';
import { EventPublisher, type AuthUser } from '@windward/service-kit';
import { assertCanEdit, loadInspection } from '../common/access.js';
import type { Inspection } from '../inspections/inspection.entity.js';
import { decimal3, invalid, minMax, must, text } from '../common/checks.js';
import { uniqueAsConflict } from '@windward/service-kit';
import { LpsTemplate } from '../templates/template.entity.js';
import { LpsMeasurement } from './lps-measurement.entity.js';
import type { AddLpsMeasurementDto } from './lps.dto.js';
import type { LpsMeasurementView } from './lps.view.js';

export function presentLps(x: LpsMeasurement): LpsMeasurementView {
  const reading = x.openCircuit ? formatOhmReading({ kind: 'open-circuit' }) : formatOhmReading({ kind: 'ohm', value: x.ohm! });
  // An open circuit never passes; a reading passes when it lies within the bounds it has.
  const withinRange = !x.openCircuit && (x.minOhm === null || x.ohm! >= x.minOhm) && (x.maxOhm === null || x.ohm! <= x.maxOhm);
  return {
    id: x.id,
    inspectionId: x.inspectionId,
    bladePosition: x.bladePosition,
    receptorId: x.receptorId,
    side: x.side,
    reading,
    ohm: x.ohm,
    openCircuit: x.openCircuit,
    minOhm: x.minOhm,
    maxOhm: x.maxOhm,
    ringCount: x.ringCount,
    templateId: x.templateId,
    withinRange,
  };
}

/** inspection.lps.changed with every reading of the inspection (report's LPS tables), in the writing transaction. */
export async function announceLps(m: EntityManager, events: EventPublisher, insp: Inspection, userId: string): Promise<void> {
  const rows = await m.find(LpsMeasurement, { where: { inspectionId: insp.id }, order: { bladePosition: 'ASC', receptorId: 'ASC', side: 'ASC' } });
  await events.publish(
    m,
    EventTypes.InspectionLpsChanged,
    insp.id,
    {
      inspectionId: insp.id,
      turbineId: insp.turbineId,
      windFarmId: insp.windParkId,
      readings: rows.map((r) => ({
        bladePosition: r.bladePosition,
        receptorId: r.receptorId,
        side: r.side,
        ohm: r.ohm,
        openCircuit: r.openCircuit,
        minOhm: r.minOhm,
        maxOhm: r.maxOhm,
      })),
    },
    userId,
  );
}

/** LPS resistance readings of an LPS inspection (package type 10, component 0). */
@Injectable()
export class LpsService {
  constructor(
    private readonly ds: DataSource,
    private readonly events: EventPublisher,
  ) {}

  private announce(m: EntityManager, insp: Inspection, userId: string): Promise<void> {
    return announceLps(m, this.events, insp, userId);
  }

  async add(user: AuthUser, inspectionId: string, b: AddLpsMeasurementDto): Promise<LpsMeasurementView> {
    const id = await uniqueAsConflict(
      () =>
        this.ds.transaction(async (m) => {
          const insp = await loadInspection(m, user, inspectionId, true);
          if (insp.componentType !== ComponentType.LPS) throw new AppError('INSPECTION_COMPONENT_MISMATCH');
          assertCanEdit(user, insp.componentType);
          const bladePosition = b.bladePosition;
          const receptorId = text(b.receptorId, 'receptorId', { required: true, max: 50 })!;
          if (typeof b.reading !== 'string' && typeof b.reading !== 'number') throw new AppError('INVALID_OHM_VALUE');
          const reading = parseOhmReading(b.reading);
          if (!reading) throw new AppError('INVALID_OHM_VALUE');
          let ringCount: number | null = null;
          if (b.ringCount !== undefined && b.ringCount !== null) {
            must(checkNonNegativeInteger(String(b.ringCount)), 'ringCount');
            ringCount = Number(b.ringCount);
          }
          // Bounds come from the customer's LPS template, or are given with the reading.
          let minOhm: number | null;
          let maxOhm: number | null;
          let templateId: string | null = null;
          if (b.templateId !== undefined && b.templateId !== null) {
            const t = isUuid(b.templateId)
              ? await m.findOne(LpsTemplate, { where: { id: b.templateId, customerId: insp.customerId } })
              : null;
            if (!t) throw new AppError(-12004);
            ({ minOhm, maxOhm } = t);
            templateId = t.id;
          } else {
            const num = (v: unknown, f: string) =>
              typeof v === 'number' || typeof v === 'string' ? decimal3(v, f, { min0: true }) : v == null ? null : invalid(f, 'a number');
            minOhm = num(b.minOhm, 'minOhm');
            maxOhm = num(b.maxOhm, 'maxOhm');
          }
          minMax(minOhm, maxOhm, 'minOhm');
          const row = m.create(LpsMeasurement, {
            inspectionId: insp.id,
            bladePosition,
            receptorId,
            side: b.side,
            ohm: reading.kind === 'ohm' ? reading.value : null,
            openCircuit: reading.kind === 'open-circuit',
            minOhm,
            maxOhm,
            ringCount,
            templateId,
          });
          await m.save(row);
          await this.announce(m, insp, user.userId);
          return row.id;
        }),
      { lps_measurement_uq: 'DUPLICATE_VALUES' },
    );
    return presentLps(await this.ds.getRepository(LpsMeasurement).findOneByOrFail({ id }));
  }

  async list(user: AuthUser, inspectionId: string): Promise<LpsMeasurementView[]> {
    const insp = await loadInspection(this.ds.manager, user, inspectionId);
    const rows = await this.ds.getRepository(LpsMeasurement).find({
      where: { inspectionId: insp.id },
      order: { bladePosition: 'ASC', receptorId: 'ASC', side: 'ASC' },
    });
    return rows.map(presentLps);
  }

  async remove(user: AuthUser, id: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      const row = isUuid(id) ? await m.findOne(LpsMeasurement, { where: { id } }) : null;
      if (!row) throw new AppError('NOT_FOUND');
      const insp = await loadInspection(m, user, row.inspectionId, true);
      assertCanEdit(user, insp.componentType);
      await m.delete(LpsMeasurement, { id: row.id });
      await this.announce(m, insp, user.userId);
    });
  }
}
