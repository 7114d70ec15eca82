import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { EventTypes, Rights, TaskStage, TaskStageStatus as SS } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { API, TaskFlowHarness, type World } from '../testing/task-flow-harness.js';

/** Demo data (SEED_DEMO=true): an inspection's demoStage makes its task wait at that stage. */
describe('demo tasks wait where the demo accounts work', () => {
  let h: TaskFlowHarness;
  let w: World;
  before(async () => {
    h = await TaskFlowHarness.start({ SEED_DEMO: 'true' });
    w = await h.world('Demo');
  });
  after(async () => h?.stop());

  const demoInspection = async (date: string, demoStage?: number) => {
    const inspectionId = randomUUID();
    await h.publish(EventTypes.InspectionInspectionCreated, inspectionId, {
      inspectionId,
      turbineId: w.turbineId,
      windFarmId: w.parkId,
      packageType: 1,
      inspectionDate: `${date}T00:00:00.000Z`,
      ...(demoStage ? { demoStage } : {}),
    });
    const [row] = await eventually(async () => {
      const rows = await h.sql('SELECT id FROM task_flow.task WHERE inspection_id = $1', [inspectionId]);
      return rows.length ? rows : null;
    });
    await h.imagesProcessed(inspectionId);
    return row.id as string;
  };

  test('a review task waits in the pool of a reviewer of the customer; a task without demoStage starts at sort and remove', async () => {
    const review = await demoInspection('2024-06-12', TaskStage.LABELING_QA);
    const t = await h.waitStage(review, TaskStage.LABELING_QA, SS.READY);
    assert.equal(h.stageStatus(t, TaskStage.SORT_AND_REMOVE), SS.COMPLETED);
    assert.equal(h.stageStatus(t, TaskStage.LABELING), SS.COMPLETED);
    assert.deepEqual(t.taskStageTypes, [TaskStage.LABELING_QA]);
    assert.deepEqual(t.handlebyIds, []);
    const plain = await demoInspection('2025-06-10');
    await h.waitStage(plain, TaskStage.SORT_AND_REMOVE, SS.READY);
    // The data reviewer of the customer finds it in the pool and picks it.
    const dario = await h.user('dario-demo', [Rights.QA_SHOW, Rights.QA_EDIT], { cid: [w.customerId] });
    const pool = await h.api(`${API}/tasks/pool?pageSize=50`, { token: dario.token });
    assert.deepEqual(pool.body.results.map((x: { taskId: string }) => x.taskId).sort(), [review, plain].sort());
    const pick = await h.api(`${API}/tasks/${review}/pick`, { method: 'POST', token: dario.token });
    assert.equal(pick.status, 200, JSON.stringify(pick.body));
  });
});
