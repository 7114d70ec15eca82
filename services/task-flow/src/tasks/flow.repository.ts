import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TaskStageStatus as SS, TaskStatus as TS } from '@windward/contracts';
import type { Queryable, TaskRow } from './task.repository.js';
import { rowColumns, Sql } from '@windward/service-kit';

/** A row of `inspection_ref` (read model of inspection's inspections). */
export interface InspectionRefRecord {
  inspection_id: string;
  turbine_id: string;
  wind_farm_id: string;
  package_type: number;
  component_type: number | null;
  inspection_date: Date;
  upload_task_id: string | null;
  images_processed_at: Date | null;
  image_count: number | null;
  path_count: number | null;
  /** Demo data only: the stage the demo's task waits at. */
  demo_stage: number | null;
}
export const INSPECTION_REF_ROW_COLUMNS = rowColumns<InspectionRefRecord>()('inspection_ref', [
  'inspection_id', 'turbine_id', 'wind_farm_id', 'package_type', 'component_type', 'inspection_date', 'upload_task_id',
  'images_processed_at', 'image_count', 'path_count', 'demo_stage'
]);

/** What a new task starts with (from an upload or an inspection). */
export interface NewTask {
  uploadTaskId?: string | null;
  inspectionId?: string | null;
  windFarmId: string;
  turbineId?: string | null;
  turbineName?: string | null;
  /** YYYY-MM-DD. */
  inspectionDate: string;
  campaignId?: string | null;
  packageType?: number | null;
  componentType?: number | null;
  inspectionStaffId?: string | null;
  inspectionStaffName?: string | null;
  uploadedTime: Date | null;
}

/** Hand-written SQL of the event-driven pipeline (uploads, inspections, auto-processing, overtime). */
@Injectable()
export class FlowRepository {
  constructor(
    private readonly ds: DataSource,
    private readonly sql: Sql,
  ) {}

  private get s() {
    return this.sql.s;
  }

  /** The turbine by id, or else by name within the park (not deleted). */
  async findTurbine(m: Queryable, by: { turbineId?: string | null; windFarmId: string; name?: string | null }): Promise<{ turbine_id: string; name: string } | undefined> {
    const [t] = by.turbineId
      ? await m.query<{ turbine_id: string; name: string }[]>(`SELECT turbine_id, name FROM ${this.s}.turbine_ref WHERE turbine_id = $1`, [by.turbineId])
      : await m.query<{ turbine_id: string; name: string }[]>(
          `SELECT turbine_id, name FROM ${this.s}.turbine_ref WHERE wind_farm_id = $1 AND lower(name) = lower($2) AND NOT deleted LIMIT 1`,
          [by.windFarmId, by.name],
        );
    return t;
  }

  /** Inserts the task (processing; project type from its campaign) and its stage rows (not ready). */
  async insertTask(m: Queryable, t: NewTask, stages: { stage: number; seq: number }[]): Promise<TaskRow> {
    const [task] = await m.query<TaskRow[]>(
      `INSERT INTO ${this.s}.task (upload_task_id, inspection_id, wind_farm_id, turbine_id, turbine_name, inspection_date, campaign_id,
         package_type, component_type, inspection_staff_id, inspection_staff_name, uploaded_time, status, project_type)
       VALUES ($1, $2, $3, $4, $5, $6::date, $7, $8, $9, $10, $11, $12, ${TS.PROCESSING},
         (SELECT project_type FROM ${this.s}.campaign_ref WHERE campaign_id = $7)) RETURNING *`,
      [
        t.uploadTaskId ?? null,
        t.inspectionId ?? null,
        t.windFarmId,
        t.turbineId ?? null,
        t.turbineName ?? '',
        t.inspectionDate,
        t.campaignId ?? null,
        t.packageType ?? null,
        t.componentType ?? null,
        t.inspectionStaffId ?? null,
        t.inspectionStaffName ?? null,
        t.uploadedTime,
      ],
    );
    for (const s of stages) {
      await m.query(`INSERT INTO ${this.s}.task_stage (task_id, stage, seq, status) VALUES ($1, $2, $3, ${SS.NOT_READY})`, [task!.id, s.stage, s.seq]);
    }
    return task!;
  }

  /**
   * Copies park, customer and organization names (and the customer for data scope) onto the
   * task `taskId`, or onto the tasks matching `where` (SQL over task t, `params` its placeholders).
   */
  async refreshNames(m: Queryable, taskId?: string, where = 'TRUE', params: unknown[] = []): Promise<void> {
    const cond = taskId ? `t.id = $${params.length + 1}` : where;
    await m.query(
      `UPDATE ${this.s}.task t SET windfarm_name = p.name, customer_id = p.customer_id,
         customer_name = coalesce(c.name, ''), organization_id = c.organization_id, organization_name = coalesce(o.name, '')
       FROM ${this.s}.park_ref p
       LEFT JOIN ${this.s}.customer_ref c ON c.customer_id = p.customer_id
       LEFT JOIN ${this.s}.organization_ref o ON o.organization_id = c.organization_id
       WHERE p.wind_farm_id = t.wind_farm_id AND (${cond})`,
      taskId ? [...params, taskId] : params,
    );
  }

  async lockTaskOfUpload(m: Queryable, uploadTaskId: string): Promise<TaskRow | undefined> {
    const [t] = await m.query<TaskRow[]>(`SELECT * FROM ${this.s}.task WHERE upload_task_id = $1 FOR UPDATE`, [uploadTaskId]);
    return t;
  }

  async taskOfUpload(m: Queryable, uploadTaskId: string): Promise<Pick<TaskRow, 'id' | 'inspection_id'> | undefined> {
    const [t] = await m.query<Pick<TaskRow, 'id' | 'inspection_id'>[]>(`SELECT id, inspection_id FROM ${this.s}.task WHERE upload_task_id = $1`, [uploadTaskId]);
    return t;
  }

  async taskIdOfInspection(m: Queryable, inspectionId: string): Promise<string | undefined> {
    const [t] = await m.query<{ id: string }[]>(`SELECT id FROM ${this.s}.task WHERE inspection_id = $1`, [inspectionId]);
    return t?.id;
  }

  async taskExists(m: Queryable, taskId: string): Promise<boolean> {
    return (await m.query<unknown[]>(`SELECT 1 FROM ${this.s}.task WHERE id = $1`, [taskId])).length > 0;
  }

  /** What the upload knows, on a task the inspection started first. */
  async fillFromUpload(m: Queryable, taskId: string, u: { campaignId: string | null; inspectionStaffId: string | null; inspectionStaffName: string | null }): Promise<void> {
    await m.query(
      `UPDATE ${this.s}.task SET campaign_id = coalesce(campaign_id, $2), inspection_staff_id = coalesce($3, inspection_staff_id),
         inspection_staff_name = coalesce($4, inspection_staff_name) WHERE id = $1`,
      [taskId, u.campaignId, u.inspectionStaffId, u.inspectionStaffName],
    );
  }

  async setUploadFile(m: Queryable, taskId: string, uploadFileUri: string, droneId: string | null): Promise<void> {
    await m.query(`UPDATE ${this.s}.task SET upload_file_uri = $2, drone_id = $3, uploaded_time = coalesce(uploaded_time, now()) WHERE id = $1`, [taskId, uploadFileUri, droneId]);
  }

  /** An inspection not bound to a task yet for this upload: by upload id, else by park, turbine name and date. */
  async unboundInspectionForUpload(m: Queryable, u: { uploadTaskId: string; windFarmId: string; turbineName: string; date: string }): Promise<InspectionRefRecord | undefined> {
    const [i] = await m.query<InspectionRefRecord[]>(
      `SELECT i.* FROM ${this.s}.inspection_ref i JOIN ${this.s}.turbine_ref tr ON tr.turbine_id = i.turbine_id
       WHERE (i.upload_task_id = $1 OR (i.upload_task_id IS NULL AND i.wind_farm_id = $2 AND lower(tr.name) = lower($3) AND i.inspection_date = $4::date))
         AND NOT EXISTS (SELECT 1 FROM ${this.s}.task t WHERE t.inspection_id = i.inspection_id)
       ORDER BY (i.upload_task_id = $1) DESC NULLS LAST LIMIT 1`,
      [u.uploadTaskId, u.windFarmId, u.turbineName, u.date],
    );
    return i;
  }

  /** The oldest task without an inspection for this park, date and turbine (by id or name). */
  async unboundTaskMatching(m: Queryable, windFarmId: string, turbineId: string, date: string): Promise<string | undefined> {
    const [t] = await m.query<{ id: string }[]>(
      `SELECT t.id FROM ${this.s}.task t LEFT JOIN ${this.s}.turbine_ref tr ON tr.turbine_id = $2
       WHERE t.inspection_id IS NULL AND t.wind_farm_id = $1 AND t.inspection_date = $3::date
         AND (t.turbine_id = $2 OR lower(t.turbine_name) = lower(tr.name))
       ORDER BY t.created_at LIMIT 1`,
      [windFarmId, turbineId, date],
    );
    return t?.id;
  }

  async upsertInspection(
    m: Queryable,
    i: {
      inspectionId: string;
      turbineId: string;
      windFarmId: string;
      packageType: number;
      componentType: number | null;
      date: string;
      uploadTaskId: string | null;
      demoStage?: number | null;
    },
  ): Promise<void> {
    await m.query(
      `INSERT INTO ${this.s}.inspection_ref (inspection_id, turbine_id, wind_farm_id, package_type, component_type, inspection_date, upload_task_id, demo_stage)
       VALUES ($1, $2, $3, $4, $5, $6::date, $7, $8)
       ON CONFLICT (inspection_id) DO UPDATE SET turbine_id = EXCLUDED.turbine_id, wind_farm_id = EXCLUDED.wind_farm_id,
         package_type = EXCLUDED.package_type, component_type = EXCLUDED.component_type, inspection_date = EXCLUDED.inspection_date,
         upload_task_id = coalesce(EXCLUDED.upload_task_id, ${this.s}.inspection_ref.upload_task_id)`,
      [i.inspectionId, i.turbineId, i.windFarmId, i.packageType, i.componentType, i.date, i.uploadTaskId, i.demoStage ?? null],
    );
  }

  async inspection(m: Queryable, inspectionId: string | null): Promise<InspectionRefRecord | undefined> {
    const [i] = await m.query<InspectionRefRecord[]>(`SELECT * FROM ${this.s}.inspection_ref WHERE inspection_id = $1`, [inspectionId]);
    return i;
  }

  async turbineName(m: Queryable, turbineId: string): Promise<string | null> {
    const [t] = await m.query<{ name: string }[]>(`SELECT name FROM ${this.s}.turbine_ref WHERE turbine_id = $1`, [turbineId]);
    return t?.name ?? null;
  }

  /** Links the inspection to the task (its turbine, package and component type, processed images). */
  async bindInspection(m: Queryable, taskId: string, insp: InspectionRefRecord, turbineName: string | null): Promise<void> {
    await m.query(
      `UPDATE ${this.s}.task SET inspection_id = $2, turbine_id = $3, turbine_name = coalesce($4, turbine_name), package_type = $5,
         component_type = $6, images_processed = images_processed OR $7 WHERE id = $1`,
      [taskId, insp.inspection_id, insp.turbine_id, turbineName, insp.package_type, insp.component_type, insp.images_processed_at != null],
    );
  }

  async addDefect(m: Queryable, defectId: string, inspectionId: string): Promise<void> {
    await m.query(`INSERT INTO ${this.s}.inspection_defect (defect_id, inspection_id) VALUES ($1, $2) ON CONFLICT (defect_id) DO NOTHING`, [
      defectId,
      inspectionId,
    ]);
  }

  async removeDefect(m: Queryable, defectId: string): Promise<void> {
    await m.query(`DELETE FROM ${this.s}.inspection_defect WHERE defect_id = $1`, [defectId]);
  }

  async upsertStitching(m: Queryable, p: { inspectionId: string; pathCount: number; stitchedPathCount: number }): Promise<void> {
    await m.query(
      `INSERT INTO ${this.s}.inspection_stitching (inspection_id, path_count, stitched_path_count) VALUES ($1, $2, $3)
       ON CONFLICT (inspection_id) DO UPDATE SET path_count = EXCLUDED.path_count, stitched_path_count = EXCLUDED.stitched_path_count, updated_at = now()`,
      [p.inspectionId, p.pathCount, p.stitchedPathCount],
    );
  }

  async upsertLabeling(m: Queryable, l: { inspectionId: string; complete: boolean; sideCount: number; labeledSideCount: number }): Promise<void> {
    await m.query(
      `INSERT INTO ${this.s}.inspection_labeling (inspection_id, complete, side_count, labeled_side_count) VALUES ($1, $2, $3, $4)
       ON CONFLICT (inspection_id) DO UPDATE SET complete = EXCLUDED.complete, side_count = EXCLUDED.side_count,
         labeled_side_count = EXCLUDED.labeled_side_count, updated_at = now()`,
      [l.inspectionId, l.complete, l.sideCount, l.labeledSideCount],
    );
  }

  async markInspectionProcessed(m: Queryable, inspectionId: string, imageCount: number, pathCount: number): Promise<void> {
    await m.query(`UPDATE ${this.s}.inspection_ref SET images_processed_at = now(), image_count = $2, path_count = $3 WHERE inspection_id = $1`, [
      inspectionId,
      imageCount,
      pathCount,
    ]);
  }

  async markTaskImagesProcessed(m: Queryable, taskId: string): Promise<void> {
    await m.query(`UPDATE ${this.s}.task SET images_processed = true WHERE id = $1`, [taskId]);
  }

  async setProgressMessage(m: Queryable, taskId: string, stage: number, message: string): Promise<void> {
    await m.query(`UPDATE ${this.s}.task_stage SET progress_message = $3 WHERE task_id = $1 AND stage = $2`, [taskId, stage, message]);
  }

  /** Tasks with a ready or processing stage past its deadline (at most 5000). */
  async tasksPastDeadline(): Promise<string[]> {
    const rows = await this.ds.query<{ task_id: string }[]>(
      `SELECT DISTINCT task_id FROM ${this.s}.task_stage WHERE status IN (${SS.READY}, ${SS.PROCESSING}) AND deadline < now() LIMIT 5000`,
    );
    return rows.map((r) => r.task_id);
  }

  /** Unfinished tasks of a campaign. */
  async unfinishedTasksOfCampaign(m: Queryable, campaignId: string): Promise<string[]> {
    const rows = await m.query<{ id: string }[]>(`SELECT id FROM ${this.s}.task WHERE campaign_id = $1 AND status IN (${TS.PROCESSING}, ${TS.ERROR}, ${TS.OVERTIME})`, [
      campaignId,
    ]);
    return rows.map((r) => r.id);
  }
}
