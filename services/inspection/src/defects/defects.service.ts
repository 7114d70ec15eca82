import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, EventTypes, canTransitionDps, checkDefectId, isUuid } from '@windward/contracts';
import { EventPublisher, uniqueAsConflict, type AuthUser } from '@windward/service-kit';
import { assertCanEdit, loadInspection } from '../common/access.js';
import { invalid, must } from '../common/checks.js';
import type { Inspection } from '../inspections/inspection.entity.js';
import { assertNotLockedByOther } from '../locks/edit-lock.store.js';
import { Defect, DefectLink } from './defect.entity.js';
import type { CreateDefectDto, UpdateDefectDto } from './defect.dto.js';
import type { DefectView } from './defect.view.js';
import { DefectRepository } from './defect.repository.js';
import { applyDefect, defectEvent, loadDefect, newDefect, readDefect, settleDefects } from './defect-rules.js';

/** One defect: create, read, change its fields or its DPS review status, delete. */
@Injectable()
export class DefectsService {
  constructor(
    private readonly ds: DataSource,
    private readonly events: EventPublisher,
    private readonly repo: DefectRepository,
  ) {}

  async create(user: AuthUser, inspectionId: string, dto: CreateDefectDto): Promise<DefectView> {
    const id = await uniqueAsConflict(
      () =>
        this.ds.transaction(async (m) => {
          const insp = await loadInspection(m, user, inspectionId, true);
          assertCanEdit(user, insp.componentType);
          await assertNotLockedByOther(m, insp.id, user.userId);
          if (!isUuid(dto.imageId)) invalid('imageId', 'an image of the inspection');
          const d = newDefect(m, insp, user.userId, dto.suggested === true);
          await applyDefect(m, insp, d, { ...dto, defectType: dto.defectType ?? '' }, true);
          d.defectNo = await this.defectNo(m, insp, dto.defectNo);
          await m.save(d);
          await settleDefects(m, this.events, insp.id, user.userId);
          // A suggestion is announced when it is accepted (other services count real defects only).
          if (!d.suggested) await this.events.publish(m, EventTypes.InspectionDefectCreated, d.id, await defectEvent(m, d), user.userId);
          return d.id;
        }),
      { defect_no_uq: -10018 },
    );
    return this.get(user, id);
  }

  async get(user: AuthUser, defectId: string): Promise<DefectView> {
    return readDefect(this.ds.manager, user, defectId);
  }

  async update(user: AuthUser, defectId: string, dto: UpdateDefectDto): Promise<DefectView> {
    await this.ds.transaction(async (m) => {
      const { d, insp } = await loadDefect(m, user, defectId, true);
      assertCanEdit(user, insp.componentType);
      await assertNotLockedByOther(m, insp.id, user.userId);
      await applyDefect(m, insp, d, dto, false);
      await m.save(d);
      await settleDefects(m, this.events, insp.id, user.userId);
      if (!d.suggested) {
        await this.events.publish(
          m,
          EventTypes.InspectionDefectUpdated,
          d.id,
          await defectEvent(m, await m.findOneByOrFail(Defect, { id: d.id })),
          user.userId,
        );
      }
    });
    return this.get(user, defectId);
  }

  /** DPS review flow (contracts DPS_TRANSITIONS); anything else is ILLEGAL_TRANSITION. */
  async setDpsStatus(user: AuthUser, defectId: string, to: number): Promise<DefectView> {
    await this.ds.transaction(async (m) => {
      const { d } = await loadDefect(m, user, defectId, true);
      if (!canTransitionDps(d.dpsStatus, to)) {
        throw new AppError('ILLEGAL_TRANSITION', { details: { from: d.dpsStatus, to } });
      }
      d.dpsStatus = to;
      await m.save(d);
      if (!d.suggested) await this.events.publish(m, EventTypes.InspectionDefectUpdated, d.id, await defectEvent(m, d), user.userId);
    });
    return this.get(user, defectId);
  }

  /** "Link Defect Related": a defect linked to its internal/external counterpart must be unlinked first. */
  async remove(user: AuthUser, defectId: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      const { d, insp } = await loadDefect(m, user, defectId, true);
      assertCanEdit(user, insp.componentType);
      await assertNotLockedByOther(m, insp.id, user.userId);
      const linked = await m.exists(DefectLink, { where: [{ externalDefectId: d.id }, { internalDefectId: d.id }] });
      if (linked) throw new AppError('LINK_DEFECT_RELATED');
      await m.delete(Defect, { id: d.id });
      await settleDefects(m, this.events, insp.id, user.userId);
      if (!d.suggested) await this.events.publish(m, EventTypes.InspectionDefectDeleted, d.id, { id: d.id }, user.userId);
    });
  }

  /** A defect and its inspection within the caller's scope (timeline and links use it too). */
  load(m: EntityManager, user: AuthUser, defectId: string, lock = false): Promise<{ d: Defect; insp: Inspection }> {
    return loadDefect(m, user, defectId, lock);
  }

  /** The given 6-digit number (unique in the inspection: -10018), or the next free one. */
  private async defectNo(m: EntityManager, insp: Inspection, given: string | undefined): Promise<string> {
    if (given !== undefined && given !== null && given !== '') {
      must(checkDefectId(given), 'defectNo');
      if (await m.exists(Defect, { where: { inspectionId: insp.id, defectNo: given } })) throw new AppError(-10018);
      return given;
    }
    const next = await this.repo.nextDefectNo(m, insp.id);
    if (next > 999_999) throw new AppError('INVALID_DEFECT_ID');
    return String(next).padStart(6, '0');
  }
}
