import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorText } from './contracts';
import { ADMIN_RIGHTS, QA_RIGHTS, renderTasks } from './testing/render';
import { resetFakesAfterEach } from '@/test/fakeSocket';
import type { Call } from './testing/fakeServer';
import { pickOption } from '@/test/antd';

vi.setConfig({ testTimeout: 150000 });

vi.mock('socket.io-client', () => import('@/test/fakeSocket'));

resetFakesAfterEach();
afterEach(() => {
  vi.restoreAllMocks();
});

const gets = (calls: Call[], path: string) => calls.filter((c) => c.method === 'GET' && c.path.endsWith(path));
const writes = (calls: Call[], method: string, path: string) => calls.filter((c) => c.method === method && c.path.endsWith(path));

async function pick(container: HTMLElement, label: string, option: string) {
  await pickOption(within(container).getByLabelText(label), option);
}

describe('approval tasks', () => {
  it('lists the requests with the waiting count; filters and sorting go to the server (en)', async () => {
    const { calls } = await renderTasks({ path: '/deliveryManagement/approvalTasks', rights: ADMIN_RIGHTS });
    const table = await screen.findByTestId('approval-table');
    await within(table).findByText('DBN-03');
    expect(within(table).getByText('Images of blade C are blurred')).toBeTruthy();
    expect(within(table).getByText('Rejected')).toBeTruthy();
    expect(within(table).getByText('The tower images are fine')).toBeTruthy();
    expect(within(screen.getByTestId('approval-processing-count')).getByText('2')).toBeTruthy();
    expect(screen.getByText('2 waiting for a decision')).toBeTruthy();
    // Only waiting requests can be decided.
    expect(screen.queryByRole('button', { name: 'Decide on the request for DBN-07' })).toBeNull();

    const filters = screen.getByTestId('approval-filters');
    await pick(filters, 'Request status', 'Waiting');
    await pick(filters, 'Re-inspection status', 'Pending approval');
    await pick(filters, 'Organization', 'Sky Pilots');
    fireEvent.change(within(filters).getByLabelText('Turbine name'), { target: { value: ' DBN ' } });
    fireEvent.click(within(filters).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(gets(calls, '/approval-tasks').at(-1)!.query.get('requestStatus')).toBe('0'));
    const q = gets(calls, '/approval-tasks').at(-1)!.query;
    expect(q.get('reInspectionStatus')).toBe('1');
    expect(q.get('orgId')).toBe('o-1');
    expect(q.get('turbineName')).toBe('DBN');
    await waitFor(() => expect(within(table).queryByText('DBN-07')).toBeNull());
    fireEvent.click(within(table).getAllByText('Requested')[0]!);
    await waitFor(() => expect(gets(calls, '/approval-tasks').at(-1)!.query.get('fieldToSort')).toBe('requestTime'));
  });

  it('approving without reasons shows the error and sends nothing; with reasons it sends the decision', async () => {
    const { calls } = await renderTasks({ path: '/deliveryManagement/approvalTasks', rights: ADMIN_RIGHTS });
    await within(await screen.findByTestId('approval-table')).findByText('DBN-03');
    fireEvent.click(screen.getByRole('button', { name: 'Decide on the request for DBN-03' }));
    const dialog = await screen.findByTestId('decision-dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText(errorText('REINSPECTION_REASON_REQUIRED', 'en_us'))).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Decision comments'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(within(dialog).getAllByText(errorText('REINSPECTION_REASON_REQUIRED', 'en_us')).length).toBeGreaterThan(0));
    expect(writes(calls, 'PUT', '/approval-tasks/approve')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Decision comments'), { target: { value: 'Blade C must be flown again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(writes(calls, 'PUT', '/approval-tasks/approve')).toHaveLength(1));
    expect(writes(calls, 'PUT', '/approval-tasks/approve')[0]!.body).toEqual({
      inspectionId: 'insp-03',
      approved: true,
      processComments: 'Blade C must be flown again',
    });
  });

  it("shows the server's refusal translated (a request decided meanwhile)", async () => {
    await renderTasks({ path: '/deliveryManagement/approvalTasks', rights: ADMIN_RIGHTS });
    await within(await screen.findByTestId('approval-table')).findByText('DBN-08');
    fireEvent.click(screen.getByRole('button', { name: 'Decide on the request for DBN-08' }));
    const dialog = await screen.findByTestId('decision-dialog');
    fireEvent.change(within(dialog).getByLabelText('Decision comments'), { target: { value: 'Photos are there' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const refusal = await within(dialog).findByTestId('decision-refusal');
    expect(refusal.textContent).toContain(errorText('ILLEGAL_TRANSITION', 'en_us'));
  });

  it('speaks Chinese; without approval rights there is no list (zh)', async () => {
    const { calls, fetchMock } = await renderTasks({ path: '/deliveryManagement/approvalTasks', rights: ADMIN_RIGHTS, locale: 'zh_cn' });
    // Titled like its menu entry (待审批).
    expect(await screen.findByRole('heading', { name: '待审批' })).toBeTruthy();
    const table = screen.getByTestId('approval-table');
    await within(table).findByText('DBN-03');
    expect(within(table).getAllByText('待审批').length).toBe(2);
    expect(within(table).getByText('已驳回')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '审批 DBN-03 的复检申请' }));
    const dialog = await screen.findByTestId('decision-dialog');
    fireEvent.click(within(document.body).getByRole('button', { name: '批 准' }));
    expect(await within(dialog).findByText(errorText('REINSPECTION_REASON_REQUIRED', 'zh_cn'))).toBeTruthy();
    expect(writes(calls, 'PUT', '/approval-tasks/approve')).toHaveLength(0);
    expect(fetchMock).toHaveBeenCalled();
  });

  it('without approvalTasks rights: no access and no list call', async () => {
    const { calls } = await renderTasks({ path: '/deliveryManagement/approvalTasks', rights: QA_RIGHTS });
    expect(await screen.findByTestId('tasks-no-access')).toBeTruthy();
    expect(gets(calls, '/approval-tasks')).toHaveLength(0);
  });
});

describe('flow management', () => {
  it('edits a time limit: out-of-range minutes are refused in the form and not sent; a valid one is saved (en)', async () => {
    const { calls } = await renderTasks({ path: '/dataFlowManagement/flowManagement', rights: ADMIN_RIGHTS });
    const input = (await screen.findByLabelText('Time limit of Labeling in minutes')) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('2880'));
    const row = input.closest('tr')!;
    expect(within(row).getByText('2d')).toBeTruthy();
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('time-limits-save'));
    expect(await screen.findByText('Enter whole minutes from 1 to 525600')).toBeTruthy();
    fireEvent.change(input, { target: { value: '600000' } });
    fireEvent.click(screen.getByTestId('time-limits-save'));
    await waitFor(() => expect(screen.getAllByText('Enter whole minutes from 1 to 525600').length).toBeGreaterThan(0));
    expect(writes(calls, 'PUT', '/flow/time-limits')).toHaveLength(0);

    fireEvent.change(input, { target: { value: '90' } });
    await waitFor(() => expect(within(row).getByText('1h 30min')).toBeTruthy());
    fireEvent.click(screen.getByTestId('time-limits-save'));
    await waitFor(() => expect(writes(calls, 'PUT', '/flow/time-limits')).toHaveLength(1));
    expect(writes(calls, 'PUT', '/flow/time-limits')[0]!.body).toEqual({ limits: [{ taskStageType: 4, minutes: 90 }] });

    fireEvent.click(screen.getByTestId('overtime-check'));
    await waitFor(() => expect(writes(calls, 'POST', '/admin/overtime-check')).toHaveLength(1));
    expect(await screen.findByText('Overtime check done: 2 stages became overtime')).toBeTruthy();
  });

  it('is read only without dataManagement.edit, and there is no change-rate tab without its right', async () => {
    await renderTasks({ path: '/dataFlowManagement/flowManagement', rights: QA_RIGHTS });
    const table = await screen.findByTestId('time-limits-table');
    expect(await within(table).findAllByText('2880')).toHaveLength(2);
    expect(screen.queryByLabelText('Time limit of Labeling in minutes')).toBeNull();
    expect(screen.getByTestId('time-limits-readonly')).toBeTruthy();
    expect(screen.queryByTestId('overtime-check')).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Change rate statistics' })).toBeNull();
  });

  it("shows the customers' flow configs read only, pointing to the customer centre", async () => {
    await renderTasks({ path: '/dataFlowManagement/flowManagement?tab=flowConfigs', rights: ADMIN_RIGHTS });
    const table = await screen.findByTestId('flow-configs-table');
    expect(await within(table).findByText('North Sea Wind')).toBeTruthy();
    expect(within(table).getByText('Blade external')).toBeTruthy();
    expect(within(table).getByText('Stitching')).toBeTruthy();
    expect(within(table).getByText('Pre-label')).toBeTruthy();
    expect(within(table).getByText('No flow config: every inspection runs the mandatory stages only')).toBeTruthy();
    const link = within(screen.getByTestId('flow-configs-note')).getByText('Open the customers');
    expect(link.closest('a')!.getAttribute('href')).toBe('/configuration/userCenter?tab=customers');
  });

  it('shows change rates per labeler or reviewer and downloads the Excel export with the token', async () => {
    // jsdom has no object URLs: the saved Blob is handed to these.
    const created = vi.fn((_b: Blob) => 'blob:change-rate');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = await renderTasks({ path: '/dataFlowManagement/flowManagement?tab=changeRate', rights: ADMIN_RIGHTS });
    const table = await screen.findByTestId('change-rate-table');
    expect(await within(table).findByText('Ada Lovelace')).toBeTruthy();
    expect(within(table).getByText('40.0%')).toBeTruthy();
    expect(within(table).getByText('33.3%')).toBeTruthy();
    expect(gets(calls, '/statistics/change-rate')[0]!.query.get('groupBy')).toBe('labeler');
    fireEvent.click(screen.getByText('Reviewer', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(gets(calls, '/statistics/change-rate').at(-1)!.query.get('groupBy')).toBe('reviewer'));

    fireEvent.click(screen.getByTestId('change-rate-export'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const exported = gets(calls, '/statistics/change-rate/export')[0]!;
    expect(exported.query.get('groupBy')).toBe('reviewer');
    expect(exported.headers).toMatchObject({ Authorization: 'Bearer acc-token', locale: 'en_us' });
    expect(created).toHaveBeenCalled();
    expect(await created.mock.calls[0]![0].text()).toBe('xlsx-bytes');
  });

  it('speaks Chinese (zh)', async () => {
    await renderTasks({ path: '/dataFlowManagement/flowManagement', rights: ADMIN_RIGHTS, locale: 'zh_cn' });
    expect(await screen.findByText('流程管理')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '环节时限' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '变更率统计' })).toBeTruthy();
    const input = (await screen.findByLabelText('标注的时限（分钟）')) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('2880'));
    expect(within(input.closest('tr')!).getByText('2天')).toBeTruthy();
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('time-limits-save'));
    expect(await screen.findByText('请输入 1 到 525600 之间的整数分钟')).toBeTruthy();
  });
});
