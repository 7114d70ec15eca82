import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RightEntry } from '@/shared/contracts';
import { readySession, renderApp } from '@/test/renderApp';
import { assetFetch, type Call } from '@/test/fixtures/asset';
import { pickOption } from '@/test/antd';

configure({ asyncUtilTimeout: 20000 });

/** A socket double: the dashboard's handlers, and `push` plays the server. */
const sockets: { handlers: Record<string, (arg: unknown) => void>; closed: boolean }[] = [];
vi.mock('socket.io-client', () => ({
  io: () => {
    const s = { handlers: {} as Record<string, (arg: unknown) => void>, closed: false, on(ev: string, fn: (arg: unknown) => void) { s.handlers[ev] = fn; return s; }, close() { s.closed = true; } };
    sockets.push(s);
    return s;
  },
}));
afterEach(() => {
  vi.unstubAllGlobals();
  sockets.length = 0;
});

const grant = (...keys: string[]): RightEntry[] => keys.map((key) => ({ key, value: true }));

/** A fake delivery service: projects, activities and one DPR, with the refusals the tests need. */
class FakeDelivery {
  projects = [
    { projectId: 'pr-1', projectName: 'Dogger 2026', projectType: 1, subType: 1, serviceType: null, projectStatusType: 2, operation: false, operationProjectId: null, affiliatedProjectIds: [], customerId: null, customerName: 'North Sea Wind', organizationId: null, organizationName: null, windFarmIds: ['p-dogger'], windFarmName: 'Dogger Bank North', windFarms: [{ id: 'p-dogger', name: 'Dogger Bank North' }], internalTurbineIds: [], externalTurbineIds: ['t-1'], completedCount: 1, processingCount: 2, plannedVolume: 20, operators: [], projectStartTime: '2026-01-01T00:00:00.000Z', projectCompleteTime: null, projectUpdatedTime: '2026-02-01T00:00:00.000Z', defectTemplateId: null, dprTemplateId: null },
  ];
  activities = [{ activityId: 'a-1', name: 'Turbines flown', unit: 'turbines', templateCount: 1, updatedAt: '2026-01-01T00:00:00.000Z' }];
  dpr: Record<string, unknown> = { dprId: 'd-1', projectId: 'pr-1', projectName: 'Dogger 2026', campaignId: null, reportDate: '2026-06-01', status: 'SUBMITTED', items: [{ activityId: 'a-1', activityName: 'Turbines flown', unit: 'turbines', planned: 10, done: 8 }], weather: 'Windy', downtimeHours: 2, comments: null, photos: [], submittedBy: 'u', submittedByName: 'cm', reviewedByName: null, reviewedAt: null, reviewComment: null, updatedAt: '2026-06-01T00:00:00.000Z' };

  investigation = { campaignId: 'c-1', name: 'Leading edge check', windFarmId: 'p-dogger', windFarmName: 'Dogger Bank North', status: 2, defectIds: ['dd-1', 'dd-2'], resultCount: 0, createdAt: '2026-06-01T08:00:00.000Z', startedAt: '2026-06-02T08:00:00.000Z', completedAt: null, updatedAt: '2026-06-02T08:00:00.000Z' };
  investigationDefects: Array<Record<string, string | number | null>> = [
    { defectId: 'dd-1', defectNo: '000101', inspectionId: 'i', turbineId: 't1', turbineName: 'T01', bladePosition: 2, defectType: 'Erosion', severity: 3, result: null, notes: null, resultAt: null },
    { defectId: 'dd-2', defectNo: '000102', inspectionId: 'i', turbineId: 't2', turbineName: 'T02', bladePosition: 1, defectType: 'Crack', severity: 5, result: null, notes: null, resultAt: null },
  ];
  inspected = 3;
  photoCount = 0;
  respond = (c: Call): { status: number; body?: unknown } | undefined => {
    if (c.method === 'GET' && c.path === '/gw/project/api/v2/projects') return { status: 200, body: { results: this.projects, totalCount: this.projects.length } };
    if (c.method === 'POST' && c.path === '/gw/project/api/v2/projects') {
      const b = c.body as { projectStartTime?: string; projectCompleteTime?: string };
      if (b.projectStartTime && b.projectCompleteTime && b.projectStartTime > b.projectCompleteTime) return { status: 400, body: { code: -6000, message: 'The project time range is invalid.' } };
      if ((c.body as { affiliatedProjectIds?: string[] }).affiliatedProjectIds?.includes('pr-1')) return { status: 409, body: { code: -6005, message: 'x' } };
      return { status: 201, body: { ...this.projects[0], projectId: 'pr-2', ...(c.body as object) } };
    }
    if (c.method === 'PUT' && c.path === '/gw/project/api/v2/projects/pr-1') {
      this.projects = [{ ...this.projects[0]!, ...(c.body as object) }];
      return { status: 200, body: this.projects[0] };
    }
    if (c.method === 'GET' && c.path === '/gw/delivery/api/v2/dpr-activities') return { status: 200, body: { results: this.activities, totalCount: this.activities.length } };
    if (c.method === 'GET' && c.path === '/gw/delivery/api/v2/dpr-templates') return { status: 200, body: { results: [], totalCount: 0 } };
    if (c.method === 'DELETE' && c.path === '/gw/delivery/api/v2/dpr-activities/a-1') return { status: 409, body: { code: -8001, message: 'x' } };
    if (c.method === 'GET' && c.path === '/gw/delivery/api/v2/dprs/d-1') return { status: 200, body: this.dpr };
    if (c.method === 'GET' && c.path === '/gw/project/api/v2/investigation/plan/windParks') return { status: 200, body: [{ windFarmId: 'p-dogger', windFarmName: 'Dogger Bank North', poolDefectCount: 2, campaignCount: 0 }] };
    if (c.method === 'GET' && c.path === '/gw/project/api/v2/investigation/pool') {
      return { status: 200, body: { results: [{ defectId: 'dddddddd-1', inspectionId: 'i', turbineId: 't', turbineName: 'T01', windFarmId: 'p-dogger', severity: 4 }], totalCount: 1 } };
    }
    if (c.method === 'POST' && c.path === '/gw/project/api/v2/investigation/campaigns') {
      return { status: 409, body: { code: 'DEFECTS_IN_OTHER_INVESTIGATION_CAMPAIGN', message: 'x' } };
    }
    if (c.method === 'GET' && c.path === '/gw/project/api/v2/investigation/campaigns') return { status: 200, body: { results: [this.investigation], totalCount: 1 } };
    if (c.method === 'GET' && c.path === '/gw/project/api/v2/investigation/campaigns/c-1') return { status: 200, body: this.investigation };
    if (c.method === 'GET' && c.path === '/gw/project/api/v2/investigation/campaigns/c-1/defects') {
      const field = (c.query.get('fieldToSort') ?? 'severity') as 'severity';
      const rows = [...this.investigationDefects].sort((a, b) => (String(a[field] ?? '') < String(b[field] ?? '') ? -1 : 1) * (c.query.get('descending') === 'false' ? 1 : -1));
      return { status: 200, body: { results: rows, totalCount: rows.length } };
    }
    if (c.method === 'PUT' && c.path === '/gw/project/api/v2/investigation/campaigns/c-1/defects/dd-1') {
      if (this.investigation.status !== 2) return { status: 409, body: { code: 'INVESTIGATION_RESULT_NOT_EDITABLE', message: 'x' } };
      const d = this.investigationDefects[0]!;
      Object.assign(d, c.body);
      this.investigation = { ...this.investigation, resultCount: this.investigationDefects.filter((x) => x.result !== null).length };
      return { status: 200, body: d };
    }
    if (c.method === 'PUT' && c.path === '/gw/project/api/v2/investigation/campaigns/c-1/status') {
      this.investigation = { ...this.investigation, status: (c.body as { status: number }).status, startedAt: '2026-06-02T08:00:00.000Z' };
      return { status: 200, body: this.investigation };
    }
    if (c.method === 'GET' && c.path === '/gw/delivery/api/v2/progress/projects') {
      return { status: 200, body: { results: [{ projectId: 'pr-1', projectName: 'Dogger 2026', customerName: 'North Sea Wind', projectStatusType: 2, turbinesPlanned: 8, turbinesInspected: this.inspected, stages: [{ stage: 1, inspections: this.inspected }], dpr: [] }], totalCount: 1 } };
    }
    if (c.method === 'GET' && c.path === '/context/api/v1/projects/pr-1/summary') {
      return { status: 200, body: { projectId: 'pr-1', projectName: 'Dogger 2026', windFarms: [{ windFarmId: 'p-dogger', windFarmName: 'Dogger Bank North', turbineCount: 8, inspectedTurbineCount: this.inspected }] } };
    }
    if (c.method === 'GET' && c.path === '/gw/project/api/v2/campaigns') return { status: 200, body: { results: [], totalCount: 0 } };
    if (c.method === 'GET' && c.path === '/gw/delivery/api/v2/performance-statistics') {
      if ((c.query.get('from') ?? '') < '2026-01-01') // The real service fills {months} in the caller's language (the request's locale header).
        return { status: 400, body: { code: 'TIME_RANGE_TOO_LONG', message: '时间范围不能超过3个月。' } };
      return { status: 200, body: { from: c.query.get('from'), to: c.query.get('to'), rows: [{ organizationId: null, organizationName: 'Ops', projectId: 'pr-1', projectName: 'Dogger 2026', stage: 5, completed: 7 }], days: [{ day: '2026-06-01', completed: 7 }],
        people: [
          { userId: 'u-anna', userName: 'Anna Labeler', organizationId: 'o-1', organizationName: 'Blade Team', imagesSorted: 120, defectsLabeled: 9, stagesCompleted: 2, reviewsReceived: 2, reviewsPassed: 1, qaPassRate: 0.5, changeRate: 5 / 19, reviewsDone: 0, hoursSpent: 2 },
          { userId: 'u-rob', userName: 'Rob Reviewer', organizationId: null, organizationName: null, imagesSorted: 0, defectsLabeled: 0, stagesCompleted: 1, reviewsReceived: 0, reviewsPassed: 0, qaPassRate: null, changeRate: null, reviewsDone: 2, hoursSpent: 0.25 },
        ],
        teams: [{ organizationId: 'o-1', organizationName: 'Blade Team', people: 1, imagesSorted: 120, defectsLabeled: 9, stagesCompleted: 2, reviewsDone: 0, qaPassRate: 0.5, hoursSpent: 2 }] } };
    }
    if (c.method === 'POST' && c.path === '/gw/delivery/api/v2/dpr-photos') {
      const file = c.form?.get('file') as File | null;
      if (!file?.name.endsWith('.jpg')) return { status: 400, body: { code: -11003, message: 'x' } };
      return { status: 201, body: { photoId: `ph-${++this.photoCount}`, width: 40, height: 30 } };
    }
    if (c.method === 'GET' && c.path.startsWith('/gw/delivery/api/v2/dpr-photos/')) return { status: 200, body: {} };
    if (c.method === 'POST' && c.path === '/gw/delivery/api/v2/dprs') return { status: 201, body: { ...this.dpr, dprId: 'd-2', ...(c.body as object) } };
    if (c.method === 'PUT' && c.path === '/gw/delivery/api/v2/dprs/d-1/approve') {
      this.dpr = { ...this.dpr, status: 'APPROVED', reviewedByName: 'pm' };
      return { status: 200, body: this.dpr };
    }
    return undefined;
  };
}

async function open(path: string, rights: RightEntry[], locale: 'en_us' | 'zh_cn' = 'en_us') {
  localStorage.setItem('access_token', 'acc');
  const server = new FakeDelivery();
  const { fetchMock, calls } = assetFetch(server.respond);
  vi.stubGlobal('fetch', fetchMock);
  await renderApp({ path, locale, session: readySession({ accessDeniedModules: rights }) });
  return { server, calls };
}

describe('delivery screens', { timeout: 120000 }, () => {
  it('project list shows the server page; a new project with an inverted time range is refused with -6000 translated, and nothing is added', async () => {
    const { calls } = await open('/projectCenter/projectList', grant('projectCenter.show', 'projectCenter.edit'));
    const table = await screen.findByTestId('project-table');
    await waitFor(() => expect(within(table).getByText('Dogger 2026')).toBeTruthy());
    expect(within(table).getByText('Processing')).toBeTruthy();
    fireEvent.click(screen.getByTestId('project-new'));
    fireEvent.change(await screen.findByTestId('project-name'), { target: { value: 'Hornsea 2027' } });
    fireEvent.mouseDown(within(screen.getByTestId('project-subtype')).getByRole('combobox'));
    fireEvent.click((await screen.findAllByText('External 3', { selector: '.ant-select-item-option-content' })).pop()!);
    fireEvent.change(screen.getByTestId('project-start'), { target: { value: '2027-05-02' } });
    fireEvent.change(screen.getByTestId('project-end'), { target: { value: '2027-05-01' } });
    fireEvent.click(screen.getByTestId('project-save'));
    expect((await screen.findByTestId('delivery-error')).textContent).toContain('The project time range is invalid.');
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/gw/project/api/v2/projects');
    expect(posts.map((c) => c.body)).toEqual([
      { projectName: 'Hornsea 2027', subType: 3, windFarmIds: [], projectStartTime: '2027-05-02', projectCompleteTime: '2027-05-01', externalTurbineIds: [], internalTurbineIds: [], operation: false },
    ]);
    expect(within(table).queryByText('Hornsea 2027')).toBeNull();
  });

  it('DPR activity config: deleting an activity a template lists shows -8001 in Chinese', async () => {
    const { calls } = await open('/configuration/dprActivityConfig', grant('dprActivityConfig.show', 'dprActivityConfig.edit'), 'zh_cn');
    const table = await screen.findByTestId('activity-table');
    // The demo's activity name is a seeded text: the Chinese console shows it in Chinese.
    await waitFor(() => expect(within(table).getByText('已飞行风机')).toBeTruthy());
    fireEvent.click(within(table).getByTestId('activity-delete'));
    const confirms = await screen.findAllByRole('button', { name: /^删\s*除$/ });
    fireEvent.click(confirms[confirms.length - 1]!);
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/gw/delivery/api/v2/dpr-activities/a-1')).toBe(true));
    expect((await screen.findByTestId('dpr-config-error')).textContent).toBe('该活动已被模板引用，不能删除。');
    expect(within(table).getByText('已飞行风机')).toBeTruthy();
  });

  it('DPR submit: photos are uploaded at once (a refused one says why, in Chinese), can be removed, and the report carries their ids', async () => {
    const { calls } = await open('/deliveryManagement/dpr', grant('campaignManager.show', 'dpr.show'), 'zh_cn');
    await pickOption(await screen.findByTestId('dpr-project'), 'Dogger 2026');
    fireEvent.change(screen.getByTestId('dpr-date'), { target: { value: '2026-06-03' } });
    // The upload button's input is replaced after each pick: look it up each time.
    const input = () => screen.getByTestId('dpr-photos').querySelector('input[type=file]')!;
    const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });
    fireEvent.change(input(), { target: { files: [jpeg('a.jpg'), jpeg('b.jpg')] } });
    await waitFor(() => expect(screen.getAllByTestId('dpr-photo').map((e) => e.getAttribute('data-photo-id')).sort()).toEqual(['ph-1', 'ph-2']));
    // A file named .png that the service finds is not one (it checks the content): refused, said why.
    fireEvent.change(input(), { target: { files: [new File(['MZ'], 'c.png', { type: 'image/png' })] } });
    expect((await screen.findByTestId('dpr-photo-error')).textContent).toBe('仅支持JPG、JPEG或PNG格式的图片。');
    expect(screen.getAllByTestId('dpr-photo')).toHaveLength(2);
    fireEvent.click(within(screen.getAllByTestId('dpr-photo').find((e) => e.getAttribute('data-photo-id') === 'ph-1')!).getByTestId('dpr-photo-remove'));
    fireEvent.click(screen.getByTestId('dpr-submit'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.path === '/gw/delivery/api/v2/dprs')).toHaveLength(1));
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/gw/delivery/api/v2/dprs')!.body as { photos: string[]; reportDate: string };
    expect([sent.reportDate, sent.photos]).toEqual(['2026-06-03', ['ph-2']]);
  });

  it('DPR detail: an approver approves a submitted report and the buttons go away', async () => {
    const { calls } = await open('/deliveryManagement/dprList/dprDetail?id=d-1', grant('dpr.show', 'dpr.approve'));
    await waitFor(() => expect(screen.getByTestId('dpr-status').textContent).toBe('Submitted'));
    fireEvent.click(screen.getByTestId('dpr-approve'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT' && c.path === '/gw/delivery/api/v2/dprs/d-1/approve').length).toBe(1));
    await waitFor(() => expect(screen.getByTestId('dpr-status').textContent).toBe('Approved'));
    expect(screen.queryByTestId('dpr-approve')).toBeNull();
  });

  it('without the rights the pages say so', async () => {
    await open('/projectCenter/projectList', grant('menu.myAsset'));
    expect(await screen.findByTestId('delivery-no-access')).toBeTruthy();
  });

  it('progress dashboard: a pushed change refetches, so the card moves without reload', async () => {
    const { server, calls } = await open('/deliveryManagement/progressDashboard', grant('progressDashboard.show'));
    const card = await screen.findByTestId('progress-pr-1');
    await waitFor(() => expect(within(card).getAllByText('3').length).toBeGreaterThan(0));
    const gets = () => calls.filter((c) => c.path === '/gw/delivery/api/v2/progress/projects').length;
    const before = gets();
    server.inspected = 5;
    sockets.at(-1)!.handlers['progress.changed']!({ projectId: 'pr-1' });
    await waitFor(() => expect(gets()).toBe(before + 1));
    await waitFor(() => expect(within(screen.getByTestId('progress-pr-1')).getAllByText('5').length).toBeGreaterThan(0));
  });

  it('performance statistics: per person and per project and stage; a range over 3 months shows the spec message in Chinese', async () => {
    await open('/deliveryManagement/performanceStatistics', grant('performanceStatistics.show'), 'zh_cn');
    const table = await screen.findByTestId('stats-table');
    await waitFor(() => expect(within(table).getByText('Dogger 2026')).toBeTruthy());
    expect(within(table).getByText('标注质检')).toBeTruthy();
    // Per person: the figures task-flow's stage events carry, pass rate as a bar, no team said so.
    const people = screen.getByTestId('stats-people');
    const anna = within(people).getByText('Anna Labeler').closest('tr')!;
    expect(within(anna).getByText('Blade Team')).toBeTruthy();
    expect(within(anna).getByText('120')).toBeTruthy();
    expect(within(anna).getByText('50%')).toBeTruthy();
    expect(within(anna).getByText('26.3%')).toBeTruthy();
    const rob = within(people).getByText('Rob Reviewer').closest('tr')!;
    expect(within(rob).getByText('无组织')).toBeTruthy();
    expect(within(rob).getByText('0.25')).toBeTruthy();
    expect(screen.getByTestId('stats-people-chart')).toBeTruthy();
    fireEvent.change(screen.getByTestId('stats-from'), { target: { value: '2025-01-01' } });
    expect((await screen.findByTestId('stats-error')).textContent).toBe('时间范围不能超过3个月。');
  });

  it('investigation pool: selected defects become a campaign request; the one-campaign refusal is shown', async () => {
    const { calls } = await open('/inspection/investigation/list', grant('investigation.pool', 'investigation.edit'));
    const pool = await screen.findByTestId('investigation-pool');
    await waitFor(() => expect(within(pool).getByText('T01')).toBeTruthy());
    fireEvent.click(within(pool).getAllByRole('checkbox').pop()!);
    fireEvent.change(screen.getByTestId('investigation-name'), { target: { value: 'Cracks' } });
    fireEvent.click(screen.getByTestId('investigation-create'));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST' && c.path === '/gw/project/api/v2/investigation/campaigns').map((c) => c.body)).toEqual([
        { name: 'Cracks', windFarmId: 'p-dogger', defectIds: ['dddddddd-1'] },
      ]),
    );
    expect((await screen.findByTestId('investigation-error')).textContent).toBe('The defects already exist in another investigation campaign and cannot be added again.');
  });

  it('project details: per-park turbines inspected, refetched when delivery pushes a change', async () => {
    const { server } = await open('/deliveryManagement/progressDashboard/projectDetails?projectId=pr-1', grant('progressDashboard.show'));
    const parks = await screen.findByTestId('details-parks');
    await waitFor(() => expect(within(parks).getByText('3 / 8')).toBeTruthy());
    expect(sockets.length).toBe(1);
    server.inspected = 4;
    sockets.at(-1)!.handlers['progress.changed']!({ projectId: 'pr-1' });
    await waitFor(() => expect(within(screen.getByTestId('details-parks')).getByText('4 / 8')).toBeTruthy());
    expect(sockets.length).toBe(1);
  });

  it('investigation campaign detail: header, server-sorted defects, an outcome and notes recorded per defect', async () => {
    const { calls } = await open('/inspection/investigation/campaign/campaignDetail?id=c-1', grant('investigation.campaign', 'investigation.edit'));
    expect((await screen.findByTestId('investigation-title')).textContent).toBe('Leading edge check');
    const header = screen.getByTestId('investigation-header');
    expect(within(header).getByText('Dogger Bank North')).toBeTruthy();
    expect(screen.getByTestId('investigation-status').textContent).toBe('Under investigation');
    expect(within(header).getByText('2026-06-02')).toBeTruthy();
    // Under investigation may go back or be finished (contracts nextInvestigationStatuses).
    expect(screen.getByTestId('investigation-to-1').textContent).toBe('Back to to be investigated');
    expect(screen.getByTestId('investigation-to-3').textContent).toBe('Mark investigated');
    const table = screen.getByTestId('investigation-defects');
    await waitFor(() => expect(within(table).getByText('000101')).toBeTruthy());
    expect(within(table).getByText('Blade 2')).toBeTruthy();
    expect(screen.getByTestId('investigation-defect-dd-1').getAttribute('href')).toBe('#/viewDefect?defectId=dd-1');
    expect(within(table).getByText('Crack')).toBeTruthy();
    // Sorting asks the server.
    fireEvent.click(within(table).getByText('Turbine'));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/campaigns/c-1/defects') && c.query.get('fieldToSort') === 'turbineName')).toBe(true));
    // An outcome: the select sends it and the header counts it.
    fireEvent.mouseDown(within(screen.getByTestId('investigation-result-dd-1')).getByRole('combobox'));
    fireEvent.click((await screen.findAllByText('Confirmed', { selector: '.ant-select-item-option-content' })).pop()!);
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT' && c.path.endsWith('/defects/dd-1')).map((c) => c.body)).toEqual([{ result: 1 }]),
    );
    await waitFor(() => expect(screen.getByTestId('investigation-result-count').textContent).toBe('1 of 2 defects'));
    // Notes in the modal.
    fireEvent.click(screen.getByTestId('investigation-notes-dd-1'));
    fireEvent.change(await screen.findByTestId('investigation-notes-text'), { target: { value: 'Seen from the rope team' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT' && c.path.endsWith('/defects/dd-1')).map((c) => c.body)).toContainEqual({ notes: 'Seen from the rope team' }));
    await waitFor(() => expect(within(screen.getByTestId('investigation-defects')).getByText('Seen from the rope team')).toBeTruthy());
    // Back to the list.
    expect(screen.getByTestId('investigation-back').getAttribute('href')).toBe('/inspection/investigation/campaign');
  });

  it('investigation campaign detail in Chinese: a campaign not started says outcomes wait; starting it sends status 2', async () => {
    localStorage.setItem('access_token', 'acc');
    const server = new FakeDelivery();
    server.investigation = { ...server.investigation, status: 1, startedAt: null as unknown as string };
    const { fetchMock, calls } = assetFetch(server.respond);
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/inspection/investigation/campaign/campaignDetail?id=c-1', locale: 'zh_cn', session: readySession({ accessDeniedModules: grant('investigation.campaign', 'investigation.edit') }) });
    expect((await screen.findByTestId('investigation-status')).textContent).toBe('待调查');
    expect(screen.getByTestId('investigation-hint').textContent).toBe('开始调查后才能记录调查结果。');
    expect(screen.queryByTestId('investigation-result-dd-1')).toBeNull();
    await waitFor(() => expect(within(screen.getByTestId('investigation-defects')).getAllByText('未记录').length).toBe(2));
    fireEvent.click(screen.getByTestId('investigation-to-2'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT' && c.path.endsWith('/campaigns/c-1/status')).map((c) => c.body)).toEqual([{ status: 2 }]));
    await waitFor(() => expect(screen.getByTestId('investigation-status').textContent).toBe('调查中'));
    expect(await screen.findByTestId('investigation-result-dd-1')).toBeTruthy();
  });

  it('investigation campaigns list links each campaign to its detail', async () => {
    await open('/inspection/investigation/campaign', grant('investigation.campaign'));
    const link = await screen.findByTestId('investigation-open');
    expect(link.getAttribute('href')).toBe('/inspection/investigation/campaign/campaignDetail?id=c-1');
  });

  it('project form: turbine lists of the chosen wind farms are edited and sent', async () => {
    const { calls } = await open('/projectCenter/projectList', grant('projectCenter.show', 'projectCenter.edit', 'operationProject.edit'));
    const table = await screen.findByTestId('project-table');
    await waitFor(() => expect(within(table).getByText('Dogger 2026')).toBeTruthy());
    fireEvent.click(within(table).getByTestId('project-edit'));
    // The external list holds DBN-01 already; add DBN-02 to the internal one.
    const external = await screen.findByTestId('project-external-turbines');
    await waitFor(() => expect(within(external).getByText('DBN-01')).toBeTruthy());
    fireEvent.mouseDown(within(screen.getByTestId('project-internal-turbines')).getByRole('combobox'));
    fireEvent.click((await screen.findAllByText('DBN-02', { selector: '.ant-select-item-option-content' })).pop()!);
    fireEvent.click(screen.getByTestId('project-save'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT' && c.path === '/gw/project/api/v2/projects/pr-1').length).toBe(1));
    const put = calls.find((c) => c.method === 'PUT' && c.path === '/gw/project/api/v2/projects/pr-1')!.body as Record<string, unknown>;
    expect([put.externalTurbineIds, put.internalTurbineIds, put.windFarmIds]).toEqual([['t-1'], ['t-2'], ['p-dogger']]);
    expect(put.affiliatedProjectIds).toBeUndefined();
  });

  it('project form: a new O&M project names its affiliated inspection projects; -6005 is shown', async () => {
    const { calls } = await open('/projectCenter/projectList', grant('projectCenter.show', 'projectCenter.edit', 'operationProject.edit'));
    const table = await screen.findByTestId('project-table');
    await waitFor(() => expect(within(table).getByText('Dogger 2026')).toBeTruthy());
    fireEvent.click(screen.getByTestId('project-new'));
    fireEvent.change(await screen.findByTestId('project-name'), { target: { value: 'O&M North' } });
    fireEvent.mouseDown(within(screen.getByTestId('project-subtype')).getByRole('combobox'));
    fireEvent.click((await screen.findAllByText('External 1', { selector: '.ant-select-item-option-content' })).pop()!);
    fireEvent.click(screen.getByTestId('project-operation'));
    const affiliated = await screen.findByTestId('project-affiliated');
    fireEvent.mouseDown(within(affiliated).getByRole('combobox'));
    fireEvent.click((await screen.findAllByText('Dogger 2026', { selector: '.ant-select-item-option-content' })).pop()!);
    fireEvent.click(screen.getByTestId('project-save'));
    expect((await screen.findByTestId('delivery-error')).textContent).toBe('Only one O&M project can be associated.');
    const post = calls.filter((c) => c.method === 'POST' && c.path === '/gw/project/api/v2/projects').pop()!.body as Record<string, unknown>;
    expect([post.operation, post.affiliatedProjectIds]).toEqual([true, ['pr-1']]);
  });
});
