import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createAppState } from '@/core/appSlice';
import { TestProviders } from '@/test/TestProviders';
import { i18n, initI18n } from '@/core/i18n';
import { createStore } from '@/test/store';
import { readySession, renderApp, TEST_CONFIG } from '@/test/renderApp';
import { DEFAULT_FEATURE_SWITCHES, errorText } from '@/shared/contracts';
import type { ViewerProps } from '@/shared/viewer/types';
import { StitchingScreen } from './StitchingPage';
import { stitchingFetch } from './testing/fakeServer';
import { pickOption } from '@/test/antd';
import { sockets } from '@/test/fakeSocket';

// The page keeps its task live over the task-flow socket (docs/work-tools.md): a double the test fires.
vi.mock('socket.io-client', () => import('@/test/fakeSocket'));

// OpenSeadragon needs a real canvas: the viewer chunk is replaced by the overlay alone (same props).
vi.mock('@/shared/viewer/OsdViewer', async () => {
  const { PolygonOverlay } = await import('@/shared/viewer/PolygonOverlay');
  return {
    default: (p: ViewerProps) => (
      <div data-testid="osd-viewer" data-image-id={p.image?.imageId ?? ''} data-dzi={p.image?.dziUri ?? ''}>
        <PolygonOverlay
          polygons={p.polygons}
          transform={{ scale: 0.25, tx: 0, ty: 0 }}
          onSelect={p.onSelectPolygon}
          selectedId={p.selectedPolygonId}
        />
      </div>
    ),
  };
});

configure({ asyncUtilTimeout: 20000 });
afterEach(() => {
  vi.unstubAllGlobals();
  sockets.length = 0;
});

async function open(path: string, opts: { locale?: 'en_us' | 'zh_cn'; done?: boolean } = {}) {
  localStorage.setItem('access_token', 'acc');
  const server = stitchingFetch({ done: opts.done });
  vi.stubGlobal('fetch', server.fetchMock);
  const app = await renderApp({ path, locale: opts.locale, session: readySession() });
  return { ...app, ...server };
}

const points = (id: string) => document.querySelector(`[data-defect-id="${id}"]`)?.getAttribute('points');
const inputOf = (testId: string) => {
  const el = screen.getByTestId(testId);
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')!) as HTMLInputElement;
};

describe('stitching page', { timeout: 60000 }, () => {
  it('stitches a path, shows progress, outlines the photos and defects, nudges a photo with the keys and applies the offsets (en)', async () => {
    const { calls, state } = await open('/stitching?taskId=t-1');
    expect(await screen.findByText('Stitching')).toBeTruthy();
    const select = await screen.findByTestId('path-select');
    await waitFor(() => expect(select.textContent).toContain('Blade 1 · Leading edge (3 photos)'));
    expect(screen.getByTestId('stitching-turbine').textContent).toContain('DBN-01');
    expect(screen.getByTestId('stitching-stage').textContent).toBe('Current stage: Stitching');
    expect((await screen.findByTestId('panorama-status')).getAttribute('data-status')).toBe('none');
    expect(screen.getByTestId('not-stitched')).toBeTruthy();

    state.hold = true;
    fireEvent.click(screen.getByTestId('stitch'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/inspections/i-1/panoramas'))).toBe(true));
    const post = calls.find((c) => c.method === 'POST' && c.path.endsWith('/inspections/i-1/panoramas'))!;
    expect(post.body).toEqual({ bladePosition: 1, pathViewIndex: 5, chamber: 0 });
    expect(await screen.findByTestId('stitch-progress')).toBeTruthy();
    expect(screen.getByTestId('panorama-status').textContent).toBe('Stitching');
    state.hold = false;

    const viewer = await screen.findByTestId('osd-viewer');
    expect(viewer.getAttribute('data-dzi')).toBe('/gw/inspection/api/v2/panoramas/p-1/image.dzi?v=1');
    await waitFor(() => expect(within(viewer).getByTestId('polygon-overlay').getAttribute('data-polygons')).toBe('4'));
    expect(points('image:img-2')).toBe('1000,10 2200,10 2200,410 1000,410');
    expect(points('defect:d-1')).toBe('1100,100 1150,100 1125,150');
    expect(screen.getByTestId('panorama-size').textContent).toBe('3400 × 420 px · 3 photos');

    // Select the second photo and move it: → → → and Shift+↓ (1 px, then 10 px in source pixels).
    const item = screen.getAllByTestId('placement-item').find((e) => e.getAttribute('data-image-id') === 'img-2')!;
    fireEvent.click(item);
    expect(item.getAttribute('data-selected')).toBe('yes');
    for (let i = 0; i < 3; i++) fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    fireEvent.keyDown(document.body, { key: 'ArrowDown', shiftKey: true });
    await waitFor(() => expect(inputOf('offset-dx').value).toBe('3'));
    expect(inputOf('offset-dy').value).toBe('10');
    // The preview moves the outline and its defect by the offset at the panorama's scale (0.5).
    expect(points('image:img-2')).toBe('1001.5,15 2201.5,15 2201.5,415 1001.5,415');
    expect(points('defect:d-1')).toBe('1101.5,105 1151.5,105 1126.5,155');
    expect(points('image:img-1')).toBe('0,10 1200,10 1200,410 0,410');
    expect(screen.getByTestId('offsets-pending')).toBeTruthy();
    // Typing is not nudging.
    fireEvent.keyDown(inputOf('offset-dx'), { key: 'ArrowLeft' });
    expect(inputOf('offset-dy').value).toBe('10');

    fireEvent.click(screen.getByTestId('apply-offsets'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path.endsWith('/panoramas/p-1/offsets'))).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ offsets: { 'img-2': { dx: 3, dy: 10 } } });
    await waitFor(() =>
      expect(screen.getByTestId('osd-viewer').getAttribute('data-dzi')).toBe('/gw/inspection/api/v2/panoramas/p-1/image.dzi?v=2'),
    );
    expect(points('image:img-2')).toBe('1001.5,15 2201.5,15 2201.5,415 1001.5,415');
    expect(screen.queryByTestId('offsets-pending')).toBeNull();

    // Completing the stage: the server's refusal is shown in words.
    fireEvent.click(screen.getByTestId('complete-stitching'));
    const refused = await screen.findByTestId('complete-error');
    expect(refused.textContent).toContain(errorText('STAGE_NOT_CURRENT', 'en_us'));
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/tasks/t-1/stages/6/complete'))).toBe(true);
  });

  it('shows the stitching failure −11005 in Chinese', async () => {
    const { calls } = await open('/stitching?taskId=t-1', { locale: 'zh_cn' });
    const select = await screen.findByTestId('path-select');
    await waitFor(() => expect(select.textContent).toContain('叶片 1 · 前缘'));
    await pickOption(select, (text) => text.startsWith('叶片 2'));
    await waitFor(() => expect(screen.getByTestId('path-select').textContent).toContain('叶片 2 · 前缘'));
    fireEvent.click(screen.getByTestId('stitch'));
    const failed = await screen.findByTestId('stitch-failed');
    expect(failed.getAttribute('data-code')).toBe('-11005');
    expect(failed.textContent).toContain('拼接失败。');
    expect(failed.textContent).toContain('img-5');
    expect(screen.getByTestId('panorama-status').textContent).toBe('失败');
    expect(calls.find((c) => c.method === 'POST' && c.path.endsWith('/panoramas'))!.body).toEqual({
      bladePosition: 2,
      pathViewIndex: 5,
      chamber: 0,
    });
  });

  it('review mode: read-only panorama, fail needs comments, the result goes to the task (en)', async () => {
    const { calls } = await open('/stitching?taskId=t-review&mode=review', { done: true });
    expect(await screen.findByText('Stitching review')).toBeTruthy();
    await screen.findByTestId('osd-viewer');
    expect(screen.queryByTestId('stitch')).toBeNull();
    expect(screen.queryByTestId('apply-offsets')).toBeNull();
    expect(screen.queryByTestId('complete-stitching')).toBeNull();
    expect(screen.queryByTestId('review-not-stage')).toBeNull();
    // No nudging in review.
    fireEvent.click(screen.getAllByTestId('placement-item')[0]!);
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(points('image:img-1')).toBe('0,10 1200,10 1200,410 0,410');

    const form = screen.getByTestId('review-form');
    expect(
      within(form)
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent),
    ).toEqual(['Pass', 'Pass with issue', 'Fail']);
    fireEvent.click(within(form).getByText('Fail'));
    expect(within(form).getByText('Comments are required when the result is fail.')).toBeTruthy();
    expect((screen.getByTestId('review-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('review-comments'), { target: { value: ' seam at 12 m ' } });
    expect((screen.getByTestId('review-submit') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByTestId('review-submit'));
    await screen.findByTestId('review-done');
    expect(calls.find((c) => c.method === 'POST' && c.path.endsWith('/tasks/t-review/qa'))!.body).toEqual({
      result: 3,
      comments: 'seam at 12 m',
      stage: 7,
    });
  });

  it('says so when the task is missing, and when the build switched stitching off (zh)', async () => {
    await open('/stitching', { locale: 'zh_cn' });
    expect((await screen.findByTestId('stitching-missing-task')).textContent).toContain('未打开任务');

    initI18n('zh_cn');
    await i18n.changeLanguage('zh_cn');
    const store = createStore({ app: createAppState({ ...TEST_CONFIG, appLocale: 'zh_cn' }, 'zh_cn'), session: readySession() });
    const router = createMemoryRouter(
      [{ path: '/stitching', element: <StitchingScreen switches={{ ...DEFAULT_FEATURE_SWITCHES, stitching: false }} /> }],
      {
        initialEntries: ['/stitching?taskId=t-1'],
      },
    );
    await act(async () => {
      render(
        <TestProviders store={store}>
        <RouterProvider router={router} />
      </TestProviders>,
      );
    });
    const off = await screen.findByTestId('stitching-feature-off');
    expect(off.textContent).toContain('拼接');
    expect(off.textContent).toContain(i18n.t('areas:featureOff'));
  });
});

describe('stitching: a stage completed in another window', { timeout: 60000 }, () => {
  const push = (taskId: string) => act(async () => sockets.at(-1)!.fire('task.changed', { taskId, version: 9 }));

  it('stitching completed elsewhere: Complete and Stitch are disabled with a notice, pushed live (en)', async () => {
    const { state, calls } = await open('/stitching?taskId=t-1');
    await screen.findByTestId('path-select');
    expect((screen.getByTestId('complete-stitching') as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByTestId('stitch') as HTMLButtonElement).disabled).toBe(false);
    state.stage['t-1'] = 7;
    await push('t-1');
    expect((await screen.findByTestId('stage-closed')).textContent).toContain('The “Stitching” stage has been completed.');
    expect((screen.getByTestId('complete-stitching') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('stitch') as HTMLButtonElement).disabled).toBe(true);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('stitching QA passed elsewhere: the result and Submit are disabled with a notice, pushed live (zh)', async () => {
    const { state } = await open('/stitching?taskId=t-review&mode=review', { locale: 'zh_cn', done: true });
    const form = await screen.findByTestId('review-form');
    fireEvent.click(within(form).getAllByRole('radio')[0]!);
    await waitFor(() => expect((screen.getByTestId('review-submit') as HTMLButtonElement).disabled).toBe(false));
    state.stage['t-review'] = 12;
    await push('t-review');
    expect((await screen.findByTestId('stage-closed')).textContent).toContain('环节已完成。');
    expect(screen.getByTestId('stage-closed').textContent).toContain('本窗口中该环节的操作已禁用');
    expect((screen.getByTestId('review-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('review-not-stage')).toBeNull();
    for (const r of within(form).getAllByRole('radio')) expect((r as HTMLInputElement).disabled).toBe(true);
  });
});
