import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import { EventTypes, Rights, TaskStageStatus as SS, TaskStatus as TS, changeRate, changeRateWithoutDeletions } from '@windward/contracts';
import { API, TaskFlowHarness, type World } from '../testing/task-flow-harness.js';

let h: TaskFlowHarness;
let w: World;
before(async () => {
  h = await TaskFlowHarness.start();
  w = await h.world('November');
});
after(async () => {
  await h.stop();
});

const post = (path: string, token: string, json?: unknown) => h.api(`${API}${path}`, { method: 'POST', token, ...(json !== undefined ? { json } : {}) });

describe('QA and FQA', () => {
  test('fail returns the work to labeling with reasons; FQA fail repeats the QA; change rates per labeler and reviewer', async () => {
    const labeler = await h.user('lara');
    const reviewer = await h.user('rick', [Rights.QA_SHOW, Rights.QA_EDIT, Rights.TAB_CHANGE_RATE_STATISTICS]);
    const { taskId } = await h.readyTask(w);
    assert.equal((await post(`/tasks/${taskId}/pick`, labeler.token)).status, 200);
    assert.equal((await post(`/tasks/${taskId}/stages/3/complete`, labeler.token)).status, 200);
    assert.equal((await post(`/tasks/${taskId}/pick`, labeler.token)).status, 200);
    assert.equal((await post(`/tasks/${taskId}/stages/4/complete`, labeler.token)).status, 200);
    // Labeling QA by the reviewer: fail without a reason is refused and changes nothing.
    assert.equal((await post(`/tasks/${taskId}/pick`, reviewer.token)).status, 200);
    const before = await h.snapshot(taskId);
    const noReason = await post(`/tasks/${taskId}/qa`, reviewer.token, { result: 3, comments: '  ' });
    assert.equal(noReason.status, 400);
    assert.equal(noReason.body.code, 'QA_FAIL_REASON_REQUIRED');
    const badResult = await post(`/tasks/${taskId}/qa`, reviewer.token, { result: 4 });
    assert.equal(badResult.status, 400);
    const notReviewer = await post(`/tasks/${taskId}/qa`, labeler.token, { result: 1 });
    assert.equal(notReviewer.body.code, 'NOT_TASK_HANDLER');
    const defectNoReason = await post(`/tasks/${taskId}/qa`, reviewer.token, { result: 2, defects: [{ defectId: 'D1', result: 3 }] });
    assert.equal(defectNoReason.body.code, 'QA_FAIL_REASON_REQUIRED');
    assert.equal(await h.snapshot(taskId), before);
    let r = await post(`/tasks/${taskId}/qa`, reviewer.token, {
      result: 3,
      comments: 'Missed two cracks on blade B',
      counts: { added: 2, deleted: 1, modified: 1, correct: 6 },
      defects: [{ defectId: 'D1', result: 3, comments: 'wrong severity' }, { defectId: 'D2', result: 1 }],
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body.taskStageTypes, [4]);
    assert.equal(h.stageStatus(r.body, 4), SS.PROCESSING);
    assert.deepEqual(r.body.handlebyIds, [labeler.userId]);
    assert.equal(h.stageStatus(r.body, 5), SS.NOT_READY);
    // Labeling again, QA passes with an issue, then FQA fails: labeling QA must be done again.
    assert.equal((await post(`/tasks/${taskId}/stages/4/complete`, labeler.token)).status, 200);
    assert.equal((await post(`/tasks/${taskId}/pick`, reviewer.token)).status, 200);
    r = await post(`/tasks/${taskId}/qa`, reviewer.token, { result: 2, comments: 'minor', counts: { modified: 1, correct: 9 } });
    assert.deepEqual(r.body.taskStageTypes, [11]);
    assert.equal((await post(`/tasks/${taskId}/pick`, reviewer.token)).status, 200);
    r = await post(`/tasks/${taskId}/qa`, reviewer.token, { result: 3, comments: 'FQA: polygon too loose', counts: { added: 1, correct: 9 } });
    assert.deepEqual(r.body.taskStageTypes, [4]);
    assert.equal(h.stageStatus(r.body, 5), SS.NOT_READY);
    assert.equal(h.stageStatus(r.body, 11), SS.NOT_READY);
    assert.equal((await post(`/tasks/${taskId}/stages/4/complete`, labeler.token)).status, 200);
    assert.deepEqual(await h.walk(taskId, reviewer), [5, 11]);
    assert.equal((await h.task(taskId)).taskStatusType, TS.COMPLETED);

    const results = await h.api(`${API}/tasks/${taskId}/qa`);
    assert.equal(results.body.results.filter((x: { defectId: string | null }) => x.defectId === null).length, 5);
    assert.deepEqual(
      results.body.results.filter((x: { defectId: string | null }) => x.defectId).map((x: { defectId: string; result: number; comments: string }) => [x.defectId, x.result, x.comments]),
      [['D1', 3, 'wrong severity'], ['D2', 1, '']],
    );
    const history = await h.api(`${API}/tasks/${taskId}/labeling-history`);
    const actions = history.body.results.map((x: { action: string }) => x.action);
    for (const a of ['PICK', 'COMPLETED', 'QA_RESULT_ANALYSIS', 'REQUEST_RETURN']) assert.ok(actions.includes(a), a);

    const counts = { added: 2 + 1, deleted: 1, modified: 1 + 1, correct: 6 + 9 + 9 + 10 + 10 };
    const byLabeler = await h.api(`${API}/statistics/change-rate?groupBy=labeler`, { token: reviewer.token });
    assert.equal(byLabeler.status, 200);
    const lara = byLabeler.body.results.find((x: { userId: string }) => x.userId === labeler.userId);
    assert.equal(lara.reviewCount, 5);
    assert.equal(lara.failCount, 2);
    assert.deepEqual({ added: lara.added, deleted: lara.deleted, modified: lara.modified, correct: lara.correct }, counts);
    assert.equal(lara.changeRate, changeRate(counts));
    assert.equal(lara.changeRateWithoutDeletions, changeRateWithoutDeletions(counts));
    assert.notEqual(lara.changeRate, lara.changeRateWithoutDeletions);
    const byReviewer = await h.api(`${API}/statistics/change-rate?groupBy=reviewer`, { token: reviewer.token });
    assert.equal(byReviewer.body.results.find((x: { userId: string }) => x.userId === reviewer.userId).reviewCount, 5);
    const xlsx = await h.api(`${API}/statistics/change-rate/export?groupBy=labeler`, { token: reviewer.token, locale: 'zh_cn' });
    assert.match(xlsx.headers.get('content-type') ?? '', /spreadsheetml/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.bytes as never);
    const sheet = book.getWorksheet('变更率')!;
    assert.equal(sheet.getRow(1).getCell(1).value, '标注员');
    const laraRow = sheet.getRows(2, sheet.rowCount - 1)!.find((r) => r.getCell(1).value === 'lara')!;
    assert.deepEqual((laraRow.values as unknown[]).slice(1), ['lara', 5, 2, 3, 1, 2, 44, changeRate(counts), changeRateWithoutDeletions(counts)]);
    const csv = await h.api(`${API}/statistics/change-rate/export?groupBy=labeler&format=csv`, { token: reviewer.token });
    assert.match(csv.headers.get('content-type') ?? '', /text\/csv/);
    assert.match(String(csv.body), /^\uFEFF?Labeler,Reviews,Failed/);
    assert.match(String(csv.body), new RegExp(`lara,5,2,3,1,2,44,${changeRate(counts).toFixed(4)}`));
    assert.equal((await h.api(`${API}/statistics/change-rate`, { token: labeler.token })).status, 403);
    assert.equal((await h.api(`${API}/statistics/change-rate?groupBy=team`, { token: reviewer.token })).status, 400);
  });

  test('taskflow.stage.completed names who did the stage, its time and figures, and each review verdict (a reject too)', async () => {
    const labeler = await h.user('lena');
    const reviewer = await h.user('ravi');
    const { taskId } = await h.readyTask(w);
    await post(`/tasks/${taskId}/pick`, labeler.token);
    assert.equal((await h.api(`${API}/tasks/${taskId}/stages/3/spent-time`, { method: 'POST', token: labeler.token, json: { seconds: 90 } })).status, 200);
    await post(`/tasks/${taskId}/stages/3/complete`, labeler.token);
    await post(`/tasks/${taskId}/pick`, labeler.token);
    await post(`/tasks/${taskId}/stages/4/complete`, labeler.token);
    await post(`/tasks/${taskId}/pick`, reviewer.token);
    await post(`/tasks/${taskId}/qa`, reviewer.token, { result: 3, comments: 'missed a crack', counts: { added: 1, correct: 4 } });
    await post(`/tasks/${taskId}/stages/4/complete`, labeler.token);
    await post(`/tasks/${taskId}/pick`, reviewer.token);
    await post(`/tasks/${taskId}/qa`, reviewer.token, { result: 1 });
    const events = (await h.published(EventTypes.TaskflowStageCompleted)).filter((e) => e.payload.taskId === taskId).map((e) => e.payload);
    const auto = events.find((p) => p.stage === 2)!;
    assert.deepEqual([auto.handlerId, auto.handlerName], [null, null], 'automatic stages have no handler');
    const sorted = events.find((p) => p.stage === 3)!;
    assert.deepEqual(
      [sorted.handlerId, sorted.handlerName, sorted.spentSeconds, sorted.imageCount, sorted.qaOutcome],
      [labeler.userId, 'lena', 90, 12, undefined],
    );
    assert.equal(typeof sorted.defectCount, 'number');
    const reviews = events.filter((p) => p.stage === 5).map((p) => [p.handlerId, p.qaOutcome, p.reviewedHandlerId, p.nextStage, p.qaCounts]);
    assert.deepEqual(reviews, [
      [reviewer.userId, 'REJECT', labeler.userId, 4, { added: 1, deleted: 0, modified: 0, correct: 4 }],
      [reviewer.userId, 'PASS', labeler.userId, 11, { added: 0, deleted: 0, modified: 0, correct: 0 }],
    ]);
    assert.equal(events.filter((p) => p.stage === 4).length, 2, 'labeling completed twice (before and after the reject)');
  });
});
