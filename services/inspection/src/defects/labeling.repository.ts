import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { schemaName } from '../common/columns.js';

/** The labeler's per-image mark and the start-up scan for inspections that never announced their labeling status. */
@Injectable()
export class LabelingRepository {
  constructor(private readonly ds: DataSource) {}

  private get s() {
    return schemaName(this.ds);
  }

  /** Inspections with active images whose labeling completeness was never recorded. */
  async inspectionsNeverAnnounced(): Promise<string[]> {
    const rows: { id: string }[] = await this.ds.query(
      `SELECT i.id FROM ${this.s}.inspection i
       WHERE i.labeling_complete IS NULL AND EXISTS (SELECT 1 FROM ${this.s}.image m WHERE m.inspection_id = i.id AND m.is_active)`,
    );
    return rows.map((r) => r.id);
  }

  /** Takes the inspection's row lock in the manager's transaction. */
  async lockInspection(m: EntityManager, inspectionId: string): Promise<void> {
    await m.query(`SELECT 1 FROM ${this.s}.inspection WHERE id = $1 FOR UPDATE`, [inspectionId]);
  }

  /** Sets or clears the labeled mark (who and when with it). */
  async setLabeled(m: EntityManager, imageId: string, labeled: boolean, userId: string): Promise<void> {
    await m.query(
      `UPDATE ${this.s}.image SET labeled = $2, labeled_by = CASE WHEN $2 THEN $3 ELSE NULL END, labeled_at = CASE WHEN $2 THEN now() ELSE NULL END WHERE id = $1`,
      [imageId, labeled, userId],
    );
  }
}
