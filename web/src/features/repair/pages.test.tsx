import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorText } from './contracts';
import { MANAGER_RIGHTS, renderRepair } from './testing/render';
import { resetFakesAfterEach, sockets } from '@/test/fakeSocket';
import { CAMPAIGN, PARK, TECH, TURBINE, type Call } from './testing/fakeServer';
import { pickOption } from '@/test/antd';

vi.setConfig({ testTimeout: 60000 });

vi.mock('socket.io-client', () => import('@/test/fakeSocket'));

resetFakesAfterEach();

const writes = (calls: Call[], method: string, path: string) => calls.filter((c) => c.method === method && c.path === `/gw/repair/api/v2${path}`);
const gets = (calls: Call[], path: string) => calls.filter((c) => c.method === 'GET' && c.path === `/gw/repair/api/v2${path}`);

/** Opens an antd select by its aria-label and picks an option by text. */
async function pick(label: string, option: string) {
  // The label also names a sortable column header; the select is the one inside .ant-select.
  const combo = screen.getAllByLabelText(label).map((e) => e.closest('.ant-select')).find(Boolean)!;
  await pickOption(combo, option);
}

describe('repair configuration (repair-step templates)', () => {
  it('lists templates and creates one with its steps (en)', async () => {
    const { calls } = await renderRepair('/configuration/repairConfig');
    const table = await screen.findByTestId('templates-table');
    expect(await within(table).findByText('Leading edge')).toBeTruthy();
    expect(within(table).getAllByText('In use').length).toBe(2); // the column and the row's tag
    fireEvent.click(screen.getByTestId('template-new'));
    fireEvent.change(await screen.findByTestId('template-name'), { target: { value: 'Trailing edge' } });
    fireEvent.change(screen.getByTestId('step-name-0'), { target: { value: 'Clean' } });
    fireEvent.change(screen.getByTestId('step-description-0'), { target: { value: 'Clean the surface' } });
    fireEvent.click(screen.getByTestId('step-add'));
    fireEvent.change(await screen.findByTestId('step-name-1'), { target: { value: 'Fill' } });
    fireEvent.change(screen.getByTestId('step-description-1'), { target: { value: 'Fill the crack' } });
    fireEvent.click(screen.getByTestId('template-save'));
    await waitFor(() => expect(writes(calls, 'POST', '/templates').length).toBe(1));
    expect(writes(calls, 'POST', '/templates')[0]!.body).toEqual({
      name: 'Trailing edge',
      steps: [
        { name: 'Clean', description: 'Clean the surface' },
        { name: 'Fill', description: 'Fill the crack' },
      ],
    });
    expect(await within(table).findByText('Trailing edge')).toBeTruthy();
  });

  it('shows the server refusal -13004 in Chinese', async () => {
    await renderRepair('/configuration/repairConfig', {
      locale: 'zh_cn',
      refuse: { 'POST /templates': { status: 409, body: { code: -13004, message: 'dup' } } },
    });
    expect(await screen.findByText('维修配置')).toBeTruthy();
    fireEvent.click(screen.getByTestId('template-new'));
    fireEvent.change(await screen.findByTestId('template-name'), { target: { value: '模板' } });
    fireEvent.change(screen.getByTestId('step-name-0'), { target: { value: '打磨' } });
    fireEvent.change(screen.getByTestId('step-description-0'), { target: { value: '打磨表面' } });
    fireEvent.click(screen.getByTestId('template-save'));
    const alert = await screen.findByTestId('template-error');
    expect(alert.textContent).toContain(errorText(-13004, 'zh_cn'));
  });

  it('without repair rights the page says so and asks the server nothing', async () => {
    const { calls } = await renderRepair('/configuration/repairConfig', { rights: [] });
    expect(await screen.findByText('You have no access to this page.')).toBeTruthy();
    expect(gets(calls, '/templates').length).toBe(0);
  });
});

describe('repair plans', () => {
  it('creates a plan from defects of one park filtered by severity on the server', async () => {
    const { calls } = await renderRepair('/repairPlan/repairPlanList');
    await screen.findByTestId('plans-table');
    fireEvent.click(screen.getByTestId('plan-new'));
    await screen.findByTestId('plan-create');
    await pick('Wind park', 'Dogger Bank');
    await waitFor(() => expect(gets(calls, '/defects').at(-1)?.query.get('windFarmId')).toBeTruthy());
    // The turbine filter offers the park's turbines and goes to the server.
    await pick('Turbines', 'WTG-01');
    await waitFor(() => expect(gets(calls, '/defects').at(-1)?.query.get('turbineIds')).toBe(TURBINE));
    await pick('Severity', '4');
    await waitFor(() => expect(gets(calls, '/defects').at(-1)?.query.get('severities')).toBe('4'));
    const table = screen.getByTestId('candidate-table');
    await waitFor(() => expect(within(table).getAllByRole('checkbox').length).toBe(3));
    await waitFor(() => expect(table.querySelector('.ant-spin-spinning')).toBeNull());
    fireEvent.click(within(table).getAllByRole('checkbox')[0]!); // select all on the page
    expect(screen.getByTestId('plan-selected').textContent).toBe('2 defects selected');
    fireEvent.change(screen.getByTestId('plan-name'), { target: { value: 'Spring plan' } });
    fireEvent.click(screen.getByTestId('plan-submit'));
    await waitFor(() => expect(writes(calls, 'POST', '/plans').length).toBe(1));
    const body = writes(calls, 'POST', '/plans')[0]!.body as { name: string; defectIds: string[] };
    expect(body.name).toBe('Spring plan');
    expect(body.defectIds).toHaveLength(2);
    expect(await screen.findByTestId('plan-detail')).toBeTruthy();
    // The campaign form offers the park's O&M projects (with their dates), not an id to type.
    await waitFor(() => expect(gets(calls, '/om-projects').at(-1)?.query.get('windFarmId')).toBe(PARK));
    await pick('O&M project (optional)', 'O&M North (2026-04-01 – 2026-06-30)');
  });

  it('shows the 10,000-defect cap refusal translated (zh)', async () => {
    const { calls } = await renderRepair('/repairPlan/repairPlanList', {
      locale: 'zh_cn',
      refuse: { 'POST /plans': { status: 400, body: { code: 'REPAIR_PLAN_DEFECT_LIMIT', message: 'cap' } } },
    });
    fireEvent.click(await screen.findByTestId('plan-new'));
    await pick('风场', 'Dogger Bank');
    const table = screen.getByTestId('candidate-table');
    await waitFor(() => expect(within(table).getAllByRole('checkbox').length).toBe(4));
    // Rows chosen once the table has settled (a click while it reloads would be lost).
    await waitFor(() => expect(table.querySelector('.ant-spin-spinning')).toBeNull());
    for (const box of within(table).getAllByRole('checkbox').slice(1)) fireEvent.click(box);
    await waitFor(() => expect(screen.getByTestId('plan-selected').textContent).toBe('已选择 3 个缺陷'));
    fireEvent.change(screen.getByTestId('plan-name'), { target: { value: '大计划' } });
    fireEvent.click(screen.getByTestId('plan-submit'));
    await waitFor(() => expect(writes(calls, 'POST', '/plans').length).toBe(1));
    expect((await screen.findByTestId('plan-create-error')).textContent).toContain(errorText('REPAIR_PLAN_DEFECT_LIMIT', 'zh_cn'));
  });
});

describe('repair overview and campaign', () => {
  it('lists campaigns with progress, sorts on the server and refetches when the socket says a campaign changed', async () => {
    const { calls, setProgress } = await renderRepair('/repairPlan/repairCampaignList');
    const table = await screen.findByTestId('campaigns-table');
    expect(await within(table).findByText('April repairs')).toBeTruthy();
    expect(within(table).getByTestId('campaign-progress').getAttribute('data-progress')).toBe('0');
    fireEvent.click(within(table).getAllByText('Progress')[0]!);
    await waitFor(() => expect(gets(calls, '/campaigns').at(-1)!.query.get('fieldToSort')).toBe('progress'));
    expect(sockets.at(-1)!.options).toMatchObject({ options: { path: '/gw/repair/socket.io' } });
    setProgress(50);
    act(() => sockets.at(-1)!.fire('campaign.changed', { campaignId: CAMPAIGN }));
    await waitFor(() => expect(within(table).getByTestId('campaign-progress').getAttribute('data-progress')).toBe('50'));
  });

  it('grants a technician to the campaign and shows per-turbine progress', async () => {
    const { calls } = await renderRepair(`/repairPlan/repairCampaignDetails?campaignId=${CAMPAIGN}`);
    const turbines = await screen.findByTestId('turbine-table');
    expect(await within(turbines).findByText('WTG-01')).toBeTruthy();
    await pick('Grant technicians', 'Anna Tech');
    fireEvent.click(screen.getByTestId('technician-save'));
    await waitFor(() => expect(writes(calls, 'PUT', `/campaigns/${CAMPAIGN}/technicians`).length).toBe(1));
    expect(writes(calls, 'PUT', `/campaigns/${CAMPAIGN}/technicians`)[0]!.body).toEqual({ userIds: [TECH] });
  });

  it('asks for a report of the campaign from its screen (repair-campaigns report task), in Chinese', async () => {
    const { calls } = await renderRepair(`/repairPlan/repairCampaignDetails?campaignId=${CAMPAIGN}`, {
      locale: 'zh_cn',
      rights: [...MANAGER_RIGHTS, { key: 'image.export', value: true }],
    });
    fireEvent.click(await screen.findByTestId('report-button-repairCampaign'));
    expect(screen.getByTestId('report-button-repairCampaign').textContent).toContain('维修活动报告');
    fireEvent.click(await screen.findByTestId('report-submit'));
    await screen.findByTestId('report-queued');
    const posts = calls.filter((c) => c.method === 'POST' && c.path === `/report/api/v1/repair-campaigns/${CAMPAIGN}/report-tasks`);
    expect(posts.map((c) => c.body)).toEqual([{ format: 'pdf' }]);
  });

  it('has no report button without a report right', async () => {
    await renderRepair(`/repairPlan/repairCampaignDetails?campaignId=${CAMPAIGN}`);
    await screen.findByTestId('turbine-table');
    expect(screen.queryByTestId('report-button-repairCampaign')).toBeNull();
  });

  it('records repair work on a turbine: a distance beyond the blade is refused before sending, a valid one is sent', async () => {
    const { calls } = await renderRepair(`/repairPlan/repairTurbine?campaignId=${CAMPAIGN}&turbineId=${TURBINE}`);
    const table = await screen.findByTestId('work-table');
    await within(table).findByText('100001');
    fireEvent.click(within(table).getAllByTestId('record-open')[0]!);
    const distance = await screen.findByTestId('record-distance');
    fireEvent.change(distance, { target: { value: '70' } });
    fireEvent.click(screen.getByTestId('record-save'));
    expect(await screen.findByText(errorText(-13013, 'en_us'))).toBeTruthy();
    expect(writes(calls, 'POST', `/campaigns/${CAMPAIGN}/defects/ffffffff-0000-4000-8000-000000000001/records`).length).toBe(0);
    fireEvent.change(distance, { target: { value: '12.25' } });
    fireEvent.change(screen.getByTestId('record-comment'), { target: { value: 'sanded and filled' } });
    fireEvent.click(screen.getByTestId('record-save'));
    await waitFor(() => expect(writes(calls, 'POST', `/campaigns/${CAMPAIGN}/defects/ffffffff-0000-4000-8000-000000000001/records`).length).toBe(1));
    expect(writes(calls, 'POST', `/campaigns/${CAMPAIGN}/defects/ffffffff-0000-4000-8000-000000000001/records`)[0]!.body).toMatchObject({
      distanceToRoot: 12.25,
      outcome: 2,
      comment: 'sanded and filled',
    });
    // The record's history takes a before photo (multipart, with the bearer token).
    fireEvent.click(within(table).getAllByRole('button', { name: /expand/i })[0]!);
    const item = await screen.findByTestId('record-item');
    const input = within(item).getAllByTestId('photo-upload-before')[0]!.closest('.ant-upload')!.querySelector('input[type=file]')!;
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'before.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/records/r-1/photos'))).toBe(true));
    const upload = calls.find((c) => c.method === 'POST' && c.path.endsWith('/records/r-1/photos'))!;
    expect(upload.form!.get('kind')).toBe('before');
    expect(upload.headers?.Authorization).toBe('Bearer acc');
    expect((upload.form!.get('file') as File).name).toBe('before.jpg');
    expect(await screen.findByTestId('photo-before')).toBeTruthy();
  });
});
