import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorText } from './contracts';
import { todayUtc } from './logic';
import { renderTasks, ADMIN_RIGHTS } from './testing/render';
import { resetFakesAfterEach, sockets } from '@/test/fakeSocket';
import { taskItem } from '@/test/fixtures/task';
import type { Call } from './testing/fakeServer';
import { pickOption } from '@/test/antd';

vi.setConfig({ testTimeout: 150000 });

vi.mock('socket.io-client', () => import('@/test/fakeSocket'));

resetFakesAfterEach();
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const gets = (calls: Call[], path: string) => calls.filter((c) => c.method === 'GET' && c.path.endsWith(path));
const writes = (calls: Call[], method: string, path: string) => calls.filter((c) => c.method === method && c.path.endsWith(path));

/** Opens an antd select by its label (inside `container`) and picks an option by text. */
async function pick(label: string, option: string, container: HTMLElement = document.body) {
  await pickOption(within(container).getByLabelText(label), option);
}

/** Opens a row's "Manage" menu and clicks an entry. */
async function manage(turbine: string, entry: string) {
  fireEvent.click(screen.getByRole('button', { name: `Manage the task of ${turbine}` }));
  fireEvent.click(await screen.findByText(entry));
}

describe("today's tasks", () => {
  it('shows the day summary and the tasks created or completed today; kind and day go to the server (en)', async () => {
    const { calls } = await renderTasks({ path: '/qaCenter/todayTasks' });
    const table = await screen.findByTestId('task-table');
    await within(table).findByText('DBN-01');
    expect(within(table).getByText('DBN-05')).toBeTruthy();
    expect(within(table).getByText('Completed', { selector: '.ant-tag' })).toBeTruthy();
    // Titled like its menu entry.
    expect(screen.getByRole('heading', { name: "Today's Tasks" })).toBeTruthy();
    const summary = screen.getByTestId('task-summary');
    await waitFor(() => expect(within(summary).getByText('7')).toBeTruthy());
    expect(within(summary).getByText('New today')).toBeTruthy();
    const today = todayUtc();
    expect(gets(calls, '/tasks/today')[0]!.query.get('kind')).toBe('all');
    expect(gets(calls, '/tasks/today')[0]!.query.get('date')).toBe(today);

    fireEvent.click(screen.getByText('Completed', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(gets(calls, '/tasks/today').at(-1)!.query.get('kind')).toBe('completed'));
    await waitFor(() => expect(within(table).queryByText('DBN-01')).toBeNull());

    // Another day: the list and the summary of that day.
    const input = within(screen.getByTestId('page-todayTasks')).getByPlaceholderText('Select date');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '2026-11-19' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(gets(calls, '/tasks/today').at(-1)!.query.get('date')).toBe('2026-11-19'));
    await waitFor(() => expect(gets(calls, '/dashboard-summary').at(-1)!.query.get('date')).toBe('2026-11-19'));
    expect(await within(summary).findByText('New on 2026-11-19')).toBeTruthy();
  });

  it('stays live: a task created today refetches the list, a row on the page changes in place', async () => {
    const { calls } = await renderTasks({ path: '/qaCenter/todayTasks' });
    const table = await screen.findByTestId('task-table');
    await within(table).findByText('DBN-01');
    const before = gets(calls, '/tasks/today').length;
    const now = new Date().toISOString();
    // DBN-01 picked elsewhere: still created today, so it stays with its new handler and no refetch.
    await act(async () =>
      sockets.at(-1)!.fire(
        'task.changed',
        taskItem({
          taskId: '01',
          version: 30,
          createTime: `${todayUtc()}T07:00:00.000Z`,
          handlebyIds: ['u-7'],
          handlebyNames: ['Grace Hopper'],
        }),
      ),
    );
    expect(await within(table).findByText('Grace Hopper')).toBeTruthy();
    expect(gets(calls, '/tasks/today').length).toBe(before);
    await act(async () => sockets.at(-1)!.fire('task.changed', taskItem({ taskId: '42', version: 31, createTime: now })));
    await waitFor(() => expect(gets(calls, '/tasks/today').length).toBeGreaterThan(before));
  });

  it('speaks Chinese (zh)', async () => {
    await renderTasks({ path: '/qaCenter/todayTasks', locale: 'zh_cn' });
    expect(await screen.findByText('今日任务')).toBeTruthy();
    await within(screen.getByTestId('task-table')).findByText('DBN-01');
    expect(screen.getByText('新增或完成')).toBeTruthy();
    expect(screen.getByText('今日新增')).toBeTruthy();
    expect(screen.getByText('日期按 UTC 计算。')).toBeTruthy();
  });
});

describe('task history', () => {
  it('lists every task with all SPEC §3 filters sent to the server and server sorting (en)', async () => {
    const { calls } = await renderTasks({ path: '/qaCenter/history' });
    const table = await screen.findByTestId('task-table');
    await within(table).findByText('DBN-05');
    expect(within(table).getByText('Completed')).toBeTruthy();
    expect(within(table).getByText('Error')).toBeTruthy();
    const filters = screen.getByTestId('task-filters');
    await pick('Handler', 'Ada Lovelace (ada)', filters);
    await pick('Organization', 'Sky Pilots', filters);
    await pick('Inspection staff', 'Pilot One (pilot-one)', filters);
    await pick('Project type', 'Import', filters);
    await pick('Status', 'Completed', filters);
    fireEvent.change(screen.getByLabelText('Turbine name'), { target: { value: 'DBN' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(gets(calls, '/task/api/v2/tasks').at(-1)!.query.get('handleByUserId')).toBe('u-1'));
    const q = gets(calls, '/task/api/v2/tasks').at(-1)!.query;
    expect(q.get('organizationId')).toBe('o-1');
    expect(q.get('inspectionStaffId')).toBe('pi-1');
    expect(q.get('projectType')).toBe('4');
    expect(q.get('taskStatusType')).toBe('2');
    expect(q.get('turbineName')).toBe('DBN');
    fireEvent.click(within(table).getAllByText('Organization')[0]!);
    await waitFor(() => expect(gets(calls, '/task/api/v2/tasks').at(-1)!.query.get('fieldToSort')).toBe('organizationName'));
  });

  it('a row opens the details with history, logs and QA results (en)', async () => {
    await renderTasks({ path: '/qaCenter/history' });
    const table = await screen.findByTestId('task-table');
    fireEvent.click(await within(table).findByText('DBN-05'));
    const detail = await screen.findByTestId('task-detail');
    expect(await within(within(detail).getByTestId('task-history')).findByText('Picked')).toBeTruthy();
    fireEvent.click(within(detail).getByRole('tab', { name: 'Logs' }));
    const logs = await within(detail).findByTestId('task-logs');
    expect(await within(logs).findByText('flight-0001.bag')).toBeTruthy();
    expect(within(logs).getByText('rosbag')).toBeTruthy();
    expect(within(logs).getByText('DR-7')).toBeTruthy();
    fireEvent.click(within(detail).getByRole('tab', { name: 'QA results' }));
    const qa = await within(detail).findByTestId('task-qa-results');
    expect(await within(qa).findByText('Crack on blade B missed')).toBeTruthy();
    expect(within(qa).getByText('Fail')).toBeTruthy();
    expect(within(qa).getByText('+2 −1 ~3 ✓10')).toBeTruthy();
    fireEvent.click(within(detail).getByRole('tab', { name: 'Labeling history' }));
    expect(await within(await within(detail).findByTestId('task-labeling-history')).findByText('Pick')).toBeTruthy();
  });

  it('speaks Chinese, the details too (zh)', async () => {
    await renderTasks({ path: '/qaCenter/history', locale: 'zh_cn' });
    expect(await screen.findByText('任务历史')).toBeTruthy();
    const table = screen.getByTestId('task-table');
    fireEvent.click(await within(table).findByText('DBN-05'));
    const detail = await screen.findByTestId('task-detail');
    fireEvent.click(within(detail).getByRole('tab', { name: '质检结果' }));
    const qa = await within(detail).findByTestId('task-qa-results');
    expect(await within(qa).findByText('不通过')).toBeTruthy();
    expect(within(qa).getByText('标注质检')).toBeTruthy();
  });
});

describe('my tasks: work, QA result, re-inspection', () => {
  it('opens the work tool of the current stage in a new tab through the window-open handoff', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    await renderTasks({ path: '/qaCenter/myTasks' });
    await within(await screen.findByTestId('task-table')).findByText('DBN-03');
    fireEvent.click(screen.getByRole('button', { name: 'Open the work of DBN-03 in a new tab' }));
    expect(open).toHaveBeenCalledWith('#/middlePage/windowOpen', '_blank');
    expect(JSON.parse(localStorage.getItem('window_open_handoff')!)).toMatchObject({ path: '/labeling', query: { taskId: '03' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open the work of DBN-04 in a new tab' }));
    expect(JSON.parse(localStorage.getItem('window_open_handoff')!)).toMatchObject({
      path: '/labeling',
      query: { taskId: '04', mode: 'review' },
    });
  });

  it('a failing QA result needs reasons before anything is sent; then it posts result, stage and counts', async () => {
    const { calls } = await renderTasks({ path: '/qaCenter/myTasks' });
    await within(await screen.findByTestId('task-table')).findByText('DBN-04');
    // Only the review stage offers a QA result; only labeling offers re-inspection.
    expect(screen.queryByRole('button', { name: 'Record the QA result of DBN-03' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request re-inspection of DBN-04' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Record the QA result of DBN-04' }));
    const form = await screen.findByTestId('qa-form');
    fireEvent.click(within(form).getByLabelText('Fail'));
    fireEvent.click(screen.getByRole('button', { name: 'Save result' }));
    expect(await screen.findByText(errorText('QA_FAIL_REASON_REQUIRED', 'en_us'))).toBeTruthy();
    expect(writes(calls, 'POST', '/tasks/04/qa')).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('Comments'), { target: { value: 'Crack missed' } });
    fireEvent.change(within(form).getByLabelText('Added'), { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText('Correct'), { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save result' }));
    await waitFor(() => expect(writes(calls, 'POST', '/tasks/04/qa')).toHaveLength(1));
    expect(writes(calls, 'POST', '/tasks/04/qa')[0]!.body).toEqual({
      result: 3,
      comments: 'Crack missed',
      stage: 5,
      counts: { added: 2, deleted: 0, modified: 0, correct: 9 },
    });
  });

  it('re-inspection needs reasons, then posts them (en); the dialog speaks Chinese (zh)', async () => {
    const { calls } = await renderTasks({ path: '/qaCenter/myTasks' });
    await within(await screen.findByTestId('task-table')).findByText('DBN-03');
    fireEvent.click(screen.getByRole('button', { name: 'Request re-inspection of DBN-03' }));
    await screen.findByTestId('reinspection-form');
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Give the reasons for the re-inspection')).toBeTruthy();
    expect(writes(calls, 'POST', '/reinspection')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Why must the turbine be inspected again?'), { target: { value: ' Blurred images ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(writes(calls, 'POST', '/tasks/03/reinspection')).toHaveLength(1));
    expect(writes(calls, 'POST', '/tasks/03/reinspection')[0]!.body).toEqual({ requestComments: 'Blurred images' });
  });

  it('in Chinese the actions and the QA dialog are translated (zh)', async () => {
    await renderTasks({ path: '/qaCenter/myTasks', locale: 'zh_cn' });
    await within(await screen.findByTestId('task-table')).findByText('DBN-04');
    expect(screen.getAllByText('作业').length).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: '记录 DBN-04 的质检结果' }));
    const form = await screen.findByTestId('qa-form');
    expect(within(form).getByText('有条件通过')).toBeTruthy();
    fireEvent.click(within(form).getByLabelText('不通过'));
    fireEvent.click(screen.getByRole('button', { name: '保存结果' }));
    expect(await screen.findByText(errorText('QA_FAIL_REASON_REQUIRED', 'zh_cn'))).toBeTruthy();
  });
});

describe('admin actions', () => {
  it('assigns a pool task to a task handler', async () => {
    const { calls } = await renderTasks({ path: '/qaCenter/taskPool', rights: ADMIN_RIGHTS });
    await within(await screen.findByTestId('task-table')).findByText('DBN-01');
    await manage('DBN-01', 'Assign handler…');
    const dialog = await screen.findByTestId('assign-dialog');
    expect(dialog).toBeTruthy();
    await pick('Handler', 'Data Admin (data-admin)');
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(writes(calls, 'PUT', '/tasks/01/handler')).toHaveLength(1));
    expect(writes(calls, 'PUT', '/tasks/01/handler')[0]!.body).toEqual({ userId: 'u-2' });
    // Only people who work on the task's customer and park are offered (docs/roles.md).
    const offered = gets(calls, '/users/task-handlers').at(-1)!;
    expect(offered.query.get('customerId')).toBe('c-1');
    expect(offered.query.get('windFarmId')).toBe('p-1');
  });

  it('terminates only after confirmation; without dataManagement.edit there is no manage menu', async () => {
    const { calls } = await renderTasks({ path: '/qaCenter/taskPool', rights: ADMIN_RIGHTS });
    await within(await screen.findByTestId('task-table')).findByText('DBN-02');
    await manage('DBN-02', 'Terminate…');
    expect((await screen.findAllByText('Terminate the task of DBN-02?')).length).toBeGreaterThan(0);
    expect(writes(calls, 'PUT', '/status')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(writes(calls, 'PUT', '/tasks/02/status')).toHaveLength(1));
    expect(writes(calls, 'PUT', '/tasks/02/status')[0]!.body).toEqual({ status: 5 });
  });

  it('a pool without the admin right has no manage menu', async () => {
    await renderTasks({ path: '/qaCenter/taskPool' });
    await within(await screen.findByTestId('task-table')).findByText('DBN-01');
    expect(screen.queryByRole('button', { name: 'Manage the task of DBN-01' })).toBeNull();
  });

  it('retries a stage in error from the data management page', async () => {
    const { calls } = await renderTasks({ path: '/dataFlowManagement/dataManagement', rights: ADMIN_RIGHTS });
    await within(await screen.findByTestId('stage-center-table')).findByText('DBN-06');
    await manage('DBN-06', 'Retry Stitching');
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(writes(calls, 'POST', '/tasks/06/stages/6/retry')).toHaveLength(1));
  });
});
