import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorText } from './contracts';
import { renderTasks } from './testing/render';
import { resetFakesAfterEach, sockets, type FakeSocket } from '@/test/fakeSocket';
import { taskItem } from '@/test/fixtures/task';
import type { Call } from './testing/fakeServer';

vi.setConfig({ testTimeout: 60000 });

vi.mock('socket.io-client', () => import('@/test/fakeSocket'));

resetFakesAfterEach();

const lists = (calls: Call[], path: string) => calls.filter((c) => c.method === 'GET' && c.path.endsWith(path));
const lastSocket = (): FakeSocket => sockets.at(-1)!;

describe('task pool', () => {
  it('shows the summary, the pool with stage progress, and the pick refusal translated (en)', async () => {
    const { calls } = await renderTasks({ path: '/qaCenter/taskPool' });
    const table = await screen.findByTestId('task-table');
    expect(await within(table).findByText('DBN-01')).toBeTruthy();
    expect(within(table).getAllByText('Sort and remove · Ready to process').length).toBe(2);
    const progress = within(table).getAllByTestId('stage-progress');
    expect(progress[0]!.getAttribute('data-total')).toBe('6');
    expect(progress[1]!.getAttribute('data-total')).toBe('9'); // stitching switched on
    expect(progress[0]!.getAttribute('data-done')).toBe('2');
    expect(within(table).getAllByText('Blade auto').length).toBe(2);
    const summary = screen.getByTestId('task-summary');
    await waitFor(() => expect(within(summary).getByText('7')).toBeTruthy());
    expect(within(screen.getByTestId('summary-stage-filtering')).getByText('Abnormal: 1')).toBeTruthy();
    expect(within(screen.getByTestId('summary-stage-filtering')).getByText('Sort and remove')).toBeTruthy();
    expect(lists(calls, '/tasks/pool')[0]!.query.get('pageIndex')).toBe('1');

    // The live connection: the task-flow socket path with the access token.
    const s = lastSocket();
    expect(s.options).toMatchObject({ options: { path: '/gw/task/socket.io' } });
    const auth = (s.options as { options: { auth: (cb: (a: unknown) => void) => void } }).options.auth;
    let sent: unknown;
    auth((a) => (sent = a));
    expect(sent).toEqual({ token: 'acc-token' });

    fireEvent.click(screen.getByRole('button', { name: 'Pick the task of DBN-02' }));
    const refusal = await screen.findByTestId('task-refusal');
    expect(refusal.textContent).toContain(errorText('TASK_ALREADY_PICKED', 'en_us'));
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/tasks/02/pick'))).toBe(true);
  });

  it('applies task.changed in place: a task picked elsewhere leaves the pool without a refetch', async () => {
    const { calls } = await renderTasks({ path: '/qaCenter/taskPool' });
    const table = await screen.findByTestId('task-table');
    await within(table).findByText('DBN-01');
    const before = lists(calls, '/tasks/pool').length;
    act(() => lastSocket().fire('connect'));
    await act(async () => {
      lastSocket().fire(
        'task.changed',
        taskItem({ taskId: '01', version: 20, taskStageStatus: 4, handlebyIds: ['someone'], handlebyNames: ['Someone'] }),
      );
    });
    await waitFor(() => expect(within(table).queryByText('DBN-01')).toBeNull());
    expect(within(table).getByText('DBN-02')).toBeTruthy();
    expect(lists(calls, '/tasks/pool').length).toBe(before);

    // A task that newly belongs: the list is fetched again.
    await act(async () => lastSocket().fire('task.changed', taskItem({ taskId: '09', version: 21 })));
    await waitFor(() => expect(lists(calls, '/tasks/pool').length).toBeGreaterThan(before));
    // dashboard.changed refetches the summary.
    const summaries = lists(calls, '/dashboard-summary').length;
    await act(async () => lastSocket().fire('dashboard.changed', { version: 21 }));
    await waitFor(() => expect(lists(calls, '/dashboard-summary').length).toBeGreaterThan(summaries));
  });

  it('after a reconnect syncs from the last version; an incomplete answer refetches the lists', async () => {
    const { calls } = await renderTasks({ path: '/qaCenter/taskPool' });
    await within(await screen.findByTestId('task-table')).findByText('DBN-01');
    act(() => lastSocket().fire('connect'));
    expect(lastSocket().emitted.filter((e) => e.event === 'sync')).toHaveLength(0);
    act(() => lastSocket().fire('disconnect'));
    act(() => lastSocket().fire('connect'));
    const sync = lastSocket().emitted.find((e) => e.event === 'sync')!;
    expect(sync.payload).toEqual({ since: 11 });
    const before = lists(calls, '/tasks/pool').length;
    await act(async () => sync.ack!({ latestVersion: 900, complete: false, tasks: [] }));
    await waitFor(() => expect(lists(calls, '/tasks/pool').length).toBeGreaterThan(before));
    act(() => lastSocket().fire('resync', {}));
    expect(
      lastSocket()
        .emitted.filter((e) => e.event === 'sync')
        .at(-1)!.payload,
    ).toEqual({ since: 900 });
  });

  it('sends the filters to the server', async () => {
    const { calls } = await renderTasks({ path: '/qaCenter/taskPool' });
    await within(await screen.findByTestId('task-table')).findByText('DBN-01');
    fireEvent.change(screen.getByLabelText('Turbine name'), { target: { value: ' dbn-0 ' } });
    fireEvent.change(screen.getByLabelText('Inspection ID'), { target: { value: 'insp-01' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => {
      const q = lists(calls, '/tasks/pool').at(-1)!.query;
      expect(q.get('turbineName')).toBe('dbn-0');
      expect(q.get('inspectionId')).toBe('insp-01');
    });
    fireEvent.click(within(screen.getByTestId('task-table')).getAllByText('Turbine')[0]!);
    await waitFor(() => expect(lists(calls, '/tasks/pool').at(-1)!.query.get('fieldToSort')).toBe('turbineName'));
  });

  it('speaks Chinese: titles, stages, actions and the refusal (zh)', async () => {
    await renderTasks({ path: '/qaCenter/taskPool', locale: 'zh_cn' });
    expect(await screen.findByText('任务池')).toBeTruthy();
    const table = screen.getByTestId('task-table');
    await within(table).findByText('DBN-01');
    expect(within(table).getAllByText('筛选与剔除 · 待处理').length).toBe(2);
    expect(within(table).getAllByText('叶片自动').length).toBe(2);
    expect(screen.getByText('今日新增')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '领取 DBN-02 的任务' }));
    const refusal = await screen.findByTestId('task-refusal');
    expect(refusal.textContent).toContain(errorText('TASK_ALREADY_PICKED', 'zh_cn'));
  });

  it('without qa.show: no access, no list call', async () => {
    const { calls } = await renderTasks({ path: '/qaCenter/taskPool', rights: [] });
    expect(await screen.findByTestId('tasks-no-access')).toBeTruthy();
    expect(lists(calls, '/tasks/pool')).toHaveLength(0);
  });
});

describe('my tasks', () => {
  it('releases a task and shows its details with the history (en)', async () => {
    const { calls } = await renderTasks({ path: '/qaCenter/myTasks' });
    const table = await screen.findByTestId('task-table');
    await within(table).findByText('DBN-03');
    expect(within(table).getAllByText('Ada Lovelace').length).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Details of the task of DBN-03' }));
    const detail = await screen.findByTestId('task-detail');
    const history = within(detail).getByTestId('task-history');
    expect(await within(history).findByText('Picked')).toBeTruthy();
    expect(within(history).getByText('QA result: Fail: 轮廓需要修改')).toBeTruthy();
    expect(within(history).getByText('Task status: Processing → Error')).toBeTruthy();
    expect(within(history).getByText('Upload')).toBeTruthy();
    expect(within(history).getByText('Completed')).toBeTruthy();
    expect(within(history).getAllByText('Ada Lovelace').length).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Release the task of DBN-03' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/tasks/03/release'))).toBe(true));
  });

  it('shows the history in Chinese (zh)', async () => {
    await renderTasks({ path: '/qaCenter/myTasks', locale: 'zh_cn' });
    const table = await screen.findByTestId('task-table');
    await within(table).findByText('DBN-03');
    expect(screen.getByText('我的任务')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'DBN-03 的任务详情' }));
    const history = await screen.findByTestId('task-history');
    expect(await within(history).findByText('上传')).toBeTruthy();
    expect(within(history).getByText('已完成')).toBeTruthy();
    expect(within(history).getByText('时间')).toBeTruthy();
    // Every log line in the reader's language: no English text, no raw codes (names and typed text aside).
    expect(within(history).getByText('质检结果：不通过：轮廓需要修改')).toBeTruthy();
    expect(within(history).getByText('退回至标注：轮廓需要修改')).toBeTruthy();
    const rows = Array.from(history.querySelectorAll('tbody tr'));
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      const text = (row.textContent ?? '').replace(/Ada Lovelace|Grace Hopper/g, '');
      expect(text).not.toMatch(/[A-Za-z]{2,}/);
      expect(text).not.toMatch(/QA_|PICKED|RESULT/);
    }
  });
});

describe('task stage center', () => {
  it('shows per-stage counts and the active stage rows; a count card filters by stage (en, zh)', async () => {
    const { calls } = await renderTasks({ path: '/dataFlowManagement/dataManagement' });
    const table = await screen.findByTestId('stage-center-table');
    await within(table).findByText('DBN-01');
    expect(within(table).getByText('Overtime')).toBeTruthy();
    const card = screen.getByTestId('stage-count-3');
    expect(within(card).getByText('Sort and remove')).toBeTruthy();
    expect(within(card).getByText('2')).toBeTruthy();
    fireEvent.click(screen.getByTestId('stage-count-4'));
    await waitFor(() => expect(lists(calls, '/tasks/stage-center').at(-1)!.query.get('taskStageType')).toBe('4'));
  });

  it('in Chinese', async () => {
    await renderTasks({ path: '/dataFlowManagement/dataManagement', locale: 'zh_cn' });
    // Titled like its menu entry.
    expect(await screen.findByRole('heading', { name: '数据管理' })).toBeTruthy();
    const table = screen.getByTestId('stage-center-table');
    await within(table).findByText('DBN-01');
    expect(within(table).getByText('超时')).toBeTruthy();
  });
});
