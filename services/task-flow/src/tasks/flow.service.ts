import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  TASK_STAGE_ORDER,
  TaskStage,
  TaskStageStatus as SS,
  TaskStatus as TS,
  componentTypeOfPackage,
  type InspectionCreatedPayload,
  type UploadCompletedPayload,
  type UploadCreatedPayload,
  type ImagesProcessedPayload,
  type LabelingChangedPayload,
} from '@windward/contracts';
import { JobsService } from '@windward/service-kit';
import { Sql, type Row } from '../common/sql.js';
import { AUTO_PROCESSING_QUEUE, TaskEngine } from './task-engine.js';
import { seqOf } from './pipeline.js';

export const WAITING = 'waiting for inspection.images.processed';
export const OVERTIME_QUEUE = 'taskflow-overtime';
/** pg-boss cron granularity is one minute; admins can run the check at once (POST /admin/overtime-check). */
export const OVERTIME_CRON = '* * * * *';

/**
 * The event-driven part of the pipeline: uploads create tasks, inspections bind to them,
 * processed images end auto-processing, and the scheduled overtime check.
 */
@Injectable()
export class FlowService implements OnApplicationBootstrap {
  constructor(
    private readonly ds: DataSource,
    private readonly sql: Sql,
    private readonly engine: TaskEngine,
    @Inject(JobsService) private readonly jobs: JobsService,
  ) {}

  private get s() {
    return this.sql.s;
  }

  async onApplicationBootstrap() {
    await this.jobs.register<{ taskId: string }>(AUTO_PROCESSING_QUEUE, (data, progress) => this.runAutoProcessing(data.taskId, progress));
    await this.jobs.register(OVERTIME_QUEUE, async () => void (await this.overtimeSweep()));
    await this.jobs.schedule(OVERTIME_QUEUE, OVERTIME_CRON);
  }

  /** Creates the task and its stage rows: upload processing, everything else not ready yet. */
  private async insertTask(m: EntityManager, t: Record<string, unknown>, uploadDone: boolean): Promise<Row> {
    const [turbine] = t.turbine_id
      ? await m.query(`SELECT turbine_id, name FROM ${this.s}.turbine_ref WHERE turbine_id = $1`, [t.turbine_id])
      : await m.query(`SELECT turbine_id, name FROM ${this.s}.turbine_ref WHERE wind_farm_id = $1 AND lower(name) = lower($2) AND NOT deleted LIMIT 1`, [
          t.wind_farm_id,
          t.turbine_name,
        ]);
    const [task] = await m.query(
      `INSERT INTO ${this.s}.task (upload_task_id, inspection_id, wind_farm_id, turbine_id, turbine_name, inspection_date, campaign_id,
         package_type, component_type, inspection_staff_id, inspection_staff_name, uploaded_time, status, project_type)
       VALUES ($1, $2, $3, $4, $5, $6::date, $7, $8, $9, $10, $11, $12, ${TS.PROCESSING},
         (SELECT project_type FROM ${this.s}.campaign_ref WHERE campaign_id = $7)) RETURNING *`,
      [
        t.upload_task_id ?? null,
        t.inspection_id ?? null,
        t.wind_farm_id,
        turbine?.turbine_id ?? t.turbine_id ?? null,
        turbine?.name ?? t.turbine_name ?? '',
        t.inspection_date,
        t.campaign_id ?? null,
        t.package_type ?? null,
        t.component_type ?? null,
        t.inspection_staff_id ?? null,
        t.inspection_staff_name ?? null,
        uploadDone ? new Date() : null,
      ],
    );
    await this.refreshNames(m, task.id);
    for (const stage of TASK_STAGE_ORDER) {
      await m.query(`INSERT INTO ${this.s}.task_stage (task_id, stage, seq, status) VALUES ($1, $2, $3, ${SS.NOT_READY})`, [task.id, stage, seqOf(stage)]);
    }
    await this.engine.history(m, task.id, { message: uploadDone ? 'Task created for an inspection without an upload' : 'Task created by an upload' });
    const [fresh] = await m.query(`SELECT * FROM ${this.s}.task WHERE id = $1 FOR UPDATE`, [task.id]);
    const stages = await this.engine.stages(m, task.id);
    const upload = this.engine.stageOf(stages, TaskStage.UPLOAD);
    await this.engine.moveStage(m, fresh, upload, SS.PROCESSING, { message: 'Uploading' });
    if (uploadDone) await this.engine.completeStage(m, fresh, stages, TaskStage.UPLOAD, { message: 'No upload needed' });
    // A task of a campaign that is already inactive cannot proceed.
    const [c] = fresh.campaign_id ? await m.query(`SELECT active FROM ${this.s}.campaign_ref WHERE campaign_id = $1`, [fresh.campaign_id]) : [];
    await this.engine.sync(m, fresh, stages, c && !c.active ? TS.INACTIVE : undefined);
    return fresh;
  }

  /** Copies park, customer and organization names (and the customer for data scope) onto tasks. */
  async refreshNames(m: EntityManager, taskId?: string, where = 'TRUE', params: unknown[] = []): Promise<void> {
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

  /** import.upload.created: the task starts with its upload stage processing. */
  async uploadCreated(m: EntityManager, p: UploadCreatedPayload): Promise<void> {
    const [existing] = await m.query(`SELECT * FROM ${this.s}.task WHERE upload_task_id = $1 FOR UPDATE`, [p.uploadTaskId]);
    if (existing) {
      // The inspection (with this upload's id) arrived first: fill in what the upload knows.
      await m.query(
        `UPDATE ${this.s}.task SET campaign_id = coalesce(campaign_id, $2), inspection_staff_id = coalesce($3, inspection_staff_id),
           inspection_staff_name = coalesce($4, inspection_staff_name) WHERE id = $1`,
        [existing.id, p.campaignId, p.inspectionStaffId ?? null, p.inspectionStaffName ?? null],
      );
      await this.engine.notify(m, existing.id);
      return;
    }
    const task = await this.insertTask(
      m,
      {
        upload_task_id: p.uploadTaskId,
        wind_farm_id: p.windfarmId,
        turbine_name: p.turbineName,
        inspection_date: p.inspectionDate.slice(0, 10),
        campaign_id: p.campaignId,
        package_type: p.packageType ?? null,
        component_type: p.packageType != null ? componentTypeOfPackage(p.packageType) : null,
        inspection_staff_id: p.inspectionStaffId ?? null,
        inspection_staff_name: p.inspectionStaffName ?? null,
      },
      false,
    );
    // The inspection may already be known (created before the upload event was consumed).
    const [insp] = await m.query(
      `SELECT i.* FROM ${this.s}.inspection_ref i JOIN ${this.s}.turbine_ref tr ON tr.turbine_id = i.turbine_id
       WHERE (i.upload_task_id = $1 OR (i.upload_task_id IS NULL AND i.wind_farm_id = $2 AND lower(tr.name) = lower($3) AND i.inspection_date = $4::date))
         AND NOT EXISTS (SELECT 1 FROM ${this.s}.task t WHERE t.inspection_id = i.inspection_id)
       ORDER BY (i.upload_task_id = $1) DESC NULLS LAST LIMIT 1`,
      [p.uploadTaskId, p.windfarmId, p.turbineName, p.inspectionDate.slice(0, 10)],
    );
    if (insp) await this.bind(m, task.id, insp);
  }

  /** import.upload.completed: upload done, auto-processing starts as a job. */
  async uploadCompleted(m: EntityManager, p: UploadCompletedPayload): Promise<void> {
    const [row] = await m.query(`SELECT id FROM ${this.s}.task WHERE upload_task_id = $1`, [p.uploadTaskId]);
    // Same producer, same key: the created event always comes first, so a miss is a real fault (retried, then dead-lettered).
    if (!row) throw new Error(`no task for upload ${p.uploadTaskId}`);
    const task = await this.engine.lock(m, row.id);
    await m.query(`UPDATE ${this.s}.task SET upload_file_uri = $2, drone_id = $3, uploaded_time = coalesce(uploaded_time, now()) WHERE id = $1`, [
      task.id,
      p.uploadFileUri,
      p.droneId,
    ]);
    for (const log of p.logs ?? []) {
      await m.query(`INSERT INTO ${this.s}.task_log (task_id, log_name, log_type, drone_id, log_file_uri) VALUES ($1, $2, $3, $4, $5)`, [
        task.id,
        log.logName,
        log.logType,
        p.droneId,
        log.logFileUri,
      ]);
    }
    const stages = await this.engine.stages(m, task.id);
    const upload = this.engine.stageOf(stages, TaskStage.UPLOAD);
    if (upload.status !== SS.PROCESSING || task.status === TS.INACTIVE || task.status === TS.TERMINATED) {
      await this.engine.notify(m, task.id);
      return;
    }
    await this.engine.completeStage(m, task, stages, TaskStage.UPLOAD, { message: `Uploaded ${p.uploadFileUri}` });
    await this.engine.sync(m, task, stages);
  }

  /** inspection.inspection.created: binds the inspection to its upload's task, or starts a task for it. */
  async inspectionCreated(m: EntityManager, p: InspectionCreatedPayload): Promise<void> {
    const componentType = p.componentType ?? componentTypeOfPackage(p.packageType);
    const date = p.inspectionDate.slice(0, 10);
    await m.query(
      `INSERT INTO ${this.s}.inspection_ref (inspection_id, turbine_id, wind_farm_id, package_type, component_type, inspection_date, upload_task_id)
       VALUES ($1, $2, $3, $4, $5, $6::date, $7)
       ON CONFLICT (inspection_id) DO UPDATE SET turbine_id = EXCLUDED.turbine_id, wind_farm_id = EXCLUDED.wind_farm_id,
         package_type = EXCLUDED.package_type, component_type = EXCLUDED.component_type, inspection_date = EXCLUDED.inspection_date,
         upload_task_id = coalesce(EXCLUDED.upload_task_id, ${this.s}.inspection_ref.upload_task_id)`,
      [p.inspectionId, p.turbineId, p.windFarmId, p.packageType, componentType, date, p.uploadTaskId ?? null],
    );
    const [already] = await m.query(`SELECT id FROM ${this.s}.task WHERE inspection_id = $1`, [p.inspectionId]);
    if (already) return;
    const [insp] = await m.query(`SELECT * FROM ${this.s}.inspection_ref WHERE inspection_id = $1`, [p.inspectionId]);
    const [uploadTask] = p.uploadTaskId ? await m.query(`SELECT id, inspection_id FROM ${this.s}.task WHERE upload_task_id = $1`, [p.uploadTaskId]) : [];
    // One task per inspection: an upload whose task already has an inspection starts a task of its own below.
    const uploadFree = !uploadTask || uploadTask.inspection_id === null;
    const byUpload = uploadTask && uploadFree ? uploadTask : undefined;
    const [byMatch] = byUpload
      ? [byUpload]
      : await m.query(
          `SELECT t.id FROM ${this.s}.task t LEFT JOIN ${this.s}.turbine_ref tr ON tr.turbine_id = $2
           WHERE t.inspection_id IS NULL AND t.wind_farm_id = $1 AND t.inspection_date = $3::date
             AND (t.turbine_id = $2 OR lower(t.turbine_name) = lower(tr.name))
           ORDER BY t.created_at LIMIT 1`,
          [p.windFarmId, p.turbineId, date],
        );
    if (byMatch) {
      await this.bind(m, byMatch.id, insp);
      return;
    }
    if (p.uploadTaskId && uploadFree) {
      // The upload's own event has not been consumed yet: start its task now, upload still processing.
      const task = await this.insertTask(
        m,
        { upload_task_id: p.uploadTaskId, wind_farm_id: p.windFarmId, turbine_id: p.turbineId, inspection_date: date, package_type: p.packageType, component_type: componentType },
        false,
      );
      await this.bind(m, task.id, insp);
      return;
    }
    // An inspection created without an upload (manual creation, demo data): its images are already there.
    const task = await this.insertTask(
      m,
      { inspection_id: p.inspectionId, wind_farm_id: p.windFarmId, turbine_id: p.turbineId, inspection_date: date, package_type: p.packageType, component_type: componentType },
      true,
    );
    await this.bind(m, task.id, insp);
  }

  /** Links task and inspection; the component type is now known, so the flow config applies. */
  private async bind(m: EntityManager, taskId: string, insp: Row): Promise<void> {
    const task = await this.engine.lock(m, taskId);
    const [tr] = await m.query(`SELECT name FROM ${this.s}.turbine_ref WHERE turbine_id = $1`, [insp.turbine_id]);
    await m.query(
      `UPDATE ${this.s}.task SET inspection_id = $2, turbine_id = $3, turbine_name = coalesce($4, turbine_name), package_type = $5,
         component_type = $6, images_processed = images_processed OR $7 WHERE id = $1`,
      [taskId, insp.inspection_id, insp.turbine_id, tr?.name ?? null, insp.package_type, insp.component_type, insp.images_processed_at != null],
    );
    Object.assign(task, {
      inspection_id: insp.inspection_id,
      turbine_id: insp.turbine_id,
      package_type: insp.package_type,
      component_type: insp.component_type,
      images_processed: task.images_processed || insp.images_processed_at != null,
    });
    await this.engine.history(m, taskId, { message: `Inspection ${insp.inspection_id} linked` });
    const stages = await this.engine.stages(m, taskId);
    await this.engine.plan(m, task, stages);
    const auto = this.engine.stageOf(stages, TaskStage.AUTO_PROCESSING);
    if (auto.status === SS.PROCESSING && task.images_processed) await this.finishAutoProcessing(m, task, stages, insp.image_count);
    await this.engine.sync(m, task, stages);
  }

  /** inspection.labeling.changed: the latest labeling completeness of an inspection (checked when labeling completes). */
  async labelingChanged(m: EntityManager, p: LabelingChangedPayload): Promise<void> {
    await m.query(
      `INSERT INTO ${this.s}.inspection_labeling (inspection_id, complete, side_count, labeled_side_count) VALUES ($1, $2, $3, $4)
       ON CONFLICT (inspection_id) DO UPDATE SET complete = EXCLUDED.complete, side_count = EXCLUDED.side_count,
         labeled_side_count = EXCLUDED.labeled_side_count, updated_at = now()`,
      [p.inspectionId, p.complete, p.sideCount, p.labeledSideCount],
    );
  }

  /** inspection.images.processed: thumbnails, tiles and grouping by path are done for the inspection. */
  async imagesProcessed(m: EntityManager, p: ImagesProcessedPayload): Promise<void> {
    await m.query(`UPDATE ${this.s}.inspection_ref SET images_processed_at = now(), image_count = $2, path_count = $3 WHERE inspection_id = $1`, [
      p.inspectionId,
      p.imageCount,
      p.pathCount,
    ]);
    const [row] = await m.query(`SELECT id FROM ${this.s}.task WHERE inspection_id = $1`, [p.inspectionId]);
    if (!row) return; // bound later: bind() sees images_processed_at
    const task = await this.engine.lock(m, row.id);
    await m.query(`UPDATE ${this.s}.task SET images_processed = true WHERE id = $1`, [task.id]);
    const stages = await this.engine.stages(m, task.id);
    const auto = this.engine.stageOf(stages, TaskStage.AUTO_PROCESSING);
    if (auto.status !== SS.PROCESSING || task.status === TS.INACTIVE || task.status === TS.TERMINATED) return;
    await this.finishAutoProcessing(m, task, stages, p.imageCount);
    await this.engine.sync(m, task, stages);
  }

  private async finishAutoProcessing(m: EntityManager, task: Row, stages: Row[], imageCount: number | null) {
    if (imageCount === 0) {
      const auto = this.engine.stageOf(stages, TaskStage.AUTO_PROCESSING);
      await this.engine.moveStage(m, task, auto, SS.ERROR, { error: 'The inspection has no images' });
      return;
    }
    await this.engine.completeStage(m, task, stages, TaskStage.AUTO_PROCESSING, { message: 'Images processed and grouped by path' });
  }

  /**
   * The auto-processing job. Grouping images by path is the inspection service's work; the job
   * completes the stage when inspection.images.processed has been seen, otherwise it leaves
   * the stage processing and the event's consumer completes it when it arrives (no faking).
   */
  async runAutoProcessing(taskId: string, progress: (p: number, msg?: string) => Promise<void>): Promise<void> {
    const waiting = await this.ds.transaction(async (m) => {
      const [exists] = await m.query(`SELECT 1 FROM ${this.s}.task WHERE id = $1`, [taskId]);
      if (!exists) return false;
      const task = await this.engine.lock(m, taskId);
      const stages = await this.engine.stages(m, taskId);
      const auto = this.engine.stageOf(stages, TaskStage.AUTO_PROCESSING);
      if (auto.status !== SS.PROCESSING || task.status === TS.INACTIVE || task.status === TS.TERMINATED) return false;
      if (!task.images_processed) {
        // Shown on the stage; the consumer of inspection.images.processed completes it.
        await m.query(`UPDATE ${this.s}.task_stage SET progress_message = $2 WHERE task_id = $1 AND stage = ${TaskStage.AUTO_PROCESSING}`, [taskId, WAITING]);
        await this.engine.notify(m, taskId);
        return true;
      }
      const [insp] = await m.query(`SELECT image_count FROM ${this.s}.inspection_ref WHERE inspection_id = $1`, [task.inspection_id]);
      await this.finishAutoProcessing(m, task, stages, insp?.image_count ?? null);
      await this.engine.sync(m, task, stages);
      return false;
    });
    if (waiting) await progress(50, WAITING);
  }

  /** Flags ready/processing stages past their deadline as overtime; returns how many. */
  async overtimeSweep(): Promise<number> {
    const due: Row[] = await this.ds.query(
      `SELECT DISTINCT task_id FROM ${this.s}.task_stage WHERE status IN (${SS.READY}, ${SS.PROCESSING}) AND deadline < now() LIMIT 5000`,
    );
    let n = 0;
    for (const { task_id } of due) {
      n += await this.ds.transaction(async (m) => {
        const task = await this.engine.lock(m, task_id);
        if (task.status === TS.INACTIVE || task.status === TS.TERMINATED || task.status === TS.COMPLETED) return 0;
        const stages = await this.engine.stages(m, task_id);
        let moved = 0;
        for (const st of stages) {
          if ((st.status === SS.READY || st.status === SS.PROCESSING) && st.deadline && st.deadline.getTime() < Date.now()) {
            await this.engine.moveStage(m, task, st, SS.OVERTIME, { message: 'Time limit exceeded' });
            moved++;
          }
        }
        if (moved) await this.engine.sync(m, task, stages);
        return moved;
      });
    }
    return n;
  }

  /** An inspection campaign became inactive: its unfinished tasks become inactive and cannot proceed. */
  async campaignInactive(m: EntityManager, campaignId: string): Promise<void> {
    const rows: Row[] = await m.query(`SELECT id FROM ${this.s}.task WHERE campaign_id = $1 AND status IN (${TS.PROCESSING}, ${TS.ERROR}, ${TS.OVERTIME})`, [
      campaignId,
    ]);
    for (const { id } of rows) {
      const task = await this.engine.lock(m, id);
      const stages = await this.engine.stages(m, id);
      await this.engine.sync(m, task, stages, TS.INACTIVE);
    }
  }
}
