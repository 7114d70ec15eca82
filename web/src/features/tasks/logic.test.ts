import { describe, expect, it } from 'vitest';
import { applyTaskChange, filtersToParams, inPool, isMine, maxVersion, stageProgress, stepStatus } from './logic';
import { task } from './testing/fixtures';

describe('filters → query params', () => {
  it('leaves out empty values, trims texts, and adds paging and sorting', () => {
    expect(filtersToParams({ inspectionId: '  ', turbineName: ' dbn ', customerId: undefined }, { pageIndex: 2, pageSize: 20 })).toEqual({
      pageIndex: 2,
      pageSize: 20,
      turbineName: 'dbn',
    });
    const p = filtersToParams(
      {
        inspectionId: 'i-1',
        customerId: 'c-1',
        windfarmId: 'p-1',
        taskStageType: 4,
        taskStatusType: 3,
        packageType: 11,
        inspectionRange: ['2026-01-01', '2026-01-31'],
        uploadRange: ['2026-02-01', '2026-02-02'],
      },
      { pageIndex: 1, pageSize: 10 },
      { fieldToSort: 'turbineName', descending: true },
    );
    expect(p).toMatchObject({
      fieldToSort: 'turbineName',
      descending: true,
      inspectionId: 'i-1',
      customerId: 'c-1',
      windfarmId: 'p-1',
      taskStageType: 4,
      taskStatusType: 3,
      packageType: 11,
      inspectionStartTime: '2026-01-01',
      inspectionEndTime: '2026-01-31',
    });
    expect(new Date(String(p.uploadStartTime)).getTime()).toBeLessThan(new Date(String(p.uploadEndTime)).getTime());
    expect(filtersToParams({}, { pageIndex: 1, pageSize: 10 }, {})).not.toHaveProperty('fieldToSort');
  });
});

describe('stage progress', () => {
  it('maps the mandatory flow: done before the current stage, the current with its status, the rest waiting', () => {
    const steps = stageProgress(task({ taskId: '1', taskStageTypes: [4], taskStageStatus: 6, features: [] }));
    expect(steps.map((s) => s.stage)).toEqual([1, 2, 3, 4, 5, 11]);
    expect(steps.map((s) => s.state)).toEqual(['done', 'done', 'done', 'current', 'waiting', 'waiting']);
    expect(stepStatus(steps[3]!)).toBe('error');
    expect(stepStatus(steps[0]!)).toBe('finish');
    expect(stepStatus(steps[4]!)).toBe('wait');
  });
  it('follows the SPEC §4 order with optional stages, and a completed task is all done', () => {
    const steps = stageProgress(task({ taskId: '1', taskStageTypes: [10], taskStageStatus: 4, features: ['prelabel', 'stitching', 'timeline'] }));
    expect(steps.map((s) => s.stage)).toEqual([1, 2, 3, 10, 4, 5, 11, 6, 7, 12, 8, 9]);
    expect(steps[3]).toEqual({ stage: 10, state: 'current', status: 4 });
    expect(stepStatus(steps[3]!)).toBe('process');
    const done = stageProgress(task({ taskId: '2', taskStatusType: 2, taskStageTypes: [11], taskStageStatus: 5 }));
    expect(done.every((s) => s.state === 'done')).toBe(true);
  });
});

describe('task.changed applied to a cached page', () => {
  const page = { results: [task({ taskId: 'a', version: 5 }), task({ taskId: 'b', version: 6 })], totalCount: 12 };

  it('replaces a row that still belongs, in place', () => {
    const out = applyTaskChange(page, task({ taskId: 'a', version: 7, taskStageStatus: 7 }), 'pool', {}, 'me');
    expect(out.kind).toBe('updated');
    if (out.kind !== 'updated') return;
    expect(out.page.results.map((r) => r.taskId)).toEqual(['a', 'b']);
    expect(out.page.results[0]!.taskStageStatus).toBe(7);
    expect(out.page.totalCount).toBe(12);
  });
  it('removes a row picked by someone else from the pool', () => {
    const picked = task({ taskId: 'b', version: 9, taskStageStatus: 4, handlebyIds: ['other'], handlebyNames: ['Other'] });
    expect(inPool(picked)).toBe(false);
    const out = applyTaskChange(page, picked, 'pool', {}, 'me');
    expect(out).toEqual({ kind: 'updated', page: { results: [page.results[0]], totalCount: 11 } });
  });
  it('ignores old versions and unrelated tasks, and asks for a refetch when a task newly belongs', () => {
    expect(applyTaskChange(page, task({ taskId: 'a', version: 5 }), 'pool', {}, 'me')).toEqual({ kind: 'none' });
    expect(applyTaskChange(page, task({ taskId: 'z', taskStageTypes: [2], taskStageStatus: 4 }), 'pool', {}, 'me')).toEqual({ kind: 'none' });
    expect(applyTaskChange(page, task({ taskId: 'z' }), 'pool', {}, 'me')).toEqual({ kind: 'refetch' });
    // Not matching the list's filters: not this list's business.
    expect(applyTaskChange(page, task({ taskId: 'z', turbineName: 'HSE-01' }), 'pool', { turbineName: 'dbn' }, 'me')).toEqual({ kind: 'none' });
    // A row that stops matching the filters leaves the page.
    const moved = applyTaskChange(page, task({ taskId: 'a', version: 8, taskStageTypes: [4] }), 'pool', { taskStageType: 3 }, 'me');
    expect(moved.kind === 'updated' && moved.page.results.map((r) => r.taskId)).toEqual(['b']);
  });
  it('my tasks: a task I picked joins, a released one leaves', () => {
    const mine = task({ taskId: 'm', version: 11, taskStageStatus: 4, handlebyIds: ['me'] });
    expect(isMine(mine, 'me')).toBe(true);
    expect(applyTaskChange({ results: [], totalCount: 0 }, mine, 'mine', {}, 'me')).toEqual({ kind: 'refetch' });
    const released = task({ taskId: 'm', version: 12 });
    const out = applyTaskChange({ results: [mine], totalCount: 1 }, released, 'mine', {}, 'me');
    expect(out).toEqual({ kind: 'updated', page: { results: [], totalCount: 0 } });
  });
  it('maxVersion', () => {
    expect(maxVersion(page.results)).toBe(6);
    expect(maxVersion([], 3)).toBe(3);
  });
});
