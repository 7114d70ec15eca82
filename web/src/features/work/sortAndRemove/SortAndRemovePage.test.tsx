import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { readySession, renderApp } from '@/test/renderApp';
import { errorText } from './contracts';
import { bigData, sarFetch, sarTask, type Call } from './testing/fakeServer';
import { sockets } from '@/test/fakeSocket';

// The tool keeps its task live over the task-flow socket (docs/work-tools.md): a double the test fires.
vi.mock('socket.io-client', () => import('@/test/fakeSocket'));

// Every thumbnail render asks for its image once: recording the asks counts thumbnail renders.
const thumbRenders = vi.hoisted(() => [] as (string | null)[]);
vi.mock('./thumbs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./thumbs')>();
  return {
    ...actual,
    useLazyImage: (url: string | null, ref: Parameters<typeof actual.useLazyImage>[1]) => {
      thumbRenders.push(url);
      return actual.useLazyImage(url, ref);
    },
  };
});

configure({ asyncUtilTimeout: 15000 });
vi.setConfig({ testTimeout: 60000 });
afterEach(() => {
  vi.unstubAllGlobals();
  sockets.length = 0;
});

async function open(options: { locale?: 'en_us' | 'zh_cn'; task?: ReturnType<typeof sarTask>; data?: ReturnType<typeof bigData> } = {}) {
  localStorage.setItem('access_token', 'acc');
  const server = sarFetch(options.task, options.data);
  vi.stubGlobal('fetch', server.fetchMock);
  await renderApp({ path: '/sortAndRemove?taskId=t-1', locale: options.locale, session: readySession() });
  await screen.findAllByTestId('sar-strip');
  return server;
}

const strips = () => screen.getAllByTestId('sar-strip');
const strip = (pathGuid: string) => strips().find((s) => s.getAttribute('data-path') === pathGuid)!;
const thumb = (id: string) => screen.getAllByTestId('sar-thumb').find((t) => t.getAttribute('data-id') === id)!;
const idsOf = (pathGuid: string) =>
  within(strip(pathGuid))
    .queryAllByTestId('sar-thumb')
    .map((t) => t.getAttribute('data-id'));
const puts = (calls: Call[]) => calls.filter((c) => c.method === 'PUT');
const key = (k: string, extra: Partial<KeyboardEventInit> = {}) => act(() => void fireEvent.keyDown(document.body, { key: k, ...extra }));

describe('sort and remove', () => {
  it('shows the header and one strip per path with translated labels, counts and saved states (en)', async () => {
    await open();
    expect(screen.getByTestId('sar-park').textContent).toBe('Dogger Bank North');
    expect(screen.getByTestId('sar-turbine').textContent).toBe('DBN-01');
    // 120 s reported before, nothing counted on this page yet.
    expect(screen.getByTestId('sar-spent').textContent).toBe('00:02:00');
    expect(strips().map((s) => within(s).getByTestId('sar-strip-title').textContent)).toEqual([
      'Blade 1 · LE',
      'Blade 1 · TE · Leading edge chamber',
      'Blade 2 · PS',
    ]);
    expect(strips().map((s) => s.getAttribute('data-state'))).toEqual(['unsaved', 'unsaved', 'saved']);
    expect(within(strip('p-le')).getByText('3 of 3 active')).toBeTruthy();
    expect(within(strip('p-le')).getByText('S/N DBN1-A-B108')).toBeTruthy();
    expect(idsOf('p-le')).toEqual(['a', 'b', 'c']);
    // Thumbnails load lazily through the authorised fetch.
    const img = await waitFor(() => {
      const el = thumb('a').querySelector('img');
      expect(el).toBeTruthy();
      return el!;
    });
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(screen.getByTestId('sar-distance-bounds').textContent).toBe('From -5 m to 60 m, 2 decimals');
  });

  it('click, ctrl-click and shift-click select; toggling deactivates; Save sends order, flags and isEdit (en)', async () => {
    const { calls } = await open();
    fireEvent.click(thumb('a'));
    fireEvent.click(thumb('c'), { ctrlKey: true });
    expect(screen.getByTestId('sar-selection-count').textContent).toBe('2 selected');
    fireEvent.click(screen.getByTestId('sar-toggle-active'));
    expect(['a', 'b', 'c'].map((id) => thumb(id).getAttribute('data-active'))).toEqual(['false', 'true', 'false']);
    expect(strip('p-le').getAttribute('data-state')).toBe('dirty');
    expect(within(strip('p-le')).getByText('1 of 3 active')).toBeTruthy();
    // Shift-click: a range from the last clicked image.
    fireEvent.click(thumb('d'));
    fireEvent.click(thumb('e'), { shiftKey: true });
    expect(screen.getByTestId('sar-selection-count').textContent).toBe('2 selected');

    fireEvent.click(within(strip('p-le')).getByTestId('sar-save-path'));
    await waitFor(() => expect(strip('p-le').getAttribute('data-state')).toBe('saved'));
    const [put] = puts(calls);
    expect(put!.path).toBe('/gw/inspection/api/v2/inspections/i-1/paths/p-le');
    expect(put!.body).toEqual({
      images: [
        { guid: 'a', sortIndex: 0, distanceToRoot: null, isActive: false, keyPartTag: null, isEdit: true },
        { guid: 'b', sortIndex: 1, distanceToRoot: 12.5, isActive: true, keyPartTag: null, isEdit: false },
        { guid: 'c', sortIndex: 2, distanceToRoot: null, isActive: false, keyPartTag: null, isEdit: true },
      ],
    });
    expect(thumb('a').getAttribute('data-active')).toBe('false');
  });

  it('keyboard: arrows move the focus, Alt+arrows reorder and move to another path, Space toggles, Ctrl+S saves (en)', async () => {
    const { calls } = await open();
    fireEvent.click(thumb('a'));
    await key('ArrowRight');
    expect(thumb('b').getAttribute('data-focused')).toBe('true');
    expect(screen.getByTestId('sar-preview').getAttribute('data-id')).toBe('b');
    await key('ArrowLeft', { altKey: true });
    expect(idsOf('p-le')).toEqual(['b', 'a', 'c']);
    await key(' ');
    expect(thumb('b').getAttribute('data-active')).toBe('false');
    // c goes down to the TE path (appended), the focus follows it.
    await key('ArrowRight');
    await key('ArrowRight');
    await key('ArrowDown', { altKey: true });
    expect(idsOf('p-le')).toEqual(['b', 'a']);
    expect(idsOf('p-te')).toEqual(['d', 'e', 'c']);
    // Up: the LE path at the same position (clamped to its last image).
    await key('ArrowUp');
    expect(screen.getByTestId('sar-preview').getAttribute('data-id')).toBe('a');
    await key('s', { ctrlKey: true });
    await waitFor(() => expect(puts(calls).length).toBe(1));
    // The save of LE carries the TE list (c's new place) so both orders stay whole.
    expect(puts(calls)[0]!.body).toEqual({
      images: [
        { guid: 'b', sortIndex: 0, distanceToRoot: 12.5, isActive: false, keyPartTag: null, isEdit: true },
        { guid: 'a', sortIndex: 1, distanceToRoot: null, isActive: true, keyPartTag: null, isEdit: false },
        { guid: 'd', sortIndex: 0, distanceToRoot: null, isActive: true, keyPartTag: null, isEdit: false, pathGuid: 'p-te' },
        { guid: 'e', sortIndex: 1, distanceToRoot: null, isActive: true, keyPartTag: null, isEdit: false, pathGuid: 'p-te' },
        { guid: 'c', sortIndex: 2, distanceToRoot: null, isActive: true, keyPartTag: null, isEdit: false, pathGuid: 'p-te' },
      ],
    });
    await waitFor(() => expect(strip('p-le').getAttribute('data-state')).toBe('saved'));
    expect(idsOf('p-te')).toEqual(['d', 'e', 'c']);
    expect(strip('p-te').getAttribute('data-state')).toBe('unsaved');
  });

  it('distance to root and key-part tag: bounds checked with the contracts rule, then saved as edits (en)', async () => {
    const { calls } = await open();
    fireEvent.click(thumb('d'));
    fireEvent.change(screen.getByTestId('sar-distance'), { target: { value: '60.01' } });
    fireEvent.click(screen.getByTestId('sar-distance-apply'));
    expect(screen.getByTestId('sar-input-error').textContent).toBe(errorText(-13013, 'en_us'));
    fireEvent.change(screen.getByTestId('sar-distance'), { target: { value: '33.25' } });
    fireEvent.click(screen.getByTestId('sar-distance-apply'));
    expect(screen.queryByTestId('sar-input-error')).toBeNull();
    fireEvent.change(screen.getByTestId('sar-tag'), { target: { value: 'root joint' } });
    fireEvent.click(screen.getByTestId('sar-tag-apply'));
    fireEvent.click(within(strip('p-te')).getByTestId('sar-save-path'));
    await waitFor(() => expect(puts(calls).length).toBe(1));
    expect((puts(calls)[0]!.body as { images: unknown[] }).images[0]).toEqual({
      guid: 'd',
      sortIndex: 0,
      distanceToRoot: 33.25,
      isActive: true,
      keyPartTag: 'root joint',
      isEdit: true,
    });
  });

  it('submit with unsaved paths lists them; saving all then submitting completes the stage (zh)', async () => {
    const { calls } = await open({ locale: 'zh_cn' });
    expect(within(strip('p-te')).getByTestId('sar-strip-title').textContent).toBe('叶片1 · 后缘 · 前缘腔');
    fireEvent.click(screen.getByTestId('sar-submit'));
    const warning = await screen.findByTestId('sar-unsaved-warning');
    expect(screen.getByText('请先保存所有路径')).toBeTruthy();
    expect(
      within(warning)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['叶片1 · 前缘', '叶片1 · 后缘 · 前缘腔']);
    expect(calls.some((c) => c.path.endsWith('/complete'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));

    fireEvent.click(within(strip('p-le')).getByTestId('sar-save-path'));
    await waitFor(() => expect(strip('p-le').getAttribute('data-state')).toBe('saved'));
    fireEvent.click(within(strip('p-te')).getByTestId('sar-save-path'));
    await waitFor(() => expect(strip('p-te').getAttribute('data-state')).toBe('saved'));
    fireEvent.click(screen.getByTestId('sar-submit'));
    // Asked first: cancelling sends nothing; confirming completes the stage.
    expect(await screen.findByText('确认提交筛选与剔除？')).toBeTruthy();
    expect(screen.getByTestId('sar-submit-confirm').textContent).toContain('任务将进入标注环节');
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(calls.some((c) => c.path.endsWith('/complete'))).toBe(false);
    fireEvent.click(screen.getByTestId('sar-submit'));
    fireEvent.click(await screen.findByTestId('sar-submit-ok'));
    expect(await screen.findByText('筛选与剔除已提交')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/gw/task/api/v2/tasks/t-1/stages/3/complete').length).toBe(1);
  });

  it.each(['en_us', 'zh_cn'] as const)(
    'Submit asks first; once the stage is completed in another window Submit is disabled with a notice, pushed live (%s)',
    async (locale) => {
      const en = locale === 'en_us';
      const { calls, completeElsewhere } = await open({ locale });
      for (const p of ['p-le', 'p-te']) {
        fireEvent.click(within(strip(p)).getByTestId('sar-save-path'));
        await waitFor(() => expect(strip(p).getAttribute('data-state')).toBe('saved'));
      }
      fireEvent.click(screen.getByTestId('sar-submit'));
      expect(await screen.findByText(en ? 'Submit sort and remove?' : '确认提交筛选与剔除？')).toBeTruthy();
      expect(screen.getByTestId('sar-submit-confirm').textContent).toContain(en ? 'The task moves on to labeling.' : '任务将进入标注环节');
      fireEvent.click(screen.getByRole('button', { name: en ? 'Cancel' : /取\s*消/ }));
      expect(screen.getByTestId('sar-submit')).toHaveProperty('disabled', false);
      expect(screen.queryByTestId('stage-closed')).toBeNull();

      completeElsewhere();
      await act(async () => sockets.at(-1)!.fire('task.changed', { taskId: 't-1', version: 7 }));
      const notice = await screen.findByTestId('stage-closed');
      expect(notice.textContent).toContain(en ? 'The “Sort and remove” stage has been completed.' : '环节已完成。');
      expect(notice.textContent).toContain(en ? 'Its actions are disabled in this window' : '本窗口中该环节的操作已禁用');
      await waitFor(() => expect(screen.getByTestId('sar-submit')).toHaveProperty('disabled', true));
      expect(screen.queryByTestId('sar-read-only')).toBeNull();
      expect(calls.some((c) => c.path.endsWith('/complete'))).toBe(false);
    },
  );

  it('a refused delete is shown translated and the image stays; an allowed delete removes it (zh)', async () => {
    const { calls } = await open({ locale: 'zh_cn' });
    fireEvent.click(thumb('c'));
    await key('Delete');
    fireEvent.click(await screen.findByTestId('sar-delete-ok'));
    expect((await screen.findByTestId('sar-error')).textContent).toContain(errorText('IMAGE_HAS_DEFECTS', 'zh_cn'));
    expect(idsOf('p-le')).toEqual(['a', 'b', 'c']);
    fireEvent.click(thumb('e'));
    fireEvent.click(screen.getByTestId('sar-delete'));
    fireEvent.click(await screen.findByTestId('sar-delete-ok'));
    await waitFor(() => expect(idsOf('p-te')).toEqual(['d']));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/gw/inspection/api/v2/images/c',
      '/gw/inspection/api/v2/images/e',
    ]);
  });

  it("someone else's task is read-only; a ready task offers Pick (zh)", async () => {
    await open({ locale: 'zh_cn', task: sarTask({}, { handlerId: 'u-9', handlerName: '林' }) });
    expect(screen.getByTestId('sar-read-only').textContent).toContain('林正在处理该任务');
    expect((screen.getByTestId('sar-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(thumb('a'));
    await key(' ');
    expect(thumb('a').getAttribute('data-active')).toBe('true');
  });

  it('a ready task is picked from the tool, then it can be worked on (en)', async () => {
    const { calls } = await open({ task: sarTask({}, { status: 3, handlerId: null, handlerName: null }) });
    fireEvent.click(screen.getByTestId('sar-pick'));
    await waitFor(() => expect(screen.queryByTestId('sar-read-only')).toBeNull());
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/tasks/t-1/pick'))).toBe(true);
    expect((screen.getByTestId('sar-submit') as HTMLButtonElement).disabled).toBe(false);
  });

  it('1,200 images: thumbnails load only when seen, and moving the focus touches two thumbnails only (en)', async () => {
    // An IntersectionObserver that reports nothing: no thumbnail is near the view.
    const observed: Element[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe(el: Element) {
          observed.push(el);
        }
        unobserve() {}
        disconnect() {}
      },
    );
    const { calls } = await open({ data: bigData(200) });
    expect(screen.getAllByTestId('sar-thumb').length).toBe(1200);
    expect(observed.length).toBe(1200);
    // Only the preview of the focused image is fetched right away.
    await waitFor(() => expect(screen.getByTestId('sar-preview-image')).toBeTruthy());
    expect(calls.filter((c) => c.path.endsWith('/thumbnail')).map((c) => c.path)).toEqual([
      '/gw/inspection/api/v2/images/p-1-5-0/thumbnail',
    ]);

    fireEvent.click(thumb('p-1-5-10'));
    thumbRenders.length = 0;
    await key('ArrowRight');
    await key('ArrowDown');
    expect(thumb('p-1-7-11').getAttribute('data-focused')).toBe('true');
    // Only the thumbnails whose focus or selection changed render again, not 1,200.
    const ids = thumbRenders.map((u) => /images\/([^/]+)\/thumbnail/.exec(u ?? '')?.[1]);
    expect(ids.sort()).toEqual(['p-1-5-10', 'p-1-5-11', 'p-1-5-11', 'p-1-7-11']);
  });

  it('time spent ticks each visible second, survives re-renders, and a full minute is reported (en)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const { calls } = await open();
      await act(async () => void vi.advanceTimersByTime(3000));
      expect(screen.getByTestId('sar-spent').textContent).toBe('00:02:03');
      // A save re-renders the page: the count goes on.
      fireEvent.click(within(strip('p-le')).getByTestId('sar-save-path'));
      await waitFor(() => expect(strip('p-le').getAttribute('data-state')).toBe('saved'));
      await act(async () => void vi.advanceTimersByTime(57000));
      expect(screen.getByTestId('sar-spent').textContent).toBe('00:03:00');
      await waitFor(() =>
        expect(calls.filter((c) => c.path.endsWith('/spent-time')).map((c) => [c.method, c.body])).toEqual([['POST', { seconds: 60 }]]),
      );
    } finally {
      vi.useRealTimers();
    }
  });
});
