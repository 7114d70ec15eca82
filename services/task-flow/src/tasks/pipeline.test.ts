import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { TaskStageStatus as SS, TaskStatus as TS } from '@windward/contracts';
import { STAGE_TRANSITIONS, TASK_TRANSITIONS, canMoveStage, canMoveTask, currentStage, derivedTaskStatus, nextRunnable, plannedStages } from './pipeline.js';

const st = (stage: number, status: number) => ({ stage, status: status as SS, handlerId: null, handlerName: null });

describe('pipeline rules', () => {
  test('every status has a row in the transition tables', () => {
    assert.deepEqual(Object.keys(STAGE_TRANSITIONS).map(Number).sort(), Object.values(SS).sort());
    assert.deepEqual(Object.keys(TASK_TRANSITIONS).map(Number).sort(), Object.values(TS).sort());
  });
  test('stage transitions refused', () => {
    assert.equal(canMoveStage(SS.SKIP, SS.READY), false);
    assert.equal(canMoveStage(SS.NOT_READY, SS.COMPLETED), false);
    assert.equal(canMoveStage(SS.READY, SS.COMPLETED), false);
    assert.equal(canMoveStage(SS.ERROR, SS.COMPLETED), false);
    assert.equal(canMoveStage(SS.COMPLETED, SS.READY), false);
    assert.equal(canMoveStage(SS.PROCESSING, SS.COMPLETED), true);
  });
  test('final task statuses never move', () => {
    for (const from of [TS.COMPLETED, TS.TERMINATED, TS.INACTIVE]) for (const to of Object.values(TS)) assert.equal(canMoveTask(from, to), false);
    assert.equal(canMoveTask(TS.PROCESSING, TS.INACTIVE), true);
  });
  test('flow config plans the optional stages', () => {
    assert.deepEqual([...plannedStages(undefined).stages].sort((a, b) => a - b), [1, 2, 3, 4, 5, 11]);
    const all = plannedStages({ componentType: 1, features: ['stitching', 'timeline', 'prelabel'], taskStages: [] });
    assert.equal(all.stages.size, 12);
    const narrowed = plannedStages({ componentType: 1, features: ['stitching', 'bogus'], taskStages: [6, 7] });
    assert.deepEqual([...narrowed.stages].sort((a, b) => a - b), [1, 2, 3, 4, 5, 6, 7, 11]);
    assert.deepEqual(narrowed.features, ['stitching']);
  });
  test('current stage, next runnable stage and derived status follow run order', () => {
    const stages = [st(1, SS.COMPLETED), st(2, SS.COMPLETED), st(3, SS.COMPLETED), st(10, SS.SKIP), st(4, SS.PROCESSING), st(5, SS.NOT_READY), st(11, SS.NOT_READY)];
    assert.equal(currentStage(stages)?.stage, 4);
    assert.equal(nextRunnable(stages, 3)?.stage, 4);
    assert.equal(nextRunnable(stages, 11), null);
    assert.equal(derivedTaskStatus(stages), TS.PROCESSING);
    assert.equal(derivedTaskStatus([...stages, st(6, SS.OVERTIME)]), TS.OVERTIME);
    assert.equal(derivedTaskStatus([...stages, st(6, SS.OVERTIME), st(7, SS.ERROR)]), TS.ERROR);
    assert.equal(derivedTaskStatus([st(1, SS.COMPLETED), st(6, SS.SKIP)]), TS.COMPLETED);
  });
});
