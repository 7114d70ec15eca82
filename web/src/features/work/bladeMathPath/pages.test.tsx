import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { readySession, renderApp } from '@/test/renderApp';
import { chamberLabel } from '@windward/contracts';
import { stitchingFetch } from '../stitching/testing/fakeServer';

// OpenSeadragon needs a real canvas: the viewer chunk is replaced by the overlay alone (same props).
vi.mock('@/shared/viewer/OsdViewer', () => import('@/test/osdViewerMock'));

configure({ asyncUtilTimeout: 20000 });
afterEach(() => vi.unstubAllGlobals());

async function open(path: string, locale: 'en_us' | 'zh_cn' = 'en_us') {
  localStorage.setItem('access_token', 'acc');
  const server = stitchingFetch({ done: true });
  vi.stubGlobal('fetch', server.fetchMock);
  const app = await renderApp({ path, locale, session: readySession() });
  return { ...app, ...server };
}

const rowsOf = () => screen.getAllByTestId('blade-path-row');

describe('blade path view', { timeout: 60000 }, () => {
  it('draws each path of the blade along the distance to root, coloured by defects, with the panorama and the photo on click (en)', async () => {
    const { calls, router } = await open('/bladeMathPath?inspectionId=i-1&bladePosition=1');
    expect(await screen.findByText('Blade 1: paths')).toBeTruthy();
    await screen.findByTestId('blade-path-rows');
    expect(screen.getByTestId('blade-axis').getAttribute('data-length')).toBe('108');
    expect(screen.getAllByTestId('axis-tick').map((e) => e.textContent)).toEqual(['0', '50', '100']);
    // Leading edge first: LE (5) before TE (7); the inactive photo is not drawn.
    expect(rowsOf().map((r) => within(r).getByTestId('blade-path-label').textContent)).toEqual(['Leading edge', 'Trailing edge']);
    const le = rowsOf()[0]!;
    expect(
      within(le)
        .getAllByTestId('blade-path-image')
        .map((b) => [b.getAttribute('data-image-id'), b.getAttribute('data-level')]),
    ).toEqual([
      ['img-1', '0'],
      ['img-2', '5'],
      ['img-3', '0'],
    ]);
    expect(within(le).getByTestId('blade-path-unplaced').textContent).toContain('Without distance to root:');
    // 2400 px photos at the panorama's 2 mm/px span 4.8 m: img-1 centred at 10 m → 7.6..12.4 m of 108.
    const box = within(le).getAllByTestId('blade-path-image')[0]!;
    expect(Number(box.getAttribute('x'))).toBeCloseTo((7.6 / 108) * 1000, 6);
    expect(Number(box.getAttribute('width'))).toBeCloseTo((4.8 / 108) * 1000, 6);
    expect(within(le).queryByText('Not stitched')).toBeNull();
    expect(within(rowsOf()[1]!).getByText('Not stitched')).toBeTruthy();
    expect(within(rowsOf()[1]!).getByTestId('blade-path-image').getAttribute('data-level')).toBe('1');
    expect(screen.getByTestId('bmp-legend').textContent).toBe('No defectTo be determinedSeverity 3');
    expect(calls.some((c) => c.path.endsWith('/panoramas/p-1/thumbnail'))).toBe(true);
    expect(
      calls.some((c) => c.path.endsWith('/defects') && c.query.get('bladePosition') === '1' && c.query.get('pageSize') === '500'),
    ).toBe(true);

    // The trailing-edge-first order puts TE first.
    fireEvent.click(within(screen.getByTestId('bmp-order')).getByText('Trailing edge first'));
    await waitFor(() => expect(rowsOf().map((r) => r.getAttribute('data-view'))).toEqual(['7', '5']));

    // A photo opens in the viewer with its defect.
    fireEvent.click(within(rowsOf()[1]!).getAllByTestId('blade-path-image')[1]!);
    const modal = await screen.findByTestId('bmp-image-modal');
    expect(modal.getAttribute('data-image-id')).toBe('img-2');
    expect((await within(modal).findByTestId('osd-viewer')).getAttribute('data-image-id')).toBe('img-2');
    expect(within(modal).getByTestId('polygon-overlay').getAttribute('data-polygons')).toBe('1');

    // Another blade through the address.
    fireEvent.click(within(screen.getByTestId('bmp-blade')).getByText('Blade 2'));
    await waitFor(() => expect(router.state.location.search).toContain('bladePosition=2'));
    await waitFor(() => expect(rowsOf().length).toBe(1));
  });

  it('an internal inspection gets a row per chamber, in the chamber display order, with the chamber named (en)', async () => {
    await open('/bladeMathPath?inspectionId=i-int&bladePosition=1');
    await screen.findByTestId('blade-path-rows');
    // SPEC §3 chamber display order: leading edge (1), trailing edge (-1), then the middle chambers.
    expect(rowsOf().map((r) => r.getAttribute('data-chamber'))).toEqual(['1', '-1', '2']);
    expect(rowsOf().map((r) => within(r).getByTestId('blade-path-label').textContent)).toEqual([
      'Leading edge · Leading edge chamber',
      'Leading edge · Trailing edge chamber',
      'Leading edge · Middle chamber 1',
    ]);
    expect(
      within(rowsOf()[0]!)
        .getAllByTestId('blade-path-image')
        .map((b) => b.getAttribute('data-image-id')),
    ).toEqual(['int-le', 'int-le-2']);
    expect(within(rowsOf()[1]!).getAllByTestId('blade-path-image').map((b) => b.getAttribute('data-image-id'))).toEqual(['int-te']);
  });

  it('names the chambers in Chinese', async () => {
    await open('/bladeMathPath?inspectionId=i-int&bladePosition=1', 'zh_cn');
    await screen.findByTestId('blade-path-rows');
    const labels = rowsOf().map((r) => within(r).getByTestId('blade-path-label').textContent ?? '');
    expect(labels.map((l) => l.split(' · ')[1])).toEqual([chamberLabel(1, 'zh_cn'), chamberLabel(-1, 'zh_cn'), chamberLabel(2, 'zh_cn')]);
  });

  it('speaks Chinese and explains a missing inspection', async () => {
    await open('/bladeMathPath?inspectionId=i-1&bladePosition=1', 'zh_cn');
    expect(await screen.findByText('叶片 1：路径')).toBeTruthy();
    await waitFor(() => expect(rowsOf().map((r) => within(r).getByTestId('blade-path-label').textContent)).toEqual(['前缘', '后缘']));
    expect(screen.getByText('未拼接')).toBeTruthy();
    expect(screen.getByText('距叶根距离（米），0 – 108')).toBeTruthy();
    await open('/bladeMathPath?bladePosition=9', 'zh_cn');
    expect((await screen.findAllByTestId('bmp-missing'))[0]!.textContent).toContain('请使用');
  });
});
