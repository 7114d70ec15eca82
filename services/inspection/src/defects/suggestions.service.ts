import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { AppError, EventTypes } from '@windward/contracts';
import { EventPublisher, type AuthUser } from '@windward/service-kit';
import { assertCanEdit, loadInspection } from '../common/access.js';
import { recomputeTimeline } from '../timeline/timeline.store.js';
import { assertNotLockedByOther } from '../locks/edit-lock.store.js';
import { Defect } from './defect.entity.js';
import type { DefectView, SuggestionDecisionView } from './defect.view.js';
import { checkDefectIds, defectEvent, loadDefect, readDefect, settleDefects } from './defect-rules.js';

/** Pre-label suggestions (an import or a model): accepted into regular defects, or rejected. */
@Injectable()
export class SuggestionsService {
  constructor(
    private readonly ds: DataSource,
    private readonly events: EventPublisher,
  ) {}

  /** A suggestion becomes a regular defect (and is announced as created). */
  async accept(user: AuthUser, defectId: string): Promise<DefectView> {
    await this.ds.transaction(async (m) => {
      const { d, insp } = await loadDefect(m, user, defectId, true);
      assertCanEdit(user, insp.componentType);
      await assertNotLockedByOther(m, insp.id, user.userId);
      if (!d.suggested) throw new AppError('DEFECT_NOT_SUGGESTED');
      await this.acceptRows(m, user, [d]);
      await settleDefects(m, this.events, insp.id, user.userId);
    });
    return readDefect(this.ds.manager, user, defectId);
  }

  /** A suggestion is dropped: the row goes; nobody outside ever heard of it, so no event. */
  async reject(user: AuthUser, defectId: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      const { d, insp } = await loadDefect(m, user, defectId, true);
      assertCanEdit(user, insp.componentType);
      await assertNotLockedByOther(m, insp.id, user.userId);
      if (!d.suggested) throw new AppError('DEFECT_NOT_SUGGESTED');
      await m.delete(Defect, { id: d.id });
      await recomputeTimeline(m, this.events, insp.id, user.userId);
    });
  }

  /**
   * Accept or reject several suggestions of one inspection (the pre-label "accept all" /
   * "reject all"): the given ones, or every suggestion of the inspection when none are given.
   */
  async decideSuggestions(
    user: AuthUser,
    inspectionId: string,
    decision: 'accept' | 'reject',
    defectIds: string[] | undefined,
  ): Promise<SuggestionDecisionView> {
    return this.ds.transaction(async (m) => {
      const insp = await loadInspection(m, user, inspectionId, true);
      assertCanEdit(user, insp.componentType);
      await assertNotLockedByOther(m, insp.id, user.userId);
      let rows: Defect[];
      if (defectIds === undefined) {
        rows = await m.find(Defect, { where: { inspectionId: insp.id, suggested: true }, order: { defectNo: 'ASC' } });
      } else {
        const ids = checkDefectIds(defectIds);
        rows = await m.find(Defect, { where: { id: In(ids), inspectionId: insp.id }, order: { defectNo: 'ASC' } });
        if (rows.length !== ids.length) throw new AppError('NOT_FOUND');
        if (rows.some((d) => !d.suggested))
          throw new AppError('DEFECT_NOT_SUGGESTED', { details: { defectIds: rows.filter((d) => !d.suggested).map((d) => d.id) } });
      }
      if (decision === 'accept') await this.acceptRows(m, user, rows);
      else if (rows.length) await m.delete(Defect, { id: In(rows.map((d) => d.id)) });
      if (rows.length) {
        await settleDefects(m, this.events, insp.id, user.userId);
      }
      const decided = rows.map((d) => d.id);
      return decision === 'accept'
        ? { inspectionId: insp.id, accepted: rows.length, defectIds: decided }
        : { inspectionId: insp.id, rejected: rows.length, defectIds: decided };
    });
  }

  private async acceptRows(m: EntityManager, user: AuthUser, rows: Defect[]) {
    for (const d of rows) {
      d.suggested = false;
      await m.update(Defect, { id: d.id }, { suggested: false });
      await this.events.publish(m, EventTypes.InspectionDefectCreated, d.id, await defectEvent(m, d), user.userId);
    }
  }
}
