import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RightEntry } from '@/shared/contracts';
import { readySession, renderApp } from '@/test/renderApp';
import { assetFetch, turbine, type Call } from '@/test/fixtures/asset';
import { inspectionAnswer } from '@/test/fixtures/inspection';
import type { ViewerProps } from '@/shared/viewer/types';

// OpenSeadragon needs a real canvas: the viewer chunk is replaced by the overlay alone (same props).
vi.mock('@/shared/viewer/OsdViewer', async () => {
  const { PolygonOverlay } = await import('@/shared/viewer/PolygonOverlay');
  return {
    default: (p: ViewerProps) => (
      <div data-testid="osd-viewer" data-image-id={p.image?.imageId ?? ''} data-focus={p.focusPolygon ? 'yes' : 'no'}>
        <PolygonOverlay polygons={p.polygons} transform={{ scale: 0.5, tx: 0, ty: 0 }} onSelect={p.onSelectPolygon} selectedId={p.selectedPolygonId} />
      </div>
    ),
  };
});

configure({ asyncUtilTimeout: 20000 });
afterEach(() => vi.unstubAllGlobals());

const REVIEWER: RightEntry[] = [{ key: 'qa.edit', value: true }];

async function open(path: string, opts: { locale?: 'en_us' | 'zh_cn'; rights?: RightEntry[]; extra?: (c: Call) => { status: number; body?: unknown } | undefined } = {}) {
  localStorage.setItem('access_token', 'acc');
  const { fetchMock, calls } = assetFetch((c) => opts.extra?.(c) ?? inspectionAnswer(c));
  vi.stubGlobal('fetch', fetchMock);
  const app = await renderApp({ path, locale: opts.locale, session: readySession({ accessDeniedModules: opts.rights ?? [] }) });
  return { ...app, calls, fetchMock };
}

const TURBINE = '/inspection/turbine?windFarmId=p-dogger&turbineId=t-1&inspectionType=1';

describe('turbine page: blade views', { timeout: 60000 }, () => {
  it('draws a diagram per blade with the defects in severity colours and opens the defect detail (en)', async () => {
    const { calls } = await open(TURBINE, { rights: REVIEWER });
    const views = await screen.findByTestId('blade-views');
    const diagrams = await within(views).findAllByTestId('blade-diagram');
    expect(diagrams.map((d) => d.getAttribute('data-defects'))).toEqual(['1', '0', '1']);
    const marks = within(views).getAllByTestId('diagram-defect');
    expect(marks.map((m) => m.getAttribute('data-level'))).toEqual(['5', '3']);
    // blade 1 selected: its defects in the server-paged table
    const table = await screen.findByTestId('defect-table');
    expect(await within(table).findByText('000001')).toBeTruthy();
    expect(within(table).queryByText('000002')).toBeNull();
    expect(calls.some((c) => c.path.endsWith('/defects') && c.query.get('bladePosition') === '1' && c.query.get('pageSize') === '10')).toBe(true);

    fireEvent.click(marks[0]!);
    const detail = await screen.findByTestId('defect-detail');
    expect(within(detail).getByText('Leading edge erosion')).toBeTruthy();
    expect(within(detail).getAllByText('Severity 3').length).toBeGreaterThan(0);
    expect(within(detail).getByText('30.2 m')).toBeTruthy();
    expect(within(detail).getByTestId('repair-priority').textContent).toBe('Within 3 months · due Jun 5, 2026');
    expect(within(detail).getByText('0.11 m × 0.056 m')).toBeTruthy();
    // DPS: pending → approve, reject by PM, delete
    const actions = within(detail).getByTestId('dps-actions');
    expect(within(actions).getByTestId('dps-status').textContent).toBe('Pending');
    expect(within(actions).getAllByRole('button').map((b) => b.textContent)).toEqual(['Approve', 'Reject (PM)', 'Delete']);
    fireEvent.click(within(actions).getByText('Approve'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path.endsWith('/defects/d-1/dps-status') && (c.body as { dpsStatus: number }).dpsStatus === 1)).toBe(true));
    // timeline across the linked inspections
    const timeline = within(detail).getByTestId('defect-timeline');
    await waitFor(() => expect(within(timeline).getAllByTestId('timeline-entry').length).toBe(2));
    expect(within(timeline).getAllByTestId('timeline-status').map((e) => e.textContent)).toEqual(['Increased', 'Not applicable']);
    expect(await within(detail).findByText('Unlinked')).toBeTruthy();
  });

  it('asks the server to sort the defect table', async () => {
    const { calls } = await open(TURBINE);
    const table = await screen.findByTestId('defect-table');
    await within(table).findByText('000001');
    fireEvent.click(within(table).getByText('Distance to root'));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/defects') && c.query.get('fieldToSort') === 'distanceToRoot' && c.query.get('descending') === 'false')).toBe(true));
  });

  it('speaks Chinese and shows no DPS buttons without a review right', async () => {
    await open(TURBINE, { locale: 'zh_cn' });
    expect(await screen.findByText('叶片视图')).toBeTruthy();
    expect(screen.getByText('叶片 1 的缺陷')).toBeTruthy();
    const marks = await screen.findAllByTestId('diagram-defect');
    fireEvent.click(marks[1]!);
    const detail = await screen.findByTestId('defect-detail');
    expect(within(detail).getAllByText('严重等级 1').length).toBeGreaterThan(0);
    // The view (leading edge) and the seeded affected part ("Leading edge"), both in Chinese.
    expect(within(detail).getAllByText('前缘').length).toBe(2);
    expect(within(detail).getByText('60 米')).toBeTruthy();
    expect(within(detail).getByTestId('dps-status').textContent).toBe('待处理');
    expect(within(detail).getByText('您无权更改审核状态。')).toBeTruthy();
    expect(await within(detail).findByText('新增')).toBeTruthy();
  });
});

describe('turbine page: image viewer, comparison, gallery, LPS', () => {
  it('shows the strip by path with chamber labels, the polygons with hover words, and moves with the arrow keys', async () => {
    await open(TURBINE);
    fireEvent.click(await screen.findByText('Image viewer'));
    const strip = await screen.findByTestId('image-strip');
    // leading edge first: LE (5), PS (6), TE (7)
    expect(within(strip).getAllByTestId('strip-group').map((g) => g.firstChild!.textContent)).toEqual(['Blade 1 · Leading edge', 'Blade 1 · Pressure side', 'Blade 1 · Trailing edge', 'Blade 3 · Leading edge']);
    expect(within(strip).getByText('TE · Trailing edge chamber')).toBeTruthy();
    const viewer = await screen.findByTestId('osd-viewer');
    expect(viewer.getAttribute('data-image-id')).toBe('img-1');
    const polygon = within(viewer).getByTestId('defect-polygon');
    expect(polygon.getAttribute('fill')).toBe('#FAAD14');
    fireEvent.mouseEnter(polygon);
    expect(screen.getByTestId('polygon-hover').textContent).toBe('Leading edge erosionSeverity 3 · #000001');

    await act(async () => {
      fireEvent.keyDown(window, { key: 'ArrowRight' });
    });
    await waitFor(() => expect(screen.getByTestId('osd-viewer').getAttribute('data-image-id')).toBe('img-4'));
    expect(within(screen.getByTestId('osd-viewer')).queryByTestId('defect-polygon')).toBeNull();
    fireEvent.click(screen.getByText('Trailing edge first'));
    await waitFor(() => expect(within(screen.getByTestId('image-strip')).getAllByTestId('strip-group')[0]!.firstChild!.textContent).toBe('Blade 1 · Trailing edge'));
    await act(async () => {
      fireEvent.keyDown(window, { key: 'ArrowLeft' });
    });
    await waitFor(() => expect(screen.getByTestId('osd-viewer').getAttribute('data-image-id')).toBe('img-2'));
  });

  it('compares two inspections of the same blade and path side by side', async () => {
    await open(TURBINE);
    fireEvent.click(await screen.findByText('Comparison'));
    const left = await screen.findByTestId('compare-left');
    const right = await screen.findByTestId('compare-right');
    await waitFor(() => expect(within(left).getByTestId('osd-viewer').getAttribute('data-image-id')).toBe('img-1'));
    await waitFor(() => expect(within(right).getByTestId('osd-viewer').getAttribute('data-image-id')).toBe('old-1'));
    expect(screen.getByText('Mar 5, 2026 (chosen)')).toBeTruthy();
  });

  it('filters the gallery by "has defects" (zh)', async () => {
    await open(TURBINE, { locale: 'zh_cn' });
    fireEvent.click(await screen.findByText('图库'));
    await waitFor(() => expect(screen.getAllByTestId('gallery-item').length).toBe(4));
    fireEvent.mouseDown(within(screen.getByTestId('gallery-has-defects')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('有缺陷'));
    await waitFor(() => expect(screen.getAllByTestId('gallery-item').length).toBe(2));
    expect(screen.getAllByText('1 个缺陷').length).toBe(2);
  });

  it('shows LPS readings with the out-of-range ones highlighted', async () => {
    const t1 = turbine(1);
    t1.inspections = [{ inspectionId: 'i-lps', inspectionGuid: 'i-lps', packageType: 10, componentType: 0, isActive: true, inspectionDate: '2026-01-01T00:00:00.000Z' }];
    await open('/inspection/turbine?windFarmId=p-dogger&turbineId=t-1&inspectionType=0', {
      extra: (c) => (/\/all-turbines$/.test(c.path) ? { status: 200, body: [t1, turbine(2)] } : undefined),
    });
    const table = await screen.findByTestId('lps-table');
    await within(table).findByText('0.12 Ω');
    expect(within(table).getByText('Open circuit')).toBeTruthy();
    expect(within(table).getAllByTestId('lps-out').length).toBe(1);
    expect(table.querySelectorAll('tr.insp-lps--out').length).toBe(1);
  });
});

describe('/viewDefect', () => {
  it('shows the image with the polygon and the defect detail, by defect id (en)', async () => {
    await open('/viewDefect?defectId=d-1');
    const page = await screen.findByTestId('page-viewDefect');
    const viewer = await within(page).findByTestId('osd-viewer');
    expect(viewer.getAttribute('data-image-id')).toBe('img-1');
    expect(viewer.getAttribute('data-focus')).toBe('yes');
    expect(within(viewer).getAllByTestId('defect-polygon').length).toBe(1);
    expect(await within(page).findByTestId('defect-detail')).toBeTruthy();
    expect(within(page).getByText('Defect 000001 · DBN-01 · Mar 5, 2026')).toBeTruthy();
  });

  it('finds the defect by inspection and number, in Chinese', async () => {
    const { calls } = await open('/viewDefect?inspectionId=i-new&defectNo=2', { locale: 'zh_cn' });
    const page = await screen.findByTestId('page-viewDefect');
    expect(within(page).getByText('缺陷查看')).toBeTruthy();
    expect(await within(page).findByText('缺陷 000002 · DBN-01 · 2026年3月5日')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/defects') && c.query.get('fieldToSort') === 'defectNo')).toBe(true);
    expect((await within(page).findByTestId('osd-viewer')).getAttribute('data-image-id')).toBe('img-3');
  });

  it('explains a missing query and shows a not-found defect as an error', async () => {
    const { view } = await open('/viewDefect');
    expect(await screen.findByTestId('view-defect-missing')).toBeTruthy();
    view.unmount();
    await open('/viewDefect?defectId=nope');
    expect(await screen.findByTestId('inspection-load-error')).toBeTruthy();
  });
});
