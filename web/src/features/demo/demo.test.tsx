import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, within } from '@testing-library/react';
import { readySession, renderApp } from '@/test/renderApp';
import { assetFetch } from '@/test/fixtures/asset';
import { inspectionAnswer } from '@/test/fixtures/inspection';
import { polygonArea } from './AdminOnly';

configure({ asyncUtilTimeout: 20000 });
afterEach(() => vi.unstubAllGlobals());

async function open(path: string, roles: number[], locale: 'en_us' | 'zh_cn' = 'en_us') {
  localStorage.setItem('access_token', 'acc');
  const { fetchMock } = assetFetch(inspectionAnswer);
  vi.stubGlobal('fetch', fetchMock);
  const session = readySession();
  return renderApp({ path, locale, session: { ...session, personalInfo: { ...session.personalInfo!, roles } } });
}

describe('demo pages (administrators only)', { timeout: 60000 }, () => {
  it('polygon drawing: three clicks and close make a polygon with its area', async () => {
    await open('/demo/polygon', [100]);
    const canvas = await screen.findByTestId('demo-polygon-canvas');
    for (const [x, y] of [
      [10, 10],
      [110, 10],
      [10, 60],
    ])
      fireEvent.click(canvas, { clientX: x, clientY: y });
    expect(screen.getByText('3 points placed')).toBeTruthy();
    fireEvent.click(screen.getByTestId('demo-polygon-close'));
    expect(screen.getAllByTestId('demo-polygon').length).toBe(1);
    // jsdom lays nothing out: the clicks land 1:1 in image pixels.
    expect(screen.getByTestId('demo-polygon-row').textContent).toBe('Polygon 1: 3 points, 2,500 px²');
  });

  it('the prototype and the openseadragon demo render in Chinese', async () => {
    const proto = await open('/demo/proto', [92], 'zh_cn');
    expect(await screen.findByText('演示：页面原型')).toBeTruthy();
    expect(screen.getAllByTestId('demo-proto-card').length).toBe(4);
    expect(screen.getByTestId('demo-proto-sample').textContent).toBe('示例数据');
    proto.view.unmount();
    await open('/demo/openseadragon', [100], 'zh_cn');
    expect(await screen.findByText('演示：深度缩放查看器')).toBeTruthy();
  });

  it('other users are told the pages are for administrators', async () => {
    for (const path of ['/demo/polygon', '/demo/openlayers']) {
      const { view } = await open(path, [5]);
      const page = await screen.findByTestId(/^page-demo/);
      expect(within(page).getByTestId('demo-admin-only').textContent).toContain('The demo pages are for administrators.');
      expect(screen.queryByTestId('demo-polygon-canvas')).toBeNull();
      view.unmount();
    }
  });

  it('polygon area (shoelace)', () => {
    expect(polygonArea([[0, 0], [4, 0], [4, 3]])).toBe(6);
  });
});
