import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TaskLogKind as LOG, taskLogText } from '@windward/contracts';
import { API, TaskFlowHarness, type World } from '../testing/task-flow-harness.js';

/** History lines are stored as codes with parameters; only what users typed is kept as text. */
let h: TaskFlowHarness;
let w: World;
before(async () => {
  h = await TaskFlowHarness.start();
  w = await h.world('Quebec');
});
after(async () => {
  await h.stop();
});

interface Line {
  kind: string | null;
  params: Record<string, string | number> | null;
  message: string;
  stage: number | null;
}

describe('task history in the reader\'s language', () => {
  test('pick, release, assign, complete, QA fail with reasons and pass: kinds and parameters, no English text', async () => {
    const { taskId } = await h.readyTask(w, '2026-06-01');
    const ann = await h.user('ann-history');
    const post = (path: string, json?: unknown) => h.api(`${API}/tasks/${taskId}${path}`, { method: 'POST', token: ann.token, ...(json ? { json } : {}) });
    assert.equal((await post('/pick')).status, 200);
    assert.equal((await post('/release')).status, 200);
    assert.equal((await h.api(`${API}/tasks/${taskId}/handler`, { method: 'PUT', json: { userId: ann.userId } })).status, 200);
    assert.equal((await post('/stages/3/complete')).status, 200);
    await h.labeling((await h.task(taskId)).inspectionId, true);
    assert.equal((await post('/pick')).status, 200);
    assert.equal((await post('/stages/4/complete')).status, 200);
    assert.equal((await post('/pick')).status, 200);
    assert.equal((await post('/qa', { result: 3, comments: 'Crack outline too loose' })).status, 200);

    const r = await h.api(`${API}/tasks/${taskId}/history?pageSize=500`);
    const lines = r.body.results as Line[];
    // Every line has a kind; the only text is what the reviewer typed.
    assert.deepEqual(lines.filter((l) => !l.kind), []);
    assert.deepEqual([...new Set(lines.map((l) => l.message).filter(Boolean))], ['Crack outline too loose']);
    const kinds = lines.map((l) => l.kind);
    for (const k of [LOG.TASK_CREATED_BY_UPLOAD, LOG.PICKED, LOG.RELEASED, LOG.ASSIGNED, LOG.COMPLETED, LOG.QA_RESULT, LOG.REVIEW_FAILED, LOG.RETURNED]) {
      assert.ok(kinds.includes(k), `${k} in ${kinds.join(',')}`);
    }
    const qa = lines.find((l) => l.kind === LOG.QA_RESULT)!;
    assert.deepEqual(qa.params, { result: 3 });
    assert.equal(taskLogText(qa, 'en_us'), 'QA result: Fail: Crack outline too loose');
    assert.equal(taskLogText(qa, 'zh_cn'), '质检结果：不通过：Crack outline too loose');
    const returned = lines.find((l) => l.kind === LOG.RETURNED)!;
    assert.equal(taskLogText(returned, 'zh_cn'), '退回至标注：Crack outline too loose');
    assert.deepEqual(lines.find((l) => l.kind === LOG.ASSIGNED)!.params, { handlerName: 'ann-history' });
    // Rendered in Chinese, no line keeps English words (the typed reason aside).
    for (const l of lines) {
      // (names — a file, a person — are data, not text)
      let zh = taskLogText({ ...l, message: null }, 'zh_cn');
      for (const v of [l.params?.file, l.params?.handlerName]) if (v) zh = zh.replace(String(v), '');
      assert.doesNotMatch(zh, /[A-Za-z]{2,}/, `${l.kind}: ${zh}`);
    }
    // The labeling history shows the same kinds.
    const labeling = await h.api(`${API}/tasks/${taskId}/labeling-history`);
    assert.ok((labeling.body.results as Line[]).every((l) => l.kind));
  });
});
