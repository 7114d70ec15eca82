import { describe, expect, it } from 'vitest';
import {
  applyTaskChange,
  approvalParams,
  changedLimits,
  filtersToParams,
  inPool,
  isMine,
  isOfDay,
  maxVersion,
  minutesText,
  percent,
  stageProgress,
  stepStatus,
  todayUtc,
  validMinutes,
  workTarget,
} from './logic';
import { fileNameOf } from './flow/download';
import { taskItem } from '@/test/fixtures/task';

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
      inspectionId: ['i-1'],
      customerId: ['c-1'],
      windfarmId: ['p-1'],
      taskStageType: [4],
      taskStatusType: [3],
      packageType: [11],
      inspectionStartTime: '2026-01-01',
      inspectionEndTime: '2026-01-31',
    });
    expect(new Date(String(p.uploadStartTime)).getTime()).toBeLessThan(new Date(String(p.uploadEndTime)).getTime());
    expect(filtersToParams({}, { pageIndex: 1, pageSize: 10 }, {})).not.toHaveProperty('fieldToSort');
  });

  it('a date range may be open on either side ("from" or "until" only)', () => {
    const from = filtersToParams({ inspectionRange: ['2026-01-01', null], uploadRange: [null, '2026-02-02'] }, { pageIndex: 1, pageSize: 10 }, {});
    expect(from.inspectionStartTime).toBe('2026-01-01');
    expect(from).not.toHaveProperty('inspectionEndTime');
    expect(from).not.toHaveProperty('uploadStartTime');
    expect(typeof from.uploadEndTime).toBe('string');
  });
});

describe('stage progress', () => {
  it('maps the mandatory flow: done before the current stage, the current with its status, the rest waiting', () => {
    const steps = stageProgress(taskItem({ taskId: '1', taskStageTypes: [4], taskStageStatus: 6, features: [] }));
    expect(steps.map((s) => s.stage)).toEqual([1, 2, 3, 4, 5, 11]);
    expect(steps.map((s) => s.state)).toEqual(['done', 'done', 'done', 'current', 'waiting', 'waiting']);
    expect(stepStatus(steps[3]!)).toBe('error');
    expect(stepStatus(steps[0]!)).toBe('finish');
    expect(stepStatus(steps[4]!)).toBe('wait');
  });
  it('follows the SPEC §4 order with optional stages, and a completed task is all done', () => {
    const steps = stageProgress(
      taskItem({ taskId: '1', taskStageTypes: [10], taskStageStatus: 4, features: ['prelabel', 'stitching', 'timeline'] }),
    );
    expect(steps.map((s) => s.stage)).toEqual([1, 2, 3, 10, 4, 5, 11, 6, 7, 12, 8, 9]);
    expect(steps[3]).toEqual({ stage: 10, state: 'current', status: 4 });
    expect(stepStatus(steps[3]!)).toBe('process');
    const done = stageProgress(taskItem({ taskId: '2', taskStatusType: 2, taskStageTypes: [11], taskStageStatus: 5 }));
    expect(done.every((s) => s.state === 'done')).toBe(true);
  });
});

describe('task.changed applied to a cached page', () => {
  const page = { results: [taskItem({ taskId: 'a', version: 5 }), taskItem({ taskId: 'b', version: 6 })], totalCount: 12 };

  it('replaces a row that still belongs, in place', () => {
    const out = applyTaskChange(page, taskItem({ taskId: 'a', version: 7, taskStageStatus: 7 }), 'pool', {}, 'me');
    expect(out.kind).toBe('updated');
    if (out.kind !== 'updated') return;
    expect(out.page.results.map((r) => r.taskId)).toEqual(['a', 'b']);
    expect(out.page.results[0]!.taskStageStatus).toBe(7);
    expect(out.page.totalCount).toBe(12);
  });
  it('removes a row picked by someone else from the pool', () => {
    const picked = taskItem({ taskId: 'b', version: 9, taskStageStatus: 4, handlebyIds: ['other'], handlebyNames: ['Other'] });
    expect(inPool(picked)).toBe(false);
    const out = applyTaskChange(page, picked, 'pool', {}, 'me');
    expect(out).toEqual({ kind: 'updated', page: { results: [page.results[0]], totalCount: 11 } });
  });
  it('ignores old versions and unrelated tasks, and asks for a refetch when a task newly belongs', () => {
    expect(applyTaskChange(page, taskItem({ taskId: 'a', version: 5 }), 'pool', {}, 'me')).toEqual({ kind: 'none' });
    expect(applyTaskChange(page, taskItem({ taskId: 'z', taskStageTypes: [2], taskStageStatus: 4 }), 'pool', {}, 'me')).toEqual({
      kind: 'none',
    });
    expect(applyTaskChange(page, taskItem({ taskId: 'z' }), 'pool', {}, 'me')).toEqual({ kind: 'refetch' });
    // Not matching the list's filters: not this list's business.
    expect(applyTaskChange(page, taskItem({ taskId: 'z', turbineName: 'HSE-01' }), 'pool', { turbineName: 'dbn' }, 'me')).toEqual({
      kind: 'none',
    });
    // A row that stops matching the filters leaves the page.
    const moved = applyTaskChange(page, taskItem({ taskId: 'a', version: 8, taskStageTypes: [4] }), 'pool', { taskStageType: [3] }, 'me');
    expect(moved.kind === 'updated' && moved.page.results.map((r) => r.taskId)).toEqual(['b']);
  });
  it('my tasks: a task I picked joins, a released one leaves', () => {
    const mine = taskItem({ taskId: 'm', version: 11, taskStageStatus: 4, handlebyIds: ['me'] });
    expect(isMine(mine, 'me')).toBe(true);
    expect(applyTaskChange({ results: [], totalCount: 0 }, mine, 'mine', {}, 'me')).toEqual({ kind: 'refetch' });
    const released = taskItem({ taskId: 'm', version: 12 });
    const out = applyTaskChange({ results: [mine], totalCount: 1 }, released, 'mine', {}, 'me');
    expect(out).toEqual({ kind: 'updated', page: { results: [], totalCount: 0 } });
  });
  it('maxVersion', () => {
    expect(maxVersion(page.results)).toBe(6);
    expect(maxVersion([], 3)).toBe(3);
  });
});

describe('the other lists: history and today', () => {
  const page = { results: [taskItem({ taskId: 'a', version: 5, createTime: '2026-11-20T07:00:00.000Z' })], totalCount: 30 };

  it('history updates its rows in place but never refetches for tasks elsewhere (the page would jump)', () => {
    const done = taskItem({ taskId: 'a', version: 6, taskStatusType: 2 });
    const out = applyTaskChange(page, done, 'all', {}, 'me');
    expect(out.kind === 'updated' && out.page.results[0]!.taskStatusType).toBe(2);
    expect(applyTaskChange(page, taskItem({ taskId: 'new' }), 'all', {}, 'me')).toEqual({ kind: 'none' });
    // The extended filters decide membership too.
    expect(applyTaskChange(page, taskItem({ taskId: 'a', version: 7 }), 'all', { handleByUserId: ['u-9'] }, 'me')).toMatchObject({
      page: { results: [] },
    });
  });

  it("today's list: created and/or completed that UTC day, by kind", () => {
    const t = { createTime: '2026-11-20T23:30:00.000Z', completeTime: '2026-11-21T00:10:00.000Z' };
    expect(isOfDay(t, '2026-11-20', 'new')).toBe(true);
    expect(isOfDay(t, '2026-11-20', 'completed')).toBe(false);
    expect(isOfDay(t, '2026-11-21', 'completed')).toBe(true);
    expect(isOfDay(t, '2026-11-21', 'all')).toBe(true);
    expect(isOfDay(t, '2026-11-22', 'all')).toBe(false);
    expect(todayUtc(new Date('2026-11-20T23:59:00-05:00'))).toBe('2026-11-21');
    const created = taskItem({ taskId: 'n', createTime: '2026-11-20T10:00:00.000Z' });
    expect(applyTaskChange({ results: [], totalCount: 0 }, created, 'today', { date: '2026-11-20', kind: 'all' }, 'me')).toEqual({
      kind: 'refetch',
    });
    expect(applyTaskChange({ results: [], totalCount: 0 }, created, 'today', { date: '2026-11-19', kind: 'all' }, 'me')).toEqual({
      kind: 'none',
    });
  });

  it('sends the extended SPEC §3 filters', () => {
    expect(
      filtersToParams(
        { handleByUserId: 'u-1', organizationId: 'o-1', inspectionStaffId: 'p-1', projectType: 4 },
        { pageIndex: 1, pageSize: 10 },
      ),
    ).toEqual({ pageIndex: 1, pageSize: 10, handleByUserId: ['u-1'], organizationId: ['o-1'], inspectionStaffId: 'p-1', projectType: [4] });
  });
});

describe('work tools of a stage', () => {
  const of = (stage: number) => workTarget(taskItem({ taskId: 't-1', taskStageTypes: [stage] }));
  it('links each manual stage to its tool, reviews in review mode', () => {
    expect(of(3)).toEqual({ path: '/sortAndRemove', query: { taskId: 't-1' } });
    expect(of(10)).toEqual({ path: '/labeling', query: { taskId: 't-1' } });
    expect(of(4)).toEqual({ path: '/labeling', query: { taskId: 't-1' } });
    expect(of(5)).toEqual({ path: '/labeling', query: { taskId: 't-1', mode: 'review' } });
    expect(of(11)).toEqual({ path: '/labeling', query: { taskId: 't-1', mode: 'review' } });
    expect(of(6)).toEqual({ path: '/stitching', query: { taskId: 't-1' } });
    expect(of(7)).toEqual({ path: '/stitching', query: { taskId: 't-1', mode: 'review' } });
    expect(of(12)).toEqual({ path: '/stitching', query: { taskId: 't-1', mode: 'review' } });
    expect(of(8)).toEqual({ path: '/inspection/turbine', query: { windFarmId: 'p-1', turbineId: 'tb-t-1', inspectionId: 'insp-t-1' } });
    expect(of(9)?.path).toBe('/inspection/turbine');
    expect(of(1)).toBeNull();
    expect(of(2)).toBeNull();
  });
});

describe('flow settings and statistics', () => {
  it('accepts whole minutes from 1 to 525600 only', () => {
    expect([1, 90, 525600].every(validMinutes)).toBe(true);
    expect([0, -5, 525601, 1.5, Number.NaN, null, undefined, '90'].some(validMinutes)).toBe(false);
  });
  it('reads minutes as days, hours and minutes', () => {
    const u = { d: 'd', h: 'h', m: 'min' };
    expect(minutesText(2880, u)).toBe('2d');
    expect(minutesText(90, u)).toBe('1h 30min');
    expect(minutesText(1501, u)).toBe('1d 1h 1min');
  });
  it('sends only the changed limits', () => {
    const saved = [
      { taskStageType: 3, minutes: 1440 },
      { taskStageType: 4, minutes: 2880 },
    ];
    expect(changedLimits(saved, { '3': 1440, '4': 60 })).toEqual([{ taskStageType: 4, minutes: 60 }]);
    expect(changedLimits(saved, { '3': null })).toEqual([]);
  });
  it('formats rates and file names', () => {
    expect(percent(0.4)).toBe('40.0%');
    expect(percent(Number.NaN)).toBe('–');
    expect(fileNameOf('attachment; filename="change-rate.xlsx"')).toBe('change-rate.xlsx');
    expect(fileNameOf("attachment; filename*=UTF-8''%E5%8F%98%E6%9B%B4.xlsx")).toBe('变更.xlsx');
    expect(fileNameOf(null)).toBeNull();
  });
  it('approval filters → query without empty values', () => {
    expect(
      approvalParams(
        { turbineName: '  ', requestStatus: 0, orgId: 'o-1' },
        { pageIndex: 2, pageSize: 20 },
        { field: 'requestTime', descending: true },
      ),
    ).toEqual({
      pageIndex: 2,
      pageSize: 20,
      fieldToSort: 'requestTime',
      descending: true,
      requestStatus: [0],
      orgId: ['o-1'],
    });
  });
});
