import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { TASK_LOG_LABELS, TaskLogKind, isTaskLogKind, taskLogText } from './task-log.js';

describe('task history kinds', () => {
  test('every kind has both languages; the Chinese ones hold no English words', () => {
    for (const kind of Object.values(TaskLogKind)) {
      assert.ok(TASK_LOG_LABELS.en_us[kind], kind);
      const zh = TASK_LOG_LABELS.zh_cn[kind].replace(/\{\w+\}/g, '');
      assert.doesNotMatch(zh, /[A-Za-z]{2,}/, `${kind}: ${zh}`);
    }
    assert.deepEqual(Object.keys(TASK_LOG_LABELS.zh_cn).sort(), Object.keys(TaskLogKind).sort());
  });

  test('parameters are rendered through the shared labels; no raw codes', () => {
    assert.equal(taskLogText({ kind: 'QA_RESULT', params: { result: 3 } }, 'en_us'), 'QA result: Fail');
    assert.equal(taskLogText({ kind: 'QA_RESULT', params: { result: 2 } }, 'zh_cn'), '质检结果：有条件通过');
    assert.equal(taskLogText({ kind: 'TASK_STATUS_CHANGED', params: { from: 1, to: 2 } }, 'zh_cn'), '任务状态：处理中 → 已完成');
    assert.equal(taskLogText({ kind: 'RETURNED', params: { stage: 4 }, message: 'redo blade 2' }, 'en_us'), 'Returned to Labeling: redo blade 2');
    assert.equal(taskLogText({ kind: 'ASSIGNED', params: { handlerName: 'Liu Labeler' } }, 'zh_cn'), '已分配给 Liu Labeler');
  });

  test('lines written before kinds show their stored text', () => {
    assert.equal(taskLogText({ kind: null, message: 'Picked' }, 'zh_cn'), 'Picked');
    assert.equal(isTaskLogKind('toString'), false);
    assert.equal(isTaskLogKind('PICKED'), true);
  });
});
