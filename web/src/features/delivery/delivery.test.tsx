import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RightEntry } from '@/shared/contracts';
import { readySession, renderApp } from '@/test/renderApp';
import { assetFetch, type Call } from '@/test/fixtures/asset';

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
    { projectId: 'pr-1', projectName: 'Dogger 2026', projectType: 1, subType: 1, serviceType: null, projectStatusType: 2, operation: false, operationProjectId: null, affiliatedProjectIds: [], customerId: null, customerName: 'North Sea Wind', organizationId: null, organizationName: null, windFarmIds: [], windFarmName: 'Dogger Bank North', windFarms: [], internalTurbineIds: [], externalTurbineIds: [], completedCount: 1, processingCount: 2, plannedVolume: 20, operators: [], projectStartTime: '2026-01-01T00:00:00.000Z', projectCompleteTime: null, projectUpdatedTime: '2026-02-01T00:00:00.000Z', defectTemplateId: null, dprTemplateId: null },
  ];
  activities = [{ activityId: 'a-1', name: 'Turbines flown', unit: 'turbines', templateCount: 1, updatedAt: '2026-01-01T00:00:00.000Z' }];
  dpr: Record<string, unknown> = { dprId: 'd-1', projectId: 'pr-1', projectName: 'Dogger 2026', campaignId: null, reportDate: '2026-06-01', status: 'SUBMITTED', items: [{ activityId: 'a-1', activityName: 'Turbines flown', unit: 'turbines', planned: 10, done: 8 }], weather: 'Windy', downtimeHours: 2, comments: null, photos: [], submittedBy: 'u', submittedByName: 'cm', reviewedByName: null, reviewedAt: null, reviewComment: null, updatedAt: '2026-06-01T00:00:00.000Z' };

  inspected = 3;
  respond = (c: Call): { status: number; body?: unknown } | undefined => {
    if (c.method === 'GET' && c.path === '/gw/project/api/v2/projects') return { status: 200, body: { results: this.projects, totalCount: this.projects.length } };
    if (c.method === 'POST' && c.path === '/gw/project/api/v2/projects') {
      const b = c.body as { projectStartTime?: string; projectCompleteTime?: string };
      if (b.projectStartTime && b.projectCompleteTime && b.projectStartTime > b.projectCompleteTime) return { status: 400, body: { code: -6000, message: 'The project time range is invalid.' } };
      return { status: 201, body: { ...this.projects[0], projectId: 'pr-2', ...(c.body as object) } };
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
      return { status: 200, body: { from: c.query.get('from'), to: c.query.get('to'), rows: [{ organizationId: null, organizationName: 'Ops', projectId: 'pr-1', projectName: 'Dogger 2026', stage: 5, completed: 7 }], days: [{ day: '2026-06-01', completed: 7 }] } };
    }
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
    expect(posts.map((c) => c.body)).toEqual([{ projectName: 'Hornsea 2027', subType: 3, windFarmIds: [], projectStartTime: '2027-05-02', projectCompleteTime: '2027-05-01', operation: false }]);
    expect(within(table).queryByText('Hornsea 2027')).toBeNull();
  });

  it('DPR activity config: deleting an activity a template lists shows -8001 in Chinese', async () => {
    const { calls } = await open('/configuration/dprActivityConfig', grant('dprActivityConfig.show', 'dprActivityConfig.edit'), 'zh_cn');
    const table = await screen.findByTestId('activity-table');
    await waitFor(() => expect(within(table).getByText('Turbines flown')).toBeTruthy());
    fireEvent.click(within(table).getByTestId('activity-delete'));
    const confirms = await screen.findAllByRole('button', { name: /^删\s*除$/ });
    fireEvent.click(confirms[confirms.length - 1]!);
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/gw/delivery/api/v2/dpr-activities/a-1')).toBe(true));
    expect((await screen.findByTestId('dpr-config-error')).textContent).toBe('该活动已被模板引用，不能删除。');
    expect(within(table).getByText('Turbines flown')).toBeTruthy();
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

  it('performance statistics: rows per project and stage; a range over 3 months shows the spec message in Chinese', async () => {
    await open('/deliveryManagement/performanceStatistics', grant('performanceStatistics.show'), 'zh_cn');
    const table = await screen.findByTestId('stats-table');
    await waitFor(() => expect(within(table).getByText('Dogger 2026')).toBeTruthy());
    expect(within(table).getByText('标注质检')).toBeTruthy();
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
});
