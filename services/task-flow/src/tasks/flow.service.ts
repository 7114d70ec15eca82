import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  TASK_STAGE_ORDER,
  TaskStage,
  TaskStageStatus as SS,
  TaskStatus as TS,
  TaskLogKind as LOG,
  componentTypeOfPackage,
  type InspectionCreatedPayload,
  type UploadCompletedPayload,
  type UploadCreatedPayload,
  type ImagesProcessedPayload,
  type LabelingChangedPayload,
  type DefectEventPayload,
  type DeletedPayload,
  type StitchingChangedPayload,
} from '@windward/contracts';
import { JobsService, SERVICE_CONFIG, type ServiceConfig } from '@windward/service-kit';
import { AUTO_PROCESSING_QUEUE, TaskEngine, type StageRow } from './task-engine.js';
import { AUTO_STAGES, currentStage, seqOf } from './pipeline.js';
import { FlowRepository, type InspectionRefRecord, type NewTask } from './flow.repository.js';
import { TaskRepository, type TaskRow } from './task.repository.js';
import { TaskStateRepository } from './task-state.repository.js';

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
    @Inject(SERVICE_CONFIG) private readonly cfg: ServiceConfig,
    private readonly ds: DataSource,
    private readonly flow: FlowRepository,
    private readonly tasks: TaskRepository,
    private readonly state: TaskStateRepository,
    private readonly engine: TaskEngine,
    @Inject(JobsService) private readonly jobs: JobsService,
  ) {}

  async onApplicationBootstrap() {
    await this.jobs.register<{ taskId: string }>(AUTO_PROCESSING_QUEUE, (data, progress) => this.runAutoProcessing(data.taskId, progress));
    await this.jobs.register(OVERTIME_QUEUE, async () => void (await this.overtimeSweep()));
    await this.jobs.schedule(OVERTIME_QUEUE, OVERTIME_CRON);
  }

  /** Creates the task and its stage rows: upload processing, everything else not ready yet. */
  private async insertTask(m: EntityManager, t: Omit<NewTask, 'uploadedTime'>, uploadDone: boolean): Promise<TaskRow> {
    const turbine = await this.flow.findTurbine(m, { turbineId: t.turbineId, windFarmId: t.windFarmId, name: t.turbineName });
    const task = await this.flow.insertTask(
      m,
      { ...t, turbineId: turbine?.turbine_id ?? t.turbineId ?? null, turbineName: turbine?.name ?? t.turbineName ?? '', uploadedTime: uploadDone ? new Date() : null },
      TASK_STAGE_ORDER.map((stage) => ({ stage, seq: seqOf(stage) })),
    );
    await this.refreshNames(m, task.id);
    await this.engine.history(m, task.id, { log: { kind: uploadDone ? LOG.TASK_CREATED_WITHOUT_UPLOAD : LOG.TASK_CREATED_BY_UPLOAD } });
    const fresh = await this.engine.lock(m, task.id);
    const stages = await this.engine.stages(m, task.id);
    const upload = this.engine.stageOf(stages, TaskStage.UPLOAD);
    await this.engine.moveStage(m, fresh, upload, SS.PROCESSING, { log: { kind: LOG.UPLOADING } });
    if (uploadDone) await this.engine.completeStage(m, fresh, stages, TaskStage.UPLOAD, { log: { kind: LOG.NO_UPLOAD_NEEDED } });
    // A task of a campaign that is already inactive cannot proceed.
    const active = fresh.campaign_id ? await this.state.campaignActive(m, fresh.campaign_id) : undefined;
    await this.engine.sync(m, fresh, stages, active === false ? TS.INACTIVE : undefined);
    return fresh;
  }

  /** Copies park, customer and organization names (and the customer for data scope) onto tasks. */
  async refreshNames(m: EntityManager, taskId?: string, where = 'TRUE', params: unknown[] = []): Promise<void> {
    await this.flow.refreshNames(m, taskId, where, params);
  }

  /** import.upload.created: the task starts with its upload stage processing. */
  async uploadCreated(m: EntityManager, p: UploadCreatedPayload): Promise<void> {
    const existing = await this.flow.lockTaskOfUpload(m, p.uploadTaskId);
    if (existing) {
      // The inspection (with this upload's id) arrived first: fill in what the upload knows.
      await this.flow.fillFromUpload(m, existing.id, {
        campaignId: p.campaignId,
        inspectionStaffId: p.inspectionStaffId ?? null,
        inspectionStaffName: p.inspectionStaffName ?? null,
      });
      await this.engine.notify(m, existing.id);
      return;
    }
    const date = p.inspectionDate.slice(0, 10);
    const task = await this.insertTask(
      m,
      {
        uploadTaskId: p.uploadTaskId,
        windFarmId: p.windfarmId,
        turbineName: p.turbineName,
        inspectionDate: date,
        campaignId: p.campaignId,
        packageType: p.packageType ?? null,
        componentType: p.packageType != null ? componentTypeOfPackage(p.packageType) : null,
        inspectionStaffId: p.inspectionStaffId ?? null,
        inspectionStaffName: p.inspectionStaffName ?? null,
      },
      false,
    );
    // The inspection may already be known (created before the upload event was consumed).
    const insp = await this.flow.unboundInspectionForUpload(m, { uploadTaskId: p.uploadTaskId, windFarmId: p.windfarmId, turbineName: p.turbineName, date });
    if (insp) await this.bind(m, task.id, insp);
  }

  /** import.upload.completed: upload done, auto-processing starts as a job. */
  async uploadCompleted(m: EntityManager, p: UploadCompletedPayload): Promise<void> {
    const row = await this.flow.taskOfUpload(m, p.uploadTaskId);
    // Same producer, same key: the created event always comes first, so a miss is a real fault (retried, then dead-lettered).
    if (!row) throw new Error(`no task for upload ${p.uploadTaskId}`);
    const task = await this.engine.lock(m, row.id);
    await this.flow.setUploadFile(m, task.id, p.uploadFileUri, p.droneId);
    for (const log of p.logs ?? []) {
      await this.tasks.insertLog(m, { taskId: task.id, logName: log.logName, logType: log.logType, droneId: p.droneId, logFileUri: log.logFileUri });
    }
    const stages = await this.engine.stages(m, task.id);
    const upload = this.engine.stageOf(stages, TaskStage.UPLOAD);
    if (upload.status !== SS.PROCESSING || task.status === TS.INACTIVE || task.status === TS.TERMINATED) {
      await this.engine.notify(m, task.id);
      return;
    }
    await this.engine.completeStage(m, task, stages, TaskStage.UPLOAD, { log: { kind: LOG.UPLOADED, params: { file: p.uploadFileUri } } });
    await this.engine.sync(m, task, stages);
  }

  /** inspection.inspection.created: binds the inspection to its upload's task, or starts a task for it. */
  async inspectionCreated(m: EntityManager, p: InspectionCreatedPayload): Promise<void> {
    const componentType = p.componentType ?? componentTypeOfPackage(p.packageType);
    const date = p.inspectionDate.slice(0, 10);
    await this.flow.upsertInspection(m, {
      inspectionId: p.inspectionId,
      turbineId: p.turbineId,
      windFarmId: p.windFarmId,
      packageType: p.packageType,
      componentType,
      date,
      uploadTaskId: p.uploadTaskId ?? null,
      // Demo data only: honoured with SEED_DEMO (see demoAdvance).
      demoStage: this.cfg.seedDemo && p.demoStage ? p.demoStage : null,
    });
    if (await this.flow.taskIdOfInspection(m, p.inspectionId)) return;
    const insp = (await this.flow.inspection(m, p.inspectionId))!;
    const uploadTask = p.uploadTaskId ? await this.flow.taskOfUpload(m, p.uploadTaskId) : undefined;
    // One task per inspection: an upload whose task already has an inspection starts a task of its own below.
    const uploadFree = !uploadTask || uploadTask.inspection_id === null;
    const byUpload = uploadTask && uploadFree ? uploadTask.id : undefined;
    const byMatch = byUpload ?? (await this.flow.unboundTaskMatching(m, p.windFarmId, p.turbineId, date));
    if (byMatch) {
      await this.bind(m, byMatch, insp);
      return;
    }
    const base = { windFarmId: p.windFarmId, turbineId: p.turbineId, inspectionDate: date, packageType: p.packageType, componentType };
    if (p.uploadTaskId && uploadFree) {
      // The upload's own event has not been consumed yet: start its task now, upload still processing.
      const task = await this.insertTask(m, { ...base, uploadTaskId: p.uploadTaskId }, false);
      await this.bind(m, task.id, insp);
      return;
    }
    // An inspection created without an upload (manual creation, demo data): its images are already there.
    const task = await this.insertTask(m, { ...base, inspectionId: p.inspectionId }, true);
    await this.bind(m, task.id, insp);
  }

  /** Links task and inspection; the component type is now known, so the flow config applies. */
  private async bind(m: EntityManager, taskId: string, insp: InspectionRefRecord): Promise<void> {
    const task = await this.engine.lock(m, taskId);
    await this.flow.bindInspection(m, taskId, insp, await this.flow.turbineName(m, insp.turbine_id));
    Object.assign(task, {
      inspection_id: insp.inspection_id,
      turbine_id: insp.turbine_id,
      package_type: insp.package_type,
      component_type: insp.component_type,
      images_processed: task.images_processed || insp.images_processed_at != null,
    });
    await this.engine.history(m, taskId, { log: { kind: LOG.INSPECTION_LINKED, params: { inspectionId: insp.inspection_id } } });
    const stages = await this.engine.stages(m, taskId);
    await this.engine.plan(m, task, stages);
    const auto = this.engine.stageOf(stages, TaskStage.AUTO_PROCESSING);
    if (auto.status === SS.PROCESSING && task.images_processed) await this.finishAutoProcessing(m, task, stages, insp.image_count);
    await this.engine.sync(m, task, stages);
  }

  async defectCreated(m: EntityManager, p: DefectEventPayload): Promise<void> {
    await this.flow.addDefect(m, p.defectId, p.inspectionId);
  }

  async defectDeleted(m: EntityManager, p: DeletedPayload): Promise<void> {
    await this.flow.removeDefect(m, p.id);
  }

  /** inspection.stitching.changed: blade paths and stitched ones (checked when stitching completes). */
  async stitchingChanged(m: EntityManager, p: StitchingChangedPayload): Promise<void> {
    await this.flow.upsertStitching(m, p);
  }

  /** inspection.labeling.changed: the latest labeling completeness of an inspection (checked when labeling completes). */
  async labelingChanged(m: EntityManager, p: LabelingChangedPayload): Promise<void> {
    await this.flow.upsertLabeling(m, { inspectionId: p.inspectionId, complete: p.complete, sideCount: p.sideCount, labeledSideCount: p.labeledSideCount });
  }

  /** inspection.images.processed: thumbnails, tiles and grouping by path are done for the inspection. */
  async imagesProcessed(m: EntityManager, p: ImagesProcessedPayload): Promise<void> {
    await this.flow.markInspectionProcessed(m, p.inspectionId, p.imageCount, p.pathCount);
    const taskId = await this.flow.taskIdOfInspection(m, p.inspectionId);
    if (!taskId) return; // bound later: bind() sees images_processed_at
    const task = await this.engine.lock(m, taskId);
    await this.flow.markTaskImagesProcessed(m, task.id);
    const stages = await this.engine.stages(m, task.id);
    const auto = this.engine.stageOf(stages, TaskStage.AUTO_PROCESSING);
    if (auto.status !== SS.PROCESSING || task.status === TS.INACTIVE || task.status === TS.TERMINATED) return;
    await this.finishAutoProcessing(m, task, stages, p.imageCount);
    await this.engine.sync(m, task, stages);
  }

  private async finishAutoProcessing(m: EntityManager, task: TaskRow, stages: StageRow[], imageCount: number | null) {
    if (imageCount === 0) {
      const auto = this.engine.stageOf(stages, TaskStage.AUTO_PROCESSING);
      await this.engine.moveStage(m, task, auto, SS.ERROR, { error: 'The inspection has no images', log: { kind: LOG.NO_IMAGES } });
      return;
    }
    await this.engine.completeStage(m, task, stages, TaskStage.AUTO_PROCESSING, { log: { kind: LOG.IMAGES_PROCESSED } });
    const insp = this.cfg.seedDemo ? await this.flow.inspection(m, task.inspection_id) : undefined;
    if (insp?.demo_stage) await this.demoAdvance(m, task, stages, insp.demo_stage);
  }

  /**
   * Demo data only (SEED_DEMO): the manual stages before `target` are done by the demo, so the task
   * waits in the pool at `target` (a review stage for the reviewers, labeling for the labelers).
   */
  private async demoAdvance(m: EntityManager, task: TaskRow, stages: StageRow[], target: number): Promise<void> {
    const order = stages.map((s) => s.stage);
    for (let i = 0; i < order.length; i++) {
      const cur = currentStage(stages);
      if (!cur || cur.status !== SS.READY || AUTO_STAGES.includes(cur.stage) || order.indexOf(cur.stage) >= order.indexOf(target)) return;
      await this.engine.moveStage(m, task, cur, SS.PROCESSING, { log: { kind: LOG.DEMO_STARTED } });
      await this.engine.completeStage(m, task, stages, cur.stage, { log: { kind: LOG.DEMO_DONE } });
    }
  }

  /**
   * The auto-processing job. Grouping images by path is the inspection service's work; the job
   * completes the stage when inspection.images.processed has been seen, otherwise it leaves
   * the stage processing and the event's consumer completes it when it arrives (no faking).
   */
  async runAutoProcessing(taskId: string, progress: (p: number, msg?: string) => Promise<void>): Promise<void> {
    const waiting = await this.ds.transaction(async (m) => {
      if (!(await this.flow.taskExists(m, taskId))) return false;
      const task = await this.engine.lock(m, taskId);
      const stages = await this.engine.stages(m, taskId);
      const auto = this.engine.stageOf(stages, TaskStage.AUTO_PROCESSING);
      if (auto.status !== SS.PROCESSING || task.status === TS.INACTIVE || task.status === TS.TERMINATED) return false;
      if (!task.images_processed) {
        // Shown on the stage; the consumer of inspection.images.processed completes it.
        await this.flow.setProgressMessage(m, taskId, TaskStage.AUTO_PROCESSING, WAITING);
        await this.engine.notify(m, taskId);
        return true;
      }
      const insp = await this.flow.inspection(m, task.inspection_id);
      await this.finishAutoProcessing(m, task, stages, insp?.image_count ?? null);
      await this.engine.sync(m, task, stages);
      return false;
    });
    if (waiting) await progress(50, WAITING);
  }

  /** Flags ready/processing stages past their deadline as overtime; returns how many. */
  async overtimeSweep(): Promise<number> {
    let n = 0;
    for (const taskId of await this.flow.tasksPastDeadline()) {
      n += await this.ds.transaction(async (m) => {
        const task = await this.engine.lock(m, taskId);
        if (task.status === TS.INACTIVE || task.status === TS.TERMINATED || task.status === TS.COMPLETED) return 0;
        const stages = await this.engine.stages(m, taskId);
        let moved = 0;
        for (const st of stages) {
          if ((st.status === SS.READY || st.status === SS.PROCESSING) && st.deadline && st.deadline.getTime() < Date.now()) {
            await this.engine.moveStage(m, task, st, SS.OVERTIME, { log: { kind: LOG.TIME_LIMIT_EXCEEDED } });
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
    for (const id of await this.flow.unfinishedTasksOfCampaign(m, campaignId)) {
      const task = await this.engine.lock(m, id);
      const stages = await this.engine.stages(m, id);
      await this.engine.sync(m, task, stages, TS.INACTIVE);
    }
  }
}
