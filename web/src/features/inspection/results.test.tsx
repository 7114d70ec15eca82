import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RightEntry } from '@/shared/contracts';
import { readySession, renderApp } from '@/test/renderApp';
import { assetFetch, type Call } from '@/test/fixtures/asset';
import { defect, image, inspection, inspectionAnswer } from '@/test/fixtures/inspection';
import type { ComponentResultsView, ParkOverviewView } from './overviewApi';
import { counterpart, layoutImages } from './componentLayout';

// OpenSeadragon needs a real canvas: the viewer chunk is replaced by the overlay alone (same props).
vi.mock('@/shared/viewer/OsdViewer', () => import('@/test/osdViewerMock'));

configure({ asyncUtilTimeout: 20000 });
afterEach(() => vi.unstubAllGlobals());

const API = '/gw/inspection/api/v2';
const rights = (...keys: string[]): RightEntry[] => keys.map((key) => ({ key, value: true }));
const ALL_SHOW = rights('blade.show', 'tower.show', 'nacelle.show', 'foundation.show', 'lps.show');

const counts = (bySeverity: number[], tbd = 0) => {
  const worst = bySeverity.reduce((w, n, s) => (n ? s : w), -1);
  return {
    tbd,
    bySeverity,
    total: bySeverity.reduce((a, b) => a + b, 0) + tbd,
    worstSeverity: worst < 0 ? null : worst,
    worstLevel: worst < 0 ? (tbd ? 1 : 0) : worst + 2,
  };
};

function overview(componentTypes = [1, 5, 2, 4, 3, 0]): ParkOverviewView {
  const turbines = Array.from({ length: 12 }, (_, k) => ({
    turbineId: `t-${k + 1}`,
    turbineName: `DBN-${String(k + 1).padStart(3, '0')}`,
    serialNumber: null,
    worstLevel: k === 0 ? 5 : 0,
    components:
      k === 0
        ? [
            {
              componentType: 1,
              inspectionId: 'i-new',
              inspectionDate: '2026-03-05',
              packageType: 1,
              imageCount: 4,
              counts: counts([0, 1, 0, 0, 0, 0]),
              lps: null,
            },
            {
              componentType: 2,
              inspectionId: 'tw-new',
              inspectionDate: '2025-05-15',
              packageType: 5,
              imageCount: 4,
              counts: counts([0, 0, 1, 1, 0, 0]),
              lps: null,
            },
            {
              componentType: 0,
              inspectionId: 'i-lps',
              inspectionDate: '2026-01-01',
              packageType: 10,
              imageCount: 0,
              counts: counts([0, 0, 0, 0, 0, 0]),
              lps: { passed: 1, failed: 1, receptors: [] },
            },
          ]
        : [],
  }));
  return {
    windFarmId: 'p-dogger',
    windFarmName: 'Dogger Bank North',
    componentTypes,
    turbineCount: 12,
    totals: componentTypes.map((c) => ({
      componentType: c,
      inspectedTurbines: c === 2 || c === 1 || c === 0 ? 1 : 0,
      counts: c === 2 ? counts([0, 0, 1, 1, 0, 0]) : counts([0, 0, 0, 0, 0, 0]),
      lpsPassed: c === 0 ? 1 : 0,
      lpsFailed: c === 0 ? 1 : 0,
    })),
    turbines: turbines.filter(() => true),
  };
}

function towerImage(id: string, inspectionId: string, side: string, height: number) {
  return {
    ...image(id, inspectionId, 1, 5),
    bladePosition: null,
    pathViewIndex: null,
    section: side,
    distanceToRoot: height,
    width: 1200,
    height: 900,
    createdAt: '2025-05-15T00:00:00.000Z',
  };
}
const TW_NEW = ['N', 'S'].flatMap((side) => [30, 80].map((h) => towerImage(`tw-${side}-${h}`, 'tw-new', side, h)));
const TW_OLD = ['N', 'S'].flatMap((side) => [30, 80].map((h) => towerImage(`old-${side}-${h}`, 'tw-old', side, h)));
const TW_DEFECTS = [
  defect('td-1', {
    inspectionId: 'tw-new',
    imageId: 'tw-N-30',
    bladePosition: null,
    position: null,
    severity: 2,
    defectType: 'Corrosion',
    distanceToRoot: 30,
  }),
  defect('td-2', {
    inspectionId: 'tw-new',
    defectNo: '000002',
    imageId: 'tw-S-80',
    bladePosition: null,
    position: null,
    severity: 3,
    defectType: 'Coating damage',
    distanceToRoot: 80,
  }),
  defect('td-old', {
    inspectionId: 'tw-old',
    imageId: 'old-N-30',
    bladePosition: null,
    position: null,
    severity: 1,
    defectType: 'Corrosion',
    distanceToRoot: 30,
  }),
];

function componentResults(canEdit: boolean): ComponentResultsView {
  const newer = { ...inspection('tw-new', '2025-05-15', 'tw-old', 2), packageType: 5 };
  const older = { ...inspection('tw-old', '2024-05-20', null, 2), packageType: 5 };
  return {
    turbineId: 't-1',
    turbineName: 'DBN-01',
    windFarmId: 'p-dogger',
    windFarmName: 'Dogger Bank North',
    componentType: 2,
    canEdit,
    inspections: [newer, older] as ComponentResultsView['inspections'],
    current: {
      inspection: newer,
      images: TW_NEW,
      counts: counts([0, 0, 1, 1, 0, 0]),
      lps: [],
    } as unknown as ComponentResultsView['current'],
    previous: {
      inspection: older,
      images: TW_OLD,
      counts: counts([0, 1, 0, 0, 0, 0]),
      lps: [],
    } as unknown as ComponentResultsView['previous'],
  };
}

function towerAnswer(call: Call, opts: { refuse?: boolean } = {}): { status: number; body?: unknown } | undefined {
  const { path, query } = call;
  if (path === `${API}/wind-parks/p-dogger/overview`) return { status: 200, body: overview() };
  if (path === `${API}/turbines/t-1/components/2`) {
    if (opts.refuse) return { status: 403, body: { code: 'NO_ACCESS_RIGHTS', message: 'No access rights.' } };
    return { status: 200, body: componentResults(false) };
  }
  if (path === `${API}/inspections/tw-new`)
    return { status: 200, body: { ...inspection('tw-new', '2025-05-15', 'tw-old', 2), packageType: 5 } };
  if (path === `${API}/inspections/tw-new/timeline`)
    return { status: 200, body: { previousInspectionId: 'tw-old', toleranceM: 0.5, defects: [], repaired: [] } };
  if (path === `${API}/defects` && query.get('inspectionId')?.startsWith('tw-')) {
    const list = TW_DEFECTS.filter((d) => d.inspectionId === query.get('inspectionId'));
    return { status: 200, body: { results: list, totalCount: list.length, totalCountExact: true } };
  }
  return inspectionAnswer(call);
}

async function open(path: string, opts: { locale?: 'en_us' | 'zh_cn'; rights?: RightEntry[]; refuse?: boolean } = {}) {
  localStorage.setItem('access_token', 'acc');
  const { fetchMock, calls } = assetFetch((c) => towerAnswer(c, opts));
  vi.stubGlobal('fetch', fetchMock);
  const app = await renderApp({ path, locale: opts.locale, session: readySession({ accessDeniedModules: opts.rights ?? ALL_SHOW }) });
  return { ...app, calls };
}

describe('component photo layout (pure)', () => {
  it('tower by height (top first) and side (compass order); the counterpart is the same side at the nearest height', () => {
    const imgs = [
      towerImage('a', 'x', 'S', 30),
      towerImage('b', 'x', 'N', 80),
      towerImage('c', 'x', 'N', 30),
      { ...towerImage('d', 'x', 'E', 55), section: null },
    ];
    const [s] = layoutImages(2, imgs);
    expect(s!.columns.map((c) => c.value)).toEqual(['N', 'S', null]);
    expect(s!.rows.map((r) => r.value)).toEqual([80, 55, 30]);
    expect(s!.rows[2]!.cells.map((cell) => cell.map((i) => i.imageId))).toEqual([['c'], ['a'], []]);
    expect(counterpart(2, towerImage('q', 'y', 'N', 33), imgs)?.imageId).toBe('c');
    expect(counterpart(2, towerImage('q', 'y', 'W', 33), imgs)).toBeNull();
  });

  it('blade internal per blade, by chamber in display order and distance from the root; nacelle by view', () => {
    const bi = (id: string, blade: number, chamber: number, d: number) => ({ ...image(id, 'x', blade, 5, chamber), distanceToRoot: d });
    const sections = layoutImages(5, [bi('a', 2, -1, 10), bi('b', 1, 1, 20), bi('c', 1, 0, 5), bi('d', 1, -1, 5)]);
    expect(sections.map((s) => s.bladePosition)).toEqual([1, 2]);
    expect(sections[0]!.columns.map((c) => c.value)).toEqual([0, 1, -1]);
    expect(sections[0]!.rows.map((r) => r.value)).toEqual([5, 20]);
    const views = layoutImages(4, [
      { ...image('f', 'x', 1, 5), section: 'Rear' },
      { ...image('g', 'x', 1, 5), section: 'Front' },
    ]);
    expect(views[0]!.columns.map((c) => c.value)).toEqual(['Front', 'Rear']);
  });
});

describe('wind farm overview results', { timeout: 120000 }, () => {
  it('shows the whole park at a glance, coloured by the chosen component, with chips opening the component or turbine page', async () => {
    const { router, calls } = await open('/inspection/windPark?windFarmId=p-dogger&inspectionType=2');
    const grid = await screen.findByTestId('park-grid');
    expect(within(grid).getAllByTestId(/^tile-/).length).toBe(12);
    expect(calls.filter((c) => c.path.endsWith('/overview')).length).toBe(1);
    const first = screen.getByTestId('tile-DBN-001');
    expect(first.getAttribute('data-level')).toBe('5');
    expect(within(first).getByText('2 defects')).toBeTruthy();
    expect(screen.getByTestId('tile-DBN-002').getAttribute('data-level')).toBe('0');
    const totals = screen.getByTestId('park-results-totals');
    expect(within(totals).getByText('1 / 12')).toBeTruthy();
    expect(within(totals).getByTestId('total-s3').textContent).toBe('S3 ×1');
    // Blade external opens the turbine page, the tower the component page.
    expect(screen.getByTestId('chip-DBN-001-1').getAttribute('href')).toContain('/inspection/turbine?');
    fireEvent.click(screen.getByTestId('chip-DBN-001-2'));
    // The component page settles its selectors in the address once its data is in.
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/inspection/component');
      expect(router.state.location.search).toContain('inspectionType=2');
      expect(router.state.location.search).toContain('inspectionId=tw-new');
    });
  });

  it('LPS pass/fail in Chinese, and a component without the right is explained', async () => {
    await open('/inspection/windPark?windFarmId=p-dogger&inspectionType=0', { locale: 'zh_cn' });
    const first = await screen.findByTestId('tile-DBN-001');
    expect(within(first).getByText('防雷 1/2 合格')).toBeTruthy();
    expect(first.getAttribute('data-level')).toBe('7');
    expect(screen.getByText('合格接闪器')).toBeTruthy();
    expect(screen.getByText('巡检结果：防雷系统')).toBeTruthy();
  });

  it('says so when the chosen component is not among those the user may see', async () => {
    localStorage.setItem('access_token', 'acc');
    const { fetchMock } = assetFetch((c) => (c.path.endsWith('/overview') ? { status: 200, body: overview([2]) } : inspectionAnswer(c)));
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({
      path: '/inspection/windPark?windFarmId=p-dogger&inspectionType=1',
      session: readySession({ accessDeniedModules: rights('tower.show') }),
    });
    expect((await screen.findByTestId('park-results-no-right')).textContent).toContain(
      'You have no right to see Blade external inspections.',
    );
  });
});

describe('component page', { timeout: 120000 }, () => {
  const PAGE = '/inspection/component?windFarmId=p-dogger&turbineId=t-1&inspectionType=2';

  it('lays out the tower photos by height and side, opens one beside the previous inspection, lists the defects', async () => {
    const { router, calls } = await open(PAGE);
    const layout = await screen.findByTestId('component-layout');
    const heads = within(layout)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(heads).toEqual(['Height', 'Side N', 'Side S', '80 m', '30 m']);
    // The photos' defect counts come with the defects query, after the layout.
    expect((await within(layout).findAllByTestId('photo-defects')).map((b) => b.textContent)).toEqual(['1', '1']);
    expect(screen.getByTestId('component-read-only')).toBeTruthy();
    expect(screen.getByTestId('component-counts').textContent).toBe('S3 ×1 · S2 ×1');
    // The defects list (server paged).
    const table = await screen.findByTestId('defect-table');
    expect(await within(table).findByText('Corrosion')).toBeTruthy();
    expect(
      calls.some((c) => c.path === `${API}/defects` && c.query.get('inspectionId') === 'tw-new' && c.query.get('pageSize') === '10'),
    ).toBe(true);
    // A photo opens in the viewer with its polygon, beside the same place a year before.
    fireEvent.click(within(layout).getByTestId('photo-tw-N-30.jpg'));
    const current = await screen.findByTestId('component-viewer-current');
    const previous = screen.getByTestId('component-viewer-previous');
    await waitFor(() => expect(within(current).getByTestId('osd-viewer').getAttribute('data-image-id')).toBe('tw-N-30'));
    expect(within(previous).getByTestId('osd-viewer').getAttribute('data-image-id')).toBe('old-N-30');
    await waitFor(() => expect(within(current).getAllByTestId('defect-polygon').length).toBe(1));
    expect(within(previous).getAllByTestId('defect-polygon').length).toBe(1);
    // The selection travels in the address.
    expect(router.state.location.search).toContain('turbineId=t-1');
    expect(router.state.location.search).toContain('inspectionType=2');
  });

  it('speaks Chinese: sides, heights, title and the read-only mark', async () => {
    await open(PAGE, { locale: 'zh_cn' });
    const layout = await screen.findByTestId('component-layout');
    expect(within(layout).getByText('N 面')).toBeTruthy();
    expect(within(layout).getByText('80 米')).toBeTruthy();
    expect(screen.getByText('部件巡检')).toBeTruthy();
    expect(screen.getByText('只读')).toBeTruthy();
  });

  it('without any component right the page says so and asks nothing', async () => {
    const { calls } = await open(PAGE, { rights: rights('menu.turbineComponent') });
    expect(await screen.findByTestId('cp-no-rights')).toBeTruthy();
    expect(calls.some((c) => c.path.includes('/components/'))).toBe(false);
  });

  it("the service's refusal is shown in the user's language", async () => {
    await open(PAGE, { refuse: true, locale: 'zh_cn' });
    const alert = await screen.findByTestId('inspection-load-error');
    expect(alert.textContent).toContain('没有访问权限');
  });
});
