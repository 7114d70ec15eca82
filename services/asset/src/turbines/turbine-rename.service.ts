import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, EventTypes } from '@windward/contracts';
import { EventPublisher, uniqueAsConflict, type AuthUser } from '@windward/service-kit';
import { InspectionRef } from '../activity/inspection-ref.entity.js';
import { findVisibleTurbine } from './turbine-scope.js';
import { TURBINE_UNIQUE_INDEXES, assertTurbineNameFree, fail } from './turbine-rules.js';
import type { RenameTurbineDto } from './turbine.dto.js';
import type { TurbineRenamedView } from './turbine.view.js';

/** SPEC §3 "Turbine rename" from the inspection screens. */
@Injectable()
export class TurbineRenameService {
  constructor(
    private readonly ds: DataSource,
    private readonly events: EventPublisher,
  ) {}

  /** The turbine takes the new name; the listed inspections (default: all of it) go along. */
  async rename(user: AuthUser, dto: RenameTurbineDto): Promise<TurbineRenamedView> {
    return uniqueAsConflict(
      () =>
        this.ds.transaction(async (m) => {
          const t = await findVisibleTurbine(m, user, dto.turbineId, true);
          if (!t) throw new AppError('NOT_FOUND');
          const own = (await m.find(InspectionRef, { where: { turbineId: t.id }, select: { inspectionId: true } })).map(
            (i) => i.inspectionId,
          );
          const requested = dto.inspectionGuids ?? [];
          if (requested.some((g) => !own.includes(g))) fail('NOT_FOUND', 'inspectionGuids', 'every inspection must belong to the turbine');
          const turbineName = dto.turbineName.trim();
          await assertTurbineNameFree(m, t.windParkId, turbineName, t.id);
          t.name = turbineName;
          await m.save(t);
          const inspectionGuids = requested.length ? requested : own;
          await this.events.publish(
            m,
            EventTypes.AssetTurbineRenamed,
            t.id,
            { turbineId: t.id, turbineName, inspectionGuids },
            user.userId,
          );
          return { turbineId: t.id, turbineName, inspectionGuids };
        }),
      TURBINE_UNIQUE_INDEXES,
    );
  }
}
