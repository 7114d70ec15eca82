import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  FLOW_FEATURE_STAGES,
  OPTIONAL_FLOW_FEATURES,
  TASK_STAGE_ORDER,
  TASK_STAGE_LABELS,
  TaskStage,
  TaskStageStatus,
  TaskStatus,
  ReInspectionStatus,
  enabledStages,
  isFlowFeature,
  nextEnabledStage,
} from './task.js';

describe('task stages', () => {
  test('protocol ids', () => {
    assert.deepEqual(TaskStage, {
      UPLOAD: 1,
      AUTO_PROCESSING: 2,
      SORT_AND_REMOVE: 3,
      LABELING: 4,
      LABELING_QA: 5,
      STITCHING: 6,
      STITCHING_QA: 7,
      TIMELINE: 8,
      TIMELINE_QA: 9,
      PRE_LABEL: 10,
      LABELING_FQA: 11,
      STITCHING_FQA: 12,
    });
  });
  test('run order differs from ids', () => {
    assert.deepEqual([...TASK_STAGE_ORDER], [1, 2, 3, 10, 4, 5, 11, 6, 7, 12, 8, 9]);
    assert.equal(TASK_STAGE_LABELS.en_us[11], 'Labeling FQA');
  });
  test('optional features', () => {
    assert.deepEqual([...OPTIONAL_FLOW_FEATURES], ['stitching', 'timeline', 'prelabel']);
    assert.deepEqual([...FLOW_FEATURE_STAGES.stitching], [6, 7, 12]);
    assert.deepEqual([...FLOW_FEATURE_STAGES.timeline], [8, 9]);
    assert.deepEqual([...FLOW_FEATURE_STAGES.prelabel], [10]);
    assert.equal(isFlowFeature('timeline'), true);
    assert.equal(isFlowFeature('labeling'), false);
  });
  test('all features on → every stage', () => {
    assert.deepEqual(enabledStages(['stitching', 'timeline', 'prelabel']), [...TASK_STAGE_ORDER]);
  });
  test('no features → mandatory stages only', () => {
    assert.deepEqual(enabledStages([]), [1, 2, 3, 4, 5, 11]);
  });
  test('one feature, unknown names ignored', () => {
    assert.deepEqual(enabledStages(['timeline', 'bogus']), [1, 2, 3, 4, 5, 11, 8, 9]);
    assert.deepEqual(enabledStages(new Set(['prelabel'])), [1, 2, 3, 10, 4, 5, 11]);
  });
  test('next enabled stage', () => {
    assert.equal(nextEnabledStage(3, []), 4);
    assert.equal(nextEnabledStage(3, ['prelabel']), 10);
    assert.equal(nextEnabledStage(11, ['stitching']), 6);
    assert.equal(nextEnabledStage(11, []), null);
    assert.equal(nextEnabledStage(12, ['stitching', 'timeline']), 8);
    // current stage disabled: continue after it in run order
    assert.equal(nextEnabledStage(6, []), null);
    assert.equal(nextEnabledStage(10, []), 4);
  });
  test('statuses', () => {
    assert.equal(TaskStageStatus.SKIP, 1);
    assert.equal(TaskStageStatus.OVERTIME, 7);
    assert.deepEqual(TaskStatus, { PROCESSING: 1, COMPLETED: 2, ERROR: 3, OVERTIME: 4, TERMINATED: 5, INACTIVE: 6 });
    assert.deepEqual(ReInspectionStatus, { PROCESSING: 1, APPROVED: 2, REJECTED: 3 });
  });
});
