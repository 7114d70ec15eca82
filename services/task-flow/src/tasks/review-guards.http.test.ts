import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { EventTypes, TaskStage, errorText } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { isReviewStage } from './pipeline.js';
import { API, TaskFlowHarness, type World } from '../testing/task-flow-harness.js';

/** Guards against mistakes (issue #15): each refused with the catalogue's code, nothing changed. */
let h: TaskFlowHarness;
let w: World;
before(async () => {
  h = await TaskFlowHarness.start();
  w = await h.world('Romeo', [{ componentType: 1, features: ['stitching'], taskStages: [] }]);
});
after(async () => {
  await h.stop();
});

/** Picks and finishes stages until `stage` is current (reviews pass), then picks it. */
async function walkTo(taskId: string, token: string, stage: number) {
  for (let i = 0; i < 12; i++) {
    const cur = (await h.task(taskId)).taskStageTypes[0];
    assert.equal((await h.api(`${API}/tasks/${taskId}/pick`, { method: 'POST', token })).status, 200);
    if (cur === stage) return;
    const r = isReviewStage(cur)
      ? await h.api(`${API}/tasks/${taskId}/qa`, { method: 'POST', token, json: { result: 1 } })
      : await h.api(`${API}/tasks/${taskId}/stages/${cur}/complete`, { method: 'POST', token });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  throw new Error(`stage ${stage} never came`);
}

const defect = async (inspectionId: string) => {
  const defectId = randomUUID();
  await h.publish(EventTypes.InspectionDefectCreated, defectId, { defectId, inspectionId, severity: 2, dpsStatus: 1 });
  await eventually(async () => (await h.sql('SELECT 1 FROM task_flow.inspection_defect WHERE defect_id = $1', [defectId])).length > 0);
  return defectId;
};

describe('review guards', () => {
  test('a labeling review cannot pass while defects are unreviewed (says how many, both languages); fail can', async () => {
    const worker = await h.user('romeo-qa');
    const { taskId, inspectionId } = await h.readyTask(w, '2026-07-01');
    const [d1, d2, d3] = [await defect(inspectionId), await defect(inspectionId), await defect(inspectionId)];
    await walkTo(taskId, worker.token, TaskStage.LABELING_QA);
    const before = await h.snapshot(taskId);
    const qa = (json: unknown, locale?: string) => h.api(`${API}/tasks/${taskId}/qa`, { method: 'POST', token: worker.token, json, ...(locale ? { locale } : {}) });
    let r = await qa({ result: 1, defects: [{ defectId: d1, result: 1 }] });
    assert.equal(r.status, 409);
    assert.equal(r.body.code, 'DEFECTS_UNREVIEWED');
    assert.equal(r.body.message, errorText('DEFECTS_UNREVIEWED', 'en_us', { count: 2 }));
    assert.match(r.body.message, /2 defect\(s\) are not reviewed/);
    r = await qa({ result: 2 }, 'zh_cn');
    assert.equal(r.body.code, 'DEFECTS_UNREVIEWED');
    assert.match(r.body.message, /还有3个缺陷未审核/);
    assert.equal(await h.snapshot(taskId), before);
    // A deleted defect needs no verdict; the others reviewed, the review passes.
    await h.publish(EventTypes.InspectionDefectDeleted, d3, { id: d3 });
    await eventually(async () => (await h.sql('SELECT 1 FROM task_flow.inspection_defect WHERE defect_id = $1', [d3])).length === 0);
    r = await qa({ result: 1, defects: [{ defectId: d1, result: 1 }, { defectId: d2.toUpperCase(), result: 2, comments: 'edge' }] });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.taskStageTypes[0], TaskStage.LABELING_FQA);
    // Failing with unreviewed defects is allowed: the work goes back anyway.
    assert.equal((await h.api(`${API}/tasks/${taskId}/pick`, { method: 'POST', token: worker.token })).status, 200);
    await defect(inspectionId);
    r = await qa({ result: 3, comments: 'outline of blade B is off' });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  });

  test('stitching cannot be completed while blade paths are unstitched (both languages); complete once all are', async () => {
    const worker = await h.user('romeo-stitch');
    const { taskId, inspectionId } = await h.readyTask(w, '2026-07-02');
    await walkTo(taskId, worker.token, TaskStage.STITCHING);
    const stitching = async (pathCount: number, stitchedPathCount: number) => {
      await h.publish(EventTypes.InspectionStitchingChanged, inspectionId, { inspectionId, pathCount, stitchedPathCount });
      await eventually(
        async () =>
          (await h.sql('SELECT 1 FROM task_flow.inspection_stitching WHERE inspection_id = $1 AND stitched_path_count = $2', [inspectionId, stitchedPathCount]))
            .length > 0,
      );
    };
    await stitching(3, 1);
    const before = await h.snapshot(taskId);
    const complete = (locale?: string) =>
      h.api(`${API}/tasks/${taskId}/stages/${TaskStage.STITCHING}/complete`, { method: 'POST', token: worker.token, ...(locale ? { locale } : {}) });
    let r = await complete();
    assert.equal(r.status, 409);
    assert.equal(r.body.code, 'STITCHING_INCOMPLETE');
    assert.equal(r.body.message, 'Stitching cannot be completed: 2 of 3 blade paths are not stitched yet.');
    assert.deepEqual(r.body.details, { unstitched: 2, total: 3 });
    r = await complete('zh_cn');
    assert.equal(r.body.message, '无法完成拼接：3条叶片路径中还有2条未拼接。');
    assert.equal(await h.snapshot(taskId), before);
    await stitching(3, 3);
    r = await complete();
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.taskStageTypes[0], TaskStage.STITCHING_QA);
  });
});
