import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RightEntry } from '@/shared/contracts';
import { readySession, renderApp } from '@/test/renderApp';
import { assetFetch, CUSTOMER_ID, type Call } from '@/test/fixtures/asset';

configure({ asyncUtilTimeout: 20000 });
afterEach(() => {
  vi.unstubAllGlobals();
});

const grant = (...keys: string[]): RightEntry[] => keys.map((key) => ({ key, value: true }));
const INS = '/gw/inspection/api/v2';
const REP = '/gw/repair/api/v2';

const byPriority = (...n: number[]) => n.map((count, i) => ({ repairPriority: i + 1, count }));
const OM_KPIS = {
  customerId: CUSTOMER_ID,
  parkCount: 2,
  windowFrom: '2025-11-26',
  turbineCount: 30,
  openDefects: 17,
  openByPriority: byPriority(3, 4, 5, 2),
  openWithoutPriority: 3,
  campaignsPlanned: 2,
  campaignsOngoing: 1,
  campaignsDone: 6,
  inspectionsDue: 9,
};
const omPark = (id: string, name: string, open: number) => ({
  windFarmId: id,
  windFarmName: name,
  lastInspectionDate: '2026-03-05',
  turbineCount: 15,
  openDefects: open,
  openByPriority: byPriority(open, 0, 0, 0),
  openWithoutPriority: 0,
  campaignsPlanned: 1,
  campaignsOngoing: 0,
  campaignsDone: 3,
  inspectionsDue: 4,
});

const defect = (n: number, over: Record<string, unknown> = {}) => ({
  defectId: `d-${n}`,
  defectNo: String(n).padStart(6, '0'),
  inspectionId: 'i-1',
  imageId: 'img-1',
  windFarmId: 'p-dogger',
  turbineId: 't-1',
  turbineName: 'WTG-01',
  inspectionDate: '2026-03-05',
  severity: 4,
  defectType: 'Erosion',
  layer: null,
  affectedPart: null,
  recommendation: null,
  sizeLength: null,
  sizeWidth: null,
  position: 5,
  bladePosition: 1,
  distanceToRoot: 12.5,
  chordwiseStart: null,
  chordwiseEnd: null,
  repairPriority: null,
  polygon: [
    [1, 1],
    [50, 1],
    [50, 40],
  ],
  selector: { type: 'SvgSelector', value: '' },
  dpsStatus: 2,
  timelineStatus: 'NEW',
  timelineManual: false,
  previousDefectId: null,
  suggested: false,
  createdAt: '',
  updatedAt: '',
  componentType: 1,
  repairStatus: null,
  ...over,
});

const image = {
  guid: 'img-1',
  imageId: 'img-1',
  inspectionId: 'i-1',
  bladePosition: 1,
  pathViewIndex: 5,
  chamber: 0,
  section: null,
  sortIndex: 1,
  distanceToRoot: 12,
  isActive: true,
  keyPartTag: null,
  fileName: 'a.jpg',
  format: 'jpeg',
  width: 300,
  height: 200,
  sizeBytes: 1,
  tileStatus: 'done',
  tileJobId: null,
  uri: '/x',
  thumbUri: null,
  dziUri: null,
  createdAt: '',
  turbineName: 'WTG-01',
  inspectionDate: '2026-03-05',
  componentType: 1,
  defects: [
    {
      defectId: 'd-1',
      defectNo: '000001',
      severity: 4,
      defectType: 'Erosion',
      polygon: [
        [1, 1],
        [50, 1],
        [50, 40],
      ],
    },
  ],
};

const IMAGE_SELECTION = {
  windFarmId: 'p-dogger',
  count: 2,
  images: [
    { imageId: 'img-1', inspectionId: 'i-1' },
    { imageId: 'img-2', inspectionId: 'i-1' },
  ],
  defectIds: ['d-1'],
};

function server(opts: { total?: number; selection?: { status: number; body: unknown }; imageSelection?: { status: number; body: unknown } } = {}) {
  return (c: Call): { status: number; body?: unknown } | undefined => {
    if (c.path === `${REP}/om-overview`) return { status: 200, body: OM_KPIS };
    if (c.path === `${REP}/om-overview/parks`)
      return {
        status: 200,
        body: { results: [omPark('p-dogger', 'Dogger Bank North', 5), omPark('p-gobi', 'Gobi East', 1)], totalCount: 41 },
      };
    if (c.path === `${INS}/search/images`) return { status: 200, body: { results: [image], totalCount: 1 } };
    if (c.path === `${INS}/search/defects`) return { status: 200, body: { results: [defect(1)], totalCount: opts.total ?? 1 } };
    if (c.path === `${INS}/search/images/export-selection`) return opts.imageSelection ?? { status: 200, body: IMAGE_SELECTION };
    if (c.path === `${INS}/search/defects/export-selection`)
      return opts.selection ?? { status: 200, body: { windFarmId: 'p-dogger', count: 1, defectIds: ['d-1'] } };
    if (c.method === 'POST' && c.path === '/report/api/v1/parks/p-dogger/report-tasks')
      return { status: 201, body: { id: 't-1', status: 0 } };
    if (c.path === `${INS}/health/parks/p-dogger`)
      return {
        status: 200,
        body: {
          windFarmId: 'p-dogger',
          name: 'Dogger Bank North',
          level: 'POOR',
          windowFrom: '2025-11-26',
          turbineCount: 3,
          inspectedTurbines: 3,
          turbinesAboveLevel2: 1,
          turbinesLevel4OrHigher: 1,
          level4Share: 1 / 3,
          turbines: [
            { turbineId: 't-1', turbineName: 'WTG-01', level: 'POOR', maxSeverity: 4, inspections: 1, lastInspectionDate: '2026-03-05' },
          ],
        },
      };
    if (c.path === `${INS}/insights/parks/p-dogger`) {
      const counts = { severities: [0, 0, 0, 0, 1, 0], unrated: 0, total: 1 };
      return {
        status: 200,
        body: {
          windFarmId: 'p-dogger',
          zoneM: 5,
          bySeverity: counts,
          byType: [{ key: 'Erosion', ...counts }],
          byComponent: [{ key: '1', ...counts }],
          perTurbine: [{ turbineId: 't-1', turbineName: 'WTG-01', ...counts }],
          bladeZones: [{ zone: 10, ...counts }],
          leadingEdgeErosion: { park: [{ inspectionDate: '2026-03-05', zone: 10, ...counts }], turbines: [] },
        },
      };
    }
    return undefined;
  };
}

async function open(path: string, opts: Parameters<typeof server>[0] & { locale?: 'en_us' | 'zh_cn' } = {}) {
  localStorage.setItem('access_token', 'acc');
  const { fetchMock, calls } = assetFetch(server(opts));
  vi.stubGlobal('fetch', fetchMock);
  const app = await renderApp({
    path,
    locale: opts.locale,
    session: readySession({ accessDeniedModules: grant('image.export', 'menu.searchExport', 'menu.dataInsight') }),
  });
  return { ...app, calls };
}

describe('data center', { timeout: 120000 }, () => {
  it('search and export (zh): gallery with outlines, defect table, Excel export of the selection through the report service', async () => {
    const { calls } = await open('/dataCenter/searchExport', { locale: 'zh_cn' });
    expect(await screen.findByText('搜索与导出')).toBeTruthy();
    const card = await screen.findByTestId('dc-gallery-card');
    expect(card.querySelectorAll('polygon').length).toBe(1);
    fireEvent.click(card);
    expect(await screen.findByTestId('dc-open-defect')).toBeTruthy();
    fireEvent.click(screen.getByText('缺陷（1）'));
    expect(within(await screen.findByTestId('dc-defect-table')).getByText('000001')).toBeTruthy();
    const search = calls.find((c) => c.path === `${INS}/search/defects`)!;
    expect(search.query.get('windFarmId')).toBe('p-dogger');
    fireEvent.click(screen.getByTestId('dc-export-defects'));
    expect(await screen.findByTestId('dc-export-queued')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/report/api/v1/parks/p-dogger/report-tasks')!;
    expect(post.body).toEqual({ format: 'xlsx', defectIds: ['d-1'] });
  });

  it('image export (en, zh): the gallery’s images (with or without defects) and the defects queued as a ZIP report task', async () => {
    const { calls } = await open('/dataCenter/searchExport', { locale: 'en_us' });
    fireEvent.click(await screen.findByText('Export images (ZIP)'));
    expect((await screen.findByTestId('dc-export-queued')).textContent).toContain(
      'The image archive is being prepared in the download queue.',
    );
    const post = calls.find((c) => c.method === 'POST' && c.path === '/report/api/v1/parks/p-dogger/report-tasks')!;
    expect(post.body).toEqual({ format: 'zip', defectIds: ['d-1'], images: IMAGE_SELECTION.images });
    expect(calls.find((c) => c.path === `${INS}/search/images/export-selection`)!.query.get('windFarmId')).toBe('p-dogger');
    cleanup();
    vi.unstubAllGlobals();
    await open('/dataCenter/searchExport', { locale: 'zh_cn' });
    fireEvent.click(await screen.findByText('导出图片（ZIP）'));
    expect((await screen.findByTestId('dc-export-queued')).textContent).toContain('图片压缩包正在下载队列中生成。');
  });

  it('over 2,500 defects: the warning, and the server refusal in Chinese; nothing is sent to the report service', async () => {
    const { calls } = await open('/dataCenter/searchExport', {
      locale: 'zh_cn',
      total: 2501,
      selection: { status: 400, body: { code: -13012, message: 'x' } },
    });
    expect((await screen.findByTestId('dc-export-warning')).textContent).toContain('2500');
    fireEvent.click(screen.getByTestId('dc-export-defects'));
    expect(await screen.findByTestId('dc-export-error')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path.includes('report-tasks'))).toBe(false);
  });

  it('image export over 2,500 images: the server refusal in Chinese, nothing sent to the report service', async () => {
    const { calls } = await open('/dataCenter/searchExport', {
      locale: 'zh_cn',
      imageSelection: { status: 400, body: { code: 'EXPORT_ARCHIVE_TOO_LARGE', message: 'x' } },
    });
    fireEvent.click(await screen.findByText('导出图片（ZIP）'));
    expect((await screen.findByTestId('dc-export-error')).textContent).toContain('图片压缩包将超过2500张图片或2 GB');
    expect(calls.some((c) => c.method === 'POST' && c.path.includes('report-tasks'))).toBe(false);
  });

  it('data insight: charts, health care with the rule and the level, erosion tab', async () => {
    await open('/dataCenter/dataInsight');
    expect(await screen.findByTestId('dc-insight-charts')).toBeTruthy();
    fireEvent.click(screen.getByText('Health care'));
    expect((await screen.findByTestId('dc-health-rule')).textContent).toContain('30%');
    await waitFor(() => expect(screen.getAllByTestId('dc-health-tag').some((t) => t.textContent === 'Poor')).toBe(true));
    fireEvent.click(screen.getByText('Leading-edge erosion'));
    expect(await screen.findByTestId('dc-erosion')).toBeTruthy();
  });

  it('O&M overview (zh, en): KPI cards of the first customer, the park table paged and sorted on the repair service', async () => {
    const { calls } = await open('/dataCenter/omOverview', { locale: 'zh_cn' });
    expect(await screen.findByText('运维概览', { selector: 'h4' })).toBeTruthy();
    const cards = await screen.findByTestId('dc-om-cards');
    expect(within(cards).getByTestId('dc-om-open').textContent).toContain('17');
    expect(cards.textContent).toContain('立即: 3');
    expect(cards.textContent).toContain('无优先级: 3');
    expect(within(cards).getByTestId('dc-om-campaignsDone').textContent).toContain('已完成');
    expect(within(cards).getByTestId('dc-om-due').textContent).toContain('9');
    expect(cards.textContent).toContain('自 2025-11-26 起无检查');
    const table = await screen.findByTestId('dc-om-parks');
    expect(await within(table).findByText('Gobi East')).toBeTruthy();
    const first = calls.find((c) => c.path === `${REP}/om-overview/parks`)!;
    expect([first.query.get('customerId'), first.query.get('fieldToSort'), first.query.get('descending')]).toEqual([
      CUSTOMER_ID,
      'openDefects',
      'true',
    ]);
    expect(calls.find((c) => c.path === `${REP}/om-overview`)!.query.get('customerId')).toBe(CUSTOMER_ID);
    // Sorting and paging go to the server.
    fireEvent.click(within(table).getAllByText('待检查')[0]!.closest('th')!);
    await waitFor(() =>
      expect(calls.some((c) => c.path === `${REP}/om-overview/parks` && c.query.get('fieldToSort') === 'inspectionsDue')).toBe(true),
    );
    fireEvent.click(document.querySelector('.ant-pagination-item-3')!);
    await waitFor(() => expect(calls.some((c) => c.path === `${REP}/om-overview/parks` && c.query.get('pageIndex') === '3')).toBe(true));
    // The data center menu lists it.
    expect(screen.getAllByText('运维概览').length).toBeGreaterThan(1);
    cleanup();
    vi.unstubAllGlobals();
    await open('/dataCenter/omOverview', { locale: 'en_us' });
    const en = await screen.findByTestId('dc-om-cards');
    expect(en.textContent).toContain('Immediately: 3');
    expect(en.textContent).toContain('No inspection since 2025-11-26');
  });
});
