import { randomUUID } from 'node:crypto';
import assert from 'node:assert/strict';
import { EventTypes, Rights, RoleId, TaskStageStatus as SS, type CustomerFlowConfig, type EventPayloads } from '@windward/contracts';
import { ServiceHarness, eventually, type Body } from '@windward/service-kit/testing';
import { AppModule } from '../app.module.js';
import { isReviewStage } from '../tasks/pipeline.js';

export type { Body };
export const API = '/gw/task/api/v2';

export interface World {
  customerId: string;
  parkId: string;
  turbineId: string;
  turbineName: string;
}

/**
 * The task-flow service on a fresh database (the kit's ServiceHarness) with helpers that
 * announce what identity, asset, import, inspection and delivery would, through the real bus.
 */
export class TaskFlowHarness extends ServiceHarness {
  static override async start(env: Record<string, string> = {}): Promise<TaskFlowHarness> {
    return new TaskFlowHarness(...(await ServiceHarness.boot(AppModule, 'task-flow', env)));
  }

  private async until(sql: string, params: unknown[]) {
    await eventually(async () => (await this.sql(sql, params)).length > 0);
  }

  async customer(name: string, flowConfigs?: CustomerFlowConfig[], organizationId: string | null = null): Promise<string> {
    const customerId = randomUUID();
    await this.publish(EventTypes.IdentityCustomerCreated, customerId, {
      customerId,
      customerName: name,
      customerTypeId: 1,
      organizationId,
      maxTurbines: null,
      ...(flowConfigs ? { flowConfigs } : {}),
    });
    await this.until('SELECT 1 FROM task_flow.customer_ref WHERE customer_id = $1', [customerId]);
    return customerId;
  }

  async park(customerId: string, name: string): Promise<string> {
    const windFarmId = randomUUID();
    await this.publish(EventTypes.AssetParkCreated, windFarmId, { windFarmId, windFarmName: name, customerId, active: true, latitude: null, longitude: null });
    await this.until('SELECT 1 FROM task_flow.park_ref WHERE wind_farm_id = $1', [windFarmId]);
    return windFarmId;
  }

  turbine(windFarmId: string, name: string): Promise<string> {
    return this.announceTurbine(windFarmId, name, 'SELECT 1 FROM task_flow.turbine_ref WHERE turbine_id = $1');
  }

  /** Customer, park and turbine in one go. */
  async world(name: string, flowConfigs?: CustomerFlowConfig[]): Promise<World> {
    const customerId = await this.customer(`${name} Customer`, flowConfigs);
    const parkId = await this.park(customerId, `${name} Park`);
    const turbineName = `${name}-T01`;
    const turbineId = await this.turbine(parkId, turbineName);
    return { customerId, parkId, turbineId, turbineName };
  }

  /**
   * A user as identity announces it, and a token for them (labeler/reviewer rights by default).
   * Like identity, only an administrator has an unrestricted token: without `cid` the user is
   * announced as a data admin, with `cid` as a labeler assigned to those customers (and parks).
   */
  async user(name: string, rights: string[] = [Rights.QA_SHOW, Rights.QA_EDIT], scope: { cid?: string[] | null; pid?: string[] | null } = {}) {
    const userId = await this.announceUser(name, scope.cid == null ? [RoleId.DA] : [RoleId.LABELER], 'SELECT 1 FROM task_flow.user_ref WHERE user_id = $1', {
      customerIds: scope.cid ?? [],
      parkIds: scope.pid ?? [],
    });
    const token = await this.token({ sub: userId, username: name, rights, cid: scope.cid ?? null, pid: scope.pid ?? null });
    return { userId, name, token };
  }

  async upload(w: World, date = '2026-03-01', extra: Partial<EventPayloads['import.upload.created']> = {}): Promise<{ uploadTaskId: string; taskId: string }> {
    const uploadTaskId = randomUUID();
    await this.publish(EventTypes.ImportUploadCreated, uploadTaskId, {
      uploadTaskId,
      windfarmId: w.parkId,
      turbineName: w.turbineName,
      inspectionDate: date,
      campaignId: null,
      ...extra,
    });
    const [row] = await eventually(async () => {
      const rows = await this.sql('SELECT id FROM task_flow.task WHERE upload_task_id = $1', [uploadTaskId]);
      return rows.length ? rows : null;
    });
    return { uploadTaskId, taskId: row.id };
  }

  async completeUpload(uploadTaskId: string, extra: Partial<EventPayloads['import.upload.completed']> = {}) {
    await this.publish(EventTypes.ImportUploadCompleted, uploadTaskId, { uploadTaskId, uploadFileUri: `files/${uploadTaskId}.zip`, droneId: 'drone-1', ...extra });
  }

  async inspection(w: World, date: string, uploadTaskId: string | null, packageType = 1): Promise<string> {
    const inspectionId = randomUUID();
    await this.publish(EventTypes.InspectionInspectionCreated, inspectionId, {
      inspectionId,
      turbineId: w.turbineId,
      windFarmId: w.parkId,
      packageType,
      inspectionDate: `${date}T00:00:00.000Z`,
      ...(uploadTaskId ? { uploadTaskId } : {}),
    });
    await this.until('SELECT 1 FROM task_flow.inspection_ref WHERE inspection_id = $1', [inspectionId]);
    return inspectionId;
  }

  async imagesProcessed(inspectionId: string, imageCount = 12) {
    await this.publish(EventTypes.InspectionImagesProcessed, inspectionId, { inspectionId, imageCount, pathCount: 8 });
  }

  /** Inspection's labeling completeness as it announces it; resolves once task-flow has it. */
  async labeling(inspectionId: string, complete: boolean, sideCount = 24, labeledSideCount = complete ? sideCount : 0) {
    await this.publish(EventTypes.InspectionLabelingChanged, inspectionId, { inspectionId, complete, sideCount, labeledSideCount });
    await this.until('SELECT 1 FROM task_flow.inspection_labeling WHERE inspection_id = $1 AND complete = $2', [inspectionId, complete]);
  }

  async task(taskId: string, token?: string): Promise<Body> {
    const r = await this.api(`${API}/tasks/${taskId}`, token ? { token } : {});
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body;
  }

  stageStatus(task: Body, stage: number): number {
    return task.stages.find((s: Body) => s.taskStageType === stage).status;
  }

  async waitStage(taskId: string, stage: number, status: number, timeoutMs = 10000): Promise<Body> {
    return eventually(async () => {
      const t = await this.task(taskId);
      return this.stageStatus(t, stage) === status ? t : null;
    }, timeoutMs);
  }

  /** A task through upload and auto-processing: sort and remove is ready. */
  async readyTask(w: World, date = '2026-03-01', extra: Partial<EventPayloads['import.upload.created']> = {}) {
    const { uploadTaskId, taskId } = await this.upload(w, date, extra);
    const inspectionId = await this.inspection(w, date, uploadTaskId);
    await this.completeUpload(uploadTaskId);
    await this.imagesProcessed(inspectionId);
    await this.waitStage(taskId, 3, SS.READY);
    return { uploadTaskId, taskId, inspectionId };
  }

  /** Everything about a task that an action could change, for "nothing changed" checks. */
  async snapshot(taskId: string): Promise<string> {
    const [t] = await this.sql('SELECT status, current_stage, current_stage_status, handler_id, version, features FROM task_flow.task WHERE id = $1', [taskId]);
    const stages = await this.sql('SELECT stage, status, handler_id, deadline FROM task_flow.task_stage WHERE task_id = $1 ORDER BY seq', [taskId]);
    const [h] = await this.sql('SELECT count(*)::int AS n FROM task_flow.task_history WHERE task_id = $1', [taskId]);
    const [q] = await this.sql('SELECT count(*)::int AS n FROM task_flow.qa_result WHERE task_id = $1', [taskId]);
    const [r] = await this.sql('SELECT count(*)::int AS n, max(status) AS s FROM task_flow.reinspection_request WHERE task_id = $1', [taskId]);
    return JSON.stringify({ t, stages, h, q, r });
  }

  /** Picks and finishes every remaining stage as `worker`; returns the stages in the order they were done. */
  async walk(taskId: string, worker: { token: string }): Promise<number[]> {
    const done: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = await this.task(taskId);
      if (t.taskStatusType === 2) return done;
      const stage = t.taskStageTypes[0];
      const pick = await this.api(`${API}/tasks/${taskId}/pick`, { method: 'POST', token: worker.token });
      assert.equal(pick.status, 200, JSON.stringify(pick.body));
      const r = isReviewStage(stage)
        ? await this.api(`${API}/tasks/${taskId}/qa`, { method: 'POST', token: worker.token, json: { result: 1, counts: { correct: 10 } } })
        : await this.api(`${API}/tasks/${taskId}/stages/${stage}/complete`, { method: 'POST', token: worker.token });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      done.push(stage);
    }
    throw new Error('task did not complete');
  }
}
