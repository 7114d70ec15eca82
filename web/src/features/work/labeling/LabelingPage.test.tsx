import { afterEach, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { readySession, renderApp } from '@/test/renderApp';
import type { ViewerProps } from '@/shared/viewer/types';
import { labelingServer, labelingTask, type Call } from './testing/fakeServer';
import type { LabelingDefect } from './labelingApi';
import { defect } from '@/test/fixtures/inspection';
import { sockets } from '@/test/fakeSocket';
import { TASK_STAGE_LABELS } from './contracts';

// The tool keeps its task live over the task-flow socket (docs/work-tools.md): a double the test fires.
vi.mock('socket.io-client', () => import('@/test/fakeSocket'));

/**
 * OpenSeadragon needs a real canvas: the viewer chunk is replaced by the polygon overlay with a
 * fixed transform (image px × 0.5) and a viewer double whose canvas events the test raises.
 */
const osd = vi.hoisted(() => {
  const handlers = new Map<string, Set<(e: unknown) => void>>();
  const state = { mounts: 0, element: null as HTMLElement | null };
  return {
    state,
    handlers,
    viewer: () => ({
      element: (state.element ??= document.createElement('div')),
      addHandler: (name: string, h: (e: unknown) => void) => void (handlers.get(name) ?? handlers.set(name, new Set()).get(name)!).add(h),
      removeHandler: (name: string, h: (e: unknown) => void) => void handlers.get(name)?.delete(h),
    }),
    raise: (name: string, e: unknown) => handlers.get(name)?.forEach((h) => h(e)),
  };
});

vi.mock('@/shared/viewer/OsdViewer', async () => {
  const { PolygonOverlay } = await import('@/shared/viewer/PolygonOverlay');
  function FakeViewer(p: ViewerProps) {
    useEffect(() => {
      osd.state.mounts++;
      p.onViewer?.(osd.viewer() as never);
      p.onTransform?.({ scale: 0.5, tx: 0, ty: 0 });
      return () => p.onViewer?.(null);
      // mounted once, like the real viewer
    }, []);
    return (
      <div data-testid="osd-viewer" data-image-id={p.image?.imageId ?? ''}>
        <PolygonOverlay
          polygons={p.polygons}
          transform={{ scale: 0.5, tx: 0, ty: 0 }}
          selectedIds={p.selectedPolygonIds}
          interactive={p.polygonsInteractive}
          extra={p.overlay}
        />
      </div>
    );
  }
  return { default: FakeViewer };
});

configure({ asyncUtilTimeout: 20000 });
afterEach(() => {
  vi.unstubAllGlobals();
  sockets.length = 0;
  osd.handlers.clear();
  osd.state.mounts = 0;
});

type Server = ReturnType<typeof labelingServer>;

async function open(path: string, server: Server, locale: 'en_us' | 'zh_cn' = 'en_us') {
  localStorage.setItem('access_token', 'acc');
  vi.stubGlobal('fetch', server.fetchMock);
  const base = readySession();
  const app = await renderApp({ path, locale, session: readySession({ personalInfo: { ...base.personalInfo!, id: 'u-1' } }) });
  return app;
}

const click = (x: number, y: number, shift = false) =>
  act(async () => {
    osd.raise('canvas-click', { position: { x, y }, quick: true, shift, originalEvent: { shiftKey: shift } });
  });
const key = (k: string, extra: Record<string, boolean> = {}) =>
  act(async () => {
    fireEvent.keyDown(window, { key: k, ...extra });
  });
const writes = (calls: Call[], method: string, path: RegExp) => calls.filter((c) => c.method === method && path.test(c.path));

describe('labeling tool (en)', { timeout: 90000 }, () => {
  it('refuses to save without a polygon, draws one with clicks, saves it; severity key, undo and redo, then a PATCH', async () => {
    const server = labelingServer({ task: labelingTask(4) });
    await open('/labeling?taskId=task-1', server);
    const ws = await screen.findByTestId('labeling-workspace');
    expect(ws.getAttribute('data-mode')).toBe('label');
    expect(screen.getByTestId('labeling-task').textContent).toContain('DBN-01');
    // image list by blade and path with labeled counters
    const groups = await screen.findAllByTestId('strip-group');
    await waitFor(() =>
      expect(groups.map((g) => within(g).getByTestId('strip-group-count').textContent)).toEqual(['1/2 labeled', '0/1 labeled']),
    );
    const viewer = await screen.findByTestId('osd-viewer');
    expect(viewer.getAttribute('data-image-id')).toBe('img-1');
    await waitFor(() => expect(within(viewer).getAllByTestId('defect-polygon')).toHaveLength(2));

    // The form first: saving without an outline is refused on the client, nothing is sent.
    fireEvent.change(within(screen.getByTestId('field-defectType')).getByRole('textbox'), { target: { value: 'Crack' } });
    fireEvent.click(screen.getByTestId('save-defect'));
    expect((await screen.findByTestId('form-problem')).textContent).toBe('Please draw a polygon first.');
    expect(writes(server.calls, 'POST', /\/defects$/)).toHaveLength(0);

    // P, three clicks, Enter: the outline in image pixels (the double's transform halves them).
    await key('p');
    expect(screen.getByTestId('tool-polygon').getAttribute('aria-pressed')).toBe('true');
    await click(10, 10);
    await click(60, 10);
    await click(60, 40);
    expect(screen.getByTestId('drawing').getAttribute('data-points')).toBe('3');
    await key('Enter');
    expect(screen.getByTestId('draft-polygon').getAttribute('data-points')).toBe('20,20 120,20 120,80');
    await key('s', { ctrlKey: true });
    await waitFor(() => expect(writes(server.calls, 'POST', /\/inspections\/i-new\/defects$/)).toHaveLength(1));
    const posted = writes(server.calls, 'POST', /\/inspections\/i-new\/defects$/)[0]!.body as Record<string, unknown>;
    expect(posted).toMatchObject({
      imageId: 'img-1',
      defectType: 'Crack',
      polygon: [
        [20, 20],
        [120, 20],
        [120, 80],
      ],
    });
    expect(await screen.findByText('Defect 000003 saved.')).toBeTruthy();

    // "2" sets the selected defect's severity; Ctrl+Z / Ctrl+Shift+Z undo and redo it.
    const severity = () => within(screen.getByTestId('field-severity')).queryByText('Severity 2');
    await key('2');
    await waitFor(() => expect(severity()).toBeTruthy());
    expect(screen.getByTestId('defect-form').getAttribute('data-dirty')).toBe('true');
    await key('z', { ctrlKey: true });
    await waitFor(() => expect(severity()).toBeNull());
    await key('Z', { ctrlKey: true, shiftKey: true });
    await waitFor(() => expect(severity()).toBeTruthy());
    await key('s', { ctrlKey: true });
    await waitFor(() => expect(writes(server.calls, 'PATCH', /\/defects\/d-3$/)).toHaveLength(1));
    expect((writes(server.calls, 'PATCH', /\/defects\/d-3$/)[0]!.body as { severity: number }).severity).toBe(2);

    // Undo also takes back a freshly drawn outline.
    await key('Escape');
    await key('p');
    await click(100, 100);
    await click(150, 100);
    await click(150, 150);
    await key('z', { ctrlKey: true });
    expect(screen.getByTestId('drawing').getAttribute('data-points')).toBe('2');
    await click(120, 160);
    await key('Enter');
    expect(screen.getByTestId('draft-polygon')).toBeTruthy();
    await key('z', { ctrlKey: true });
    expect(screen.queryByTestId('draft-polygon')).toBeNull();
  });

  it('selects with clicks on the image and shift-clicks in the list, edits several defects at once', async () => {
    const server = labelingServer({ task: labelingTask(4) });
    await open('/labeling?taskId=task-1', server);
    await screen.findByTestId('labeling-workspace');
    // a click inside defect 1's outline (855..965 × 340..390 px) selects it
    await waitFor(() => expect(screen.getAllByTestId('defect-row')).toHaveLength(2));
    await click(450, 180);
    await waitFor(() => expect(screen.getByTestId('draft-polygon')).toBeTruthy());
    expect(within(screen.getByTestId('field-defectType')).getByRole('textbox')).toHaveProperty('value', 'Leading edge erosion');
    const rows = screen.getAllByTestId('defect-row');
    fireEvent.click(rows[1]!, { shiftKey: true });
    const bulk = await screen.findByTestId('bulk-edit');
    expect(within(bulk).getByText('2 defects selected')).toBeTruthy();
    fireEvent.click(within(bulk).getByTestId('bulk-enable-layer'));
    fireEvent.change(within(bulk).getByTestId('bulk-layer'), { target: { value: 'Paint' } });
    fireEvent.click(within(bulk).getByTestId('bulk-apply'));
    await waitFor(() => expect(writes(server.calls, 'PATCH', /\/defects\/bulk$/)).toHaveLength(1));
    expect(writes(server.calls, 'PATCH', /\/defects\/bulk$/)[0]!.body).toEqual({ defectIds: ['d-1', 'd-2'], changes: { layer: 'Paint' } });
    // the severity keys change every selected defect at once
    await key('4');
    await waitFor(() => expect(writes(server.calls, 'PATCH', /\/defects\/bulk$/)).toHaveLength(2));
    expect(writes(server.calls, 'PATCH', /\/defects\/bulk$/)[1]!.body).toEqual({ defectIds: ['d-1', 'd-2'], changes: { severity: 4 } });
  });

  it('deletes the selected defect after confirmation: the list and the labeling status are read again', async () => {
    const server = labelingServer({ task: labelingTask(4) });
    await open('/labeling?taskId=task-1', server);
    await screen.findByTestId('labeling-workspace');
    await waitFor(() => expect(screen.getAllByTestId('defect-row')).toHaveLength(2));
    const statusReads = () => server.calls.filter((c) => c.method === 'GET' && /\/labeling-status$/.test(c.path)).length;
    const before = statusReads();
    await click(450, 180);
    await waitFor(() => expect(screen.getByTestId('draft-polygon')).toBeTruthy());
    await key('Delete');
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writes(server.calls, 'DELETE', /\/defects\/d-1$/)).toHaveLength(1));
    await waitFor(() => expect(screen.getAllByTestId('defect-row')).toHaveLength(1));
    await waitFor(() => expect(statusReads()).toBeGreaterThan(before));
  });

  it('submit checks that every side is labeled, images are marked with L, then the stage completes', async () => {
    // Task-flow has not heard the last labeled side yet on the first try: the tool asks again.
    const server = labelingServer({ task: labelingTask(4), lateLabelingEvent: 1 });
    await open('/labeling?taskId=task-1', server);
    await screen.findByTestId('labeling-workspace');
    fireEvent.click(await screen.findByTestId('submit-labeling'));
    expect(await screen.findByText('All image sides must be labeled.')).toBeTruthy();
    await waitFor(() => expect(document.querySelectorAll('.lbl-strip__item--missing')).toHaveLength(2));
    expect(writes(server.calls, 'POST', /\/complete$/)).toHaveLength(0);
    // D → next image, L marks it; the zoom and pan are the viewer's: it is never mounted again
    await key('d');
    await waitFor(() => expect(screen.getByTestId('osd-viewer').getAttribute('data-image-id')).toBe('img-2'));
    await key('l');
    await waitFor(() => expect(server.labeled.has('img-2')).toBe(true));
    await key('ArrowRight');
    await waitFor(() => expect(screen.getByTestId('osd-viewer').getAttribute('data-image-id')).toBe('img-3'));
    await key('l');
    await waitFor(() => expect(server.labeled.has('img-3')).toBe(true));
    await waitFor(() => expect(document.querySelectorAll('[data-testid="strip-image"][data-done="true"]')).toHaveLength(3));
    expect(osd.state.mounts).toBe(1);
    fireEvent.click(screen.getByTestId('submit-labeling'));
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('labeling-finished')).toBeTruthy();
    expect(writes(server.calls, 'POST', /\/tasks\/task-1\/stages\/4\/complete$/)).toHaveLength(2);
  });

  it('pre-label: suggestions are dashed, accepted one by one or rejected all together, then the stage completes', async () => {
    const suggestions: LabelingDefect[] = [
      { ...defect('s-1', { defectNo: '000010', defectType: 'Erosion' }), suggested: true },
      { ...defect('s-2', { defectNo: '000011', defectType: 'Crack', imageId: 'img-3' }), suggested: true },
      { ...defect('d-1', {}), suggested: false },
    ];
    const server = labelingServer({ task: labelingTask(10), defects: suggestions });
    await open('/labeling?taskId=task-1', server);
    expect((await screen.findByTestId('labeling-workspace')).getAttribute('data-mode')).toBe('prelabel');
    await waitFor(() => expect(screen.getByTestId('prelabel-actions').textContent).toContain('2 suggestions to decide'));
    const dashed = [...screen.getAllByTestId('defect-polygon')].filter((p) => p.getAttribute('stroke-dasharray'));
    expect(dashed.map((p) => p.getAttribute('data-defect-id'))).toEqual(['s-1']);
    fireEvent.click(screen.getByTestId('submit-labeling'));
    expect(await screen.findByText('Accept or reject every suggestion first (2 left).')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accept suggestion 000010' }));
    await waitFor(() => expect(writes(server.calls, 'POST', /\/defects\/s-1\/accept$/)).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('prelabel-actions').textContent).toContain('1 suggestion to decide'));
    fireEvent.click(screen.getByTestId('reject-all'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject all' }));
    await waitFor(() => expect(writes(server.calls, 'POST', /\/suggestions\/reject$/)).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('prelabel-actions').textContent).toContain('0 suggestions'));
    fireEvent.click(screen.getByTestId('submit-labeling'));
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(writes(server.calls, 'POST', /\/stages\/10\/complete$/)).toHaveLength(1));
  });

  it("shows the reviewer's reasons when the labeling came back; read-only with a pick offer when the stage waits in the pool", async () => {
    // As task-flow answers (the review's counts and the people's ids with their names).
    const review = { counts: { added: 0, deleted: 0, modified: 2, correct: 0 }, reviewerId: 'u-rita', labelerId: 'u-1' };
    const qa = [
      {
        ...review,
        qaResultId: 'q1',
        taskStageType: 5,
        reviewedStageType: 4,
        result: 3,
        defectId: null,
        comments: 'Two outlines are too loose.',
        reviewerName: 'Rita Reviewer',
        labelerName: 'Ada',
        time: '2026-03-06T10:00:00.000Z',
      },
      {
        ...review,
        qaResultId: 'q2',
        taskStageType: 5,
        reviewedStageType: 4,
        result: 3,
        defectId: 'd-1',
        comments: 'Cut the outline to the erosion.',
        reviewerName: 'Rita Reviewer',
        labelerName: 'Ada',
        time: '2026-03-06T10:00:00.000Z',
      },
    ];
    const server = labelingServer({ task: labelingTask(4), qa });
    const { view } = await open('/labeling?taskId=task-1', server);
    const findings = await screen.findByTestId('qa-findings');
    expect(within(findings).getByTestId('qa-findings-reasons').textContent).toBe('Two outlines are too loose.');
    expect(within(findings).getByText('Cut the outline to the erosion.')).toBeTruthy();
    fireEvent.click(within(findings).getByText('#000001'));
    await waitFor(() => expect(screen.getByTestId('draft-polygon')).toBeTruthy());
    view.unmount();

    const pool = labelingServer({ task: labelingTask(4, null, 3) });
    await open('/labeling?taskId=task-1', pool);
    expect((await screen.findByTestId('labeling-workspace')).getAttribute('data-mode')).toBe('readonly');
    expect(screen.getByTestId('labeling-readonly').textContent).toContain('This stage waits in the task pool');
    // Nothing chosen in a read-only window: a hint, not a disabled "new defect" form.
    expect(screen.getByTestId('read-only-hint').textContent).toContain('Choose a defect');
    expect(screen.queryByTestId('defect-form')).toBeNull();
    expect(screen.queryByTestId('tool-polygon')).toBeNull();
    expect(screen.queryByTestId('submit-labeling')).toBeNull();
    fireEvent.click(screen.getByTestId('labeling-pick'));
    await waitFor(() => expect(writes(pool.calls, 'POST', /\/tasks\/task-1\/pick$/)).toHaveLength(1));
  });

  it('the help panel lists the shortcuts, takes a new key, refuses one already in use, and keeps them', async () => {
    const server = labelingServer({ task: labelingTask(4) });
    await open('/labeling?taskId=task-1', server);
    await screen.findByTestId('labeling-workspace');
    await key('?');
    const help = await screen.findByTestId('shortcut-help');
    expect(within(help).getByTestId('keys-nextImage').textContent).toBe('→D');
    fireEvent.click(within(help).getByTestId('change-toolPolygon'));
    await key('g');
    await waitFor(() => expect(within(help).getByTestId('keys-toolPolygon').textContent).toBe('G'));
    expect(JSON.parse(localStorage.getItem('labeling.shortcuts')!)).toEqual({ toolPolygon: ['g'] });
    fireEvent.click(within(help).getByTestId('change-toolSelect'));
    await key('g');
    expect((await within(help).findByTestId('shortcut-conflict')).textContent).toContain('G is already used by "Draw a polygon"');
  });
});

describe('review mode (zh)', { timeout: 90000 }, () => {
  it('J selects, N rejects with a required comment, fail is suggested and needs reasons, the QA result is posted', async () => {
    const server = labelingServer({ task: labelingTask(5) });
    await open('/labeling?taskId=task-1&mode=review', server, 'zh_cn');
    expect((await screen.findByTestId('labeling-workspace')).getAttribute('data-mode')).toBe('review');
    expect(screen.getByText('标注审核')).toBeTruthy();
    expect(screen.queryByTestId('tool-polygon')).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId('defect-row')).toHaveLength(2));
    await key('j');
    expect(within(await screen.findByTestId('review-defect')).getByText('缺陷 000001')).toBeTruthy();
    await key('n');
    await waitFor(() => expect(screen.getAllByTestId('verdict-tag').map((t) => t.textContent)).toEqual(['已拒绝']));
    await key('j');
    await key('y');
    await waitFor(() => expect(screen.getAllByTestId('verdict-tag').map((t) => t.textContent)).toEqual(['已拒绝', '已接受']));
    expect(within(screen.getByTestId('count-rejected')).getByText('1')).toBeTruthy();
    expect(within(screen.getByTestId('count-accepted')).getByText('1')).toBeTruthy();
    // fail is suggested because a defect is rejected
    expect(within(screen.getByTestId('review-result-choice')).getByRole('radio', { name: '不通过' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByTestId('submit-review'));
    expect((await screen.findByTestId('review-problem')).textContent).toBe('每个被拒绝的缺陷都需要填写原因。');
    // the rejected defect is brought back to be commented
    await waitFor(() => expect(screen.getByTestId('review-defect').getAttribute('data-defect-id')).toBe('d-1'));
    fireEvent.change(screen.getByTestId('verdict-comment'), { target: { value: '轮廓过大' } });
    fireEvent.click(screen.getByTestId('submit-review'));
    expect((await screen.findByTestId('review-problem')).textContent).toBe('请填写审核不通过的原因。');
    fireEvent.change(screen.getByTestId('review-comments'), { target: { value: '请修改缺陷 000001 的轮廓' } });
    fireEvent.click(screen.getByTestId('submit-review'));
    await waitFor(() => expect(writes(server.calls, 'POST', /\/tasks\/task-1\/qa$/)).toHaveLength(1));
    expect(writes(server.calls, 'POST', /\/tasks\/task-1\/qa$/)[0]!.body).toEqual({
      stage: 5,
      result: 3,
      comments: '请修改缺陷 000001 的轮廓',
      counts: { added: 0, deleted: 0, modified: 1, correct: 1 },
      defects: [
        { defectId: 'd-1', result: 3, comments: '轮廓过大' },
        { defectId: 'd-2', result: 1, comments: '' },
      ],
    });
    expect((await screen.findByTestId('labeling-finished')).textContent).toContain('审核已提交：不通过。');
  });

  it('switching between labeling and review keeps the same viewer (zoom and pan stay)', async () => {
    const server = labelingServer({ task: labelingTask(5) });
    await open('/labeling?taskId=task-1', server, 'zh_cn');
    expect((await screen.findByTestId('labeling-workspace')).getAttribute('data-mode')).toBe('readonly');
    expect(screen.getByTestId('labeling-readonly').textContent).toContain('不是标注或预标注');
    fireEvent.click(within(screen.getByTestId('mode-switch')).getByText('审核'));
    await waitFor(() => expect(screen.getByTestId('labeling-workspace').getAttribute('data-mode')).toBe('review'));
    expect(osd.state.mounts).toBe(1);
  });
});

describe('guards: unreviewed defects and a stage completed elsewhere', { timeout: 90000 }, () => {
  const texts = {
    en_us: {
      left: '1 defect is not reviewed yet: a review passes only with a verdict on every defect.',
      problem: 'Review the last unreviewed defect (shown now) before passing, or choose fail.',
    },
    zh_cn: { left: '还有1个缺陷未审核：需审核全部缺陷后审核才能通过。', problem: '请先审核剩余的1个未审核缺陷（已显示第一个），或选择不通过。' },
  } as const;
  it.each(['en_us', 'zh_cn'] as const)('a pass is not sent while a defect is unreviewed: the count, then the defect is shown (%s)', async (locale) => {
    localStorage.removeItem('labeling.review.task-1.5');
    const server = labelingServer({ task: labelingTask(5) });
    await open('/labeling?taskId=task-1&mode=review', server, locale);
    await waitFor(() => expect(screen.getAllByTestId('defect-row')).toHaveLength(2));
    await key('j');
    await waitFor(() => expect(screen.getByTestId('review-defect').getAttribute('data-defect-id')).toBe('d-1'));
    await key('y');
    expect((await screen.findByTestId('review-unreviewed')).textContent).toBe(texts[locale].left);
    fireEvent.click(screen.getByTestId('submit-review'));
    expect((await screen.findByTestId('review-problem')).textContent).toBe(texts[locale].problem);
    // The unreviewed defect is brought up to be decided; nothing was sent.
    await waitFor(() => expect(screen.getByTestId('review-defect').getAttribute('data-defect-id')).toBe('d-2'));
    expect(writes(server.calls, 'POST', /\/tasks\/task-1\/qa$/)).toHaveLength(0);
    await key('y');
    await waitFor(() => expect(screen.queryByTestId('review-unreviewed')).toBeNull());
    fireEvent.click(screen.getByTestId('submit-review'));
    await waitFor(() => expect(writes(server.calls, 'POST', /\/tasks\/task-1\/qa$/)).toHaveLength(1));
    expect(writes(server.calls, 'POST', /\/tasks\/task-1\/qa$/)[0]!.body).toMatchObject({ result: 1, defects: [{ defectId: 'd-1' }, { defectId: 'd-2' }] });
  });

  it.each(['en_us', 'zh_cn'] as const)('labeling completed in another window: pushed live, Submit disabled with a notice (%s)', async (locale) => {
    const task = labelingTask(4);
    const server = labelingServer({ task });
    await open('/labeling?taskId=task-1', server, locale);
    expect((await screen.findByTestId('labeling-workspace')).getAttribute('data-mode')).toBe('label');
    expect(screen.getByTestId('submit-labeling')).toHaveProperty('disabled', false);
    expect(screen.queryByTestId('stage-closed')).toBeNull();
    // Another window submitted: task-flow moved the task to labeling QA and pushed it.
    task.taskStageTypes = [5];
    task.stages = task.stages.map((s) => (s.taskStageType === 4 ? { ...s, status: 5 } : s)).concat({ ...task.stages[1]!, taskStageId: 'st-5', taskStageType: 5, status: 3, handlerId: null });
    task.version = 2;
    const reads = server.calls.filter((c) => c.method === 'GET' && c.path.endsWith('/tasks/task-1')).length;
    await act(async () => sockets.at(-1)!.fire('task.changed', { ...task }));
    const notice = await screen.findByTestId('stage-closed');
    expect(server.calls.filter((c) => c.method === 'GET' && c.path.endsWith('/tasks/task-1')).length).toBeGreaterThan(reads);
    const stage = TASK_STAGE_LABELS[locale][4];
    expect(notice.textContent).toContain(locale === 'en_us' ? `The “${stage}” stage has been completed.` : `“${stage}”环节已完成。`);
    expect(notice.textContent).toContain(locale === 'en_us' ? 'Its actions are disabled in this window' : '本窗口中该环节的操作已禁用');
    await waitFor(() => expect(screen.getByTestId('labeling-workspace').getAttribute('data-mode')).toBe('readonly'));
    expect(screen.getByTestId('submit-labeling')).toHaveProperty('disabled', true);
    expect(screen.queryByTestId('labeling-readonly')).toBeNull();
    expect(writes(server.calls, 'POST', /\/complete$/)).toHaveLength(0);
  });

  it('a review passed in another window: verdicts stay visible, every verdict and Submit button disabled (zh)', async () => {
    localStorage.removeItem('labeling.review.task-1.5');
    const task = labelingTask(5);
    const server = labelingServer({ task });
    await open('/labeling?taskId=task-1&mode=review', server, 'zh_cn');
    await waitFor(() => expect(screen.getAllByTestId('defect-row')).toHaveLength(2));
    await key('j');
    await screen.findByTestId('review-defect');
    expect(screen.getByTestId('submit-review')).toHaveProperty('disabled', false);
    task.taskStageTypes = [6];
    task.stages = task.stages.map((s) => (s.taskStageType === 5 ? { ...s, status: 5 } : s));
    await act(async () => sockets.at(-1)!.fire('task.changed', { ...task, version: 3 }));
    expect((await screen.findByTestId('stage-closed')).textContent).toContain(`“${TASK_STAGE_LABELS.zh_cn[5]}”环节已完成。`);
    expect(screen.getByTestId('labeling-workspace').getAttribute('data-mode')).toBe('review');
    expect(screen.getByTestId('submit-review')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('verdict-accept')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('verdict-reject')).toHaveProperty('disabled', true);
    await key('y');
    expect(screen.queryAllByTestId('verdict-tag')).toHaveLength(0);
  });
});
