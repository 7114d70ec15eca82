import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, isUuid } from '@windward/contracts';
import { EventPublisher, type AuthUser } from '@windward/service-kit';
import { assertCanEdit, loadInspection } from '../common/access.js';
import { LabelingRepository } from './labeling.repository.js';
import { Image } from '../images/image.entity.js';
import { assertNotLockedByOther } from '../locks/edit-lock.store.js';
import { announceLabeling, loadLabelingStatus } from './labeling-progress.js';
import type { LabeledView, LabelingStatusView } from './defect.view.js';

/** The per-image labeled mark and the inspection's labeling status (the labeling tool's submit check). */
@Injectable()
export class LabelingService implements OnApplicationBootstrap {
  constructor(
    private readonly ds: DataSource,
    private readonly events: EventPublisher,
    private readonly repo: LabelingRepository,
  ) {}

  /**
   * Inspections with active images from before `inspection.labeling.changed` existed have never
   * announced their status: announce it once at start-up, so task-flow's check covers them too.
   */
  async onApplicationBootstrap() {
    for (const id of await this.repo.inspectionsNeverAnnounced()) {
      await this.ds.transaction(async (m) => {
        await this.repo.lockInspection(m, id);
        await announceLabeling(m, this.events, id);
      });
    }
  }

  async status(user: AuthUser, inspectionId: string, require: boolean): Promise<LabelingStatusView> {
    const insp = await loadInspection(this.ds.manager, user, inspectionId);
    const result = { inspectionId: insp.id, ...(await loadLabelingStatus(this.ds.manager, insp.id)) };
    if (require && !result.complete) {
      throw new AppError('ALL_SIDES_MUST_BE_LABELED', {
        details: {
          sides: result.sides.filter((x) => !x.labeled).map(({ bladePosition, pathViewIndex }) => ({ bladePosition, pathViewIndex })),
        },
      });
    }
    return result;
  }

  /** The labeler marks an image labeled (looked at; "no defect" counts) or takes the mark back. */
  async setLabeled(user: AuthUser, imageId: string, labeled: boolean): Promise<LabeledView> {
    return this.ds.transaction(async (m) => {
      if (!isUuid(imageId)) throw new AppError('NOT_FOUND');
      const image = await m.findOne(Image, { where: { id: imageId }, select: { id: true, inspectionId: true } });
      if (!image) throw new AppError('NOT_FOUND');
      const insp = await loadInspection(m, user, image.inspectionId, true);
      assertCanEdit(user, insp.componentType);
      await assertNotLockedByOther(m, insp.id, user.userId);
      await this.repo.setLabeled(m, image.id, labeled, user.userId);
      await announceLabeling(m, this.events, insp.id, user.userId);
      return { imageId: image.id, inspectionId: insp.id, labeled };
    });
  }
}
