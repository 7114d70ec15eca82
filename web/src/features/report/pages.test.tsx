import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RightEntry } from '@/shared/contracts';
import { readySession, renderApp } from '@/test/renderApp';
import { assetFetch, type Call } from '@/test/fixtures/asset';
import { sockets } from '@/test/fakeSocket';

vi.mock('socket.io-client', () => import('@/test/fakeSocket'));

configure({ asyncUtilTimeout: 20000 });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  sockets.length = 0;
});

const grant = (...keys: string[]): RightEntry[] => keys.map((key) => ({ key, value: true }));
const API = '/report/api/v1';

function task(over: Record<string, unknown> = {}) {
  return {
    id: 't-1',
    scopeType: 'park',
    scopeId: 'p-dogger',
    scopeName: 'Dogger Bank North',
    format: 'pdf',
    templateId: null,
    locale: 'en_us',
    windFarmIds: ['p-dogger'],
    defectCount: 12,
    status: 1,
    statusName: 'Rendering',
    progress: 40,
    step: 'rendering',
    error: null,
    fileName: null,
    fileSize: null,
    createdAt: '2026-05-01T08:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    expiresAt: null,
    ...over,
  };
}

/** A fake report service behind the asset fixtures. */
function reportServer() {
  const state = {
    tasks: [] as ReturnType<typeof task>[],
    templates: [
      {
        id: 'tpl-1',
        name: 'Standard',
        sections: ['cover', 'defectTable'],
        logo: null,
        customerName: null,
        language: null,
        severityLabels: [],
        projectIds: ['pr-1'],
        createdAt: '',
        updatedAt: '',
      },
    ],
    createAnswer: null as null | { status: number; body: unknown },
    downloads: [] as Record<string, unknown>[],
  };
  const respond = (c: Call): { status: number; body?: unknown } | undefined => {
    if (!c.path.startsWith(API)) return undefined;
    if (c.method === 'GET' && c.path === `${API}/report-templates`)
      return { status: 200, body: { results: state.templates, totalCount: state.templates.length } };
    if (c.method === 'POST' && c.path === `${API}/report-templates`) {
      const t = {
        ...(c.body as object),
        id: `tpl-${state.templates.length + 1}`,
        createdAt: '',
        updatedAt: '',
      } as (typeof state.templates)[number];
      state.templates.push(t);
      return { status: 201, body: t };
    }
    if (c.method === 'DELETE' && c.path.startsWith(`${API}/report-templates/`)) {
      return { status: 409, body: { code: -8002, message: 'This template is referenced by a project and cannot be deleted.' } };
    }
    if (c.method === 'POST' && /\/report-tasks$/.test(c.path)) {
      if (state.createAnswer) return state.createAnswer;
      const t = task({ id: `t-${state.tasks.length + 1}`, status: 0, progress: 0, format: (c.body as { format: string }).format });
      state.tasks.push(t);
      return { status: 201, body: t };
    }
    if (c.method === 'GET' && c.path === `${API}/report-tasks`) {
      const statuses = c.query.getAll('status').map(Number);
      const list = statuses.length ? state.tasks.filter((t) => statuses.includes(t.status)) : state.tasks;
      return { status: 200, body: { results: list, totalCount: list.length } };
    }
    if (c.method === 'GET' && c.path === `${API}/report-downloads`) {
      const size = Number(c.query.get('pageSize') ?? 20);
      const index = Number(c.query.get('pageIndex') ?? 1);
      const rows = [...state.downloads];
      if (c.query.get('fieldToSort') === 'fileName') rows.sort((a, b) => String(a.fileName).localeCompare(String(b.fileName)));
      if (c.query.get('descending') === 'true' && c.query.get('fieldToSort') === 'fileName') rows.reverse();
      return { status: 200, body: { results: rows.slice((index - 1) * size, index * size), totalCount: rows.length } };
    }
    const retry = new RegExp(`^${API}/report-tasks/([^/]+)/retry$`).exec(c.path);
    if (retry) {
      const t = state.tasks.find((x) => x.id === retry[1])!;
      Object.assign(t, { status: 0, progress: 0, error: null });
      return { status: 200, body: t };
    }
    return { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
  };
  return { state, respond };
}

async function open(path: string, opts: { locale?: 'en_us' | 'zh_cn'; rights?: RightEntry[]; tasks?: ReturnType<typeof task>[] } = {}) {
  localStorage.setItem('access_token', 'acc');
  const server = reportServer();
  server.state.tasks.push(...(opts.tasks ?? []));
  const { fetchMock, calls } = assetFetch(server.respond);
  vi.stubGlobal('fetch', fetchMock);
  const app = await renderApp({
    path,
    locale: opts.locale,
    session: readySession({ accessDeniedModules: opts.rights ?? grant('image.export') }),
  });
  return { ...app, calls, server };
}

describe('report dialog', { timeout: 120000 }, () => {
  it('asks for an Excel report of the wind park and says it is queued (en)', async () => {
    const { calls, server } = await open('/inspection/windPark?windFarmId=p-dogger');
    fireEvent.click(await screen.findByTestId('report-button-park'));
    const dialog = await screen.findByTestId('report-dialog');
    fireEvent.click(within(dialog).getByText('Excel'));
    fireEvent.click(within(dialog).getByTestId('report-submit'));
    expect((await screen.findByTestId('report-queued')).textContent).toContain('The report is queued');
    const posts = calls.filter((c) => c.method === 'POST' && c.path === `${API}/parks/p-dogger/report-tasks`);
    expect(posts.map((c) => c.body)).toEqual([{ format: 'xlsx' }]);
    expect(server.state.tasks.length).toBe(1);
  });

  it('a full download list shows the report-tasks text of ExceedLimit in Chinese; nothing is queued', async () => {
    const { server } = await open('/inspection/windPark?windFarmId=p-dogger', { locale: 'zh_cn' });
    server.state.createAnswer = { status: 400, body: { code: 'EXCEED_LIMIT', message: 'x' } };
    fireEvent.click(await screen.findByTestId('report-button-park'));
    fireEvent.click(within(await screen.findByTestId('report-dialog')).getByTestId('report-submit'));
    const error = await screen.findByTestId('report-error');
    expect(error.textContent).toContain('下载列表');
    expect(server.state.tasks.length).toBe(0);
  });

  it('is not offered without a report right', async () => {
    await open('/inspection/windPark?windFarmId=p-dogger', { rights: [] });
    await screen.findByTestId('park-summary');
    expect(screen.queryByTestId('report-button-park')).toBeNull();
  });
});

describe('download queue', { timeout: 120000 }, () => {
  it('shows live progress until the report is ready, then offers the download; a failure says why and can be retried', async () => {
    const { server, calls } = await open('/downloadQueue', {
      tasks: [
        task(),
        task({
          id: 't-2',
          status: 3,
          progress: 20,
          step: 'failed',
          error: { code: 'INTERNAL_ERROR', message: 'Something went wrong on the server.' },
        }),
      ],
    });
    const table = await screen.findByTestId('queue-table', {}, { timeout: 20000 });
    await waitFor(() => expect(within(table).getAllByTestId('queue-progress').length).toBe(1), { timeout: 20000 });
    expect(within(table).getByText('Rendering')).toBeTruthy();
    expect(within(table).getByText('Something went wrong on the server.')).toBeTruthy();
    Object.assign(server.state.tasks[0]!, { status: 2, progress: 100, step: 'done', fileName: 'Dogger.pdf', fileSize: 2048 });
    await waitFor(() => expect(within(table).getByTestId('queue-download')).toBeTruthy(), { timeout: 20000 });
    expect(within(table).getByText('2.0 KB')).toBeTruthy();
    fireEvent.click(within(table).getByTestId('queue-retry'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === `${API}/report-tasks/t-2/retry`)).toBe(true));
  });

  it('moves the progress bar and the header badge from pushed socket messages, without polling', async () => {
    const { server, calls } = await open('/downloadQueue', { tasks: [task({ status: 0, progress: 0, step: null })] });
    const table = await screen.findByTestId('queue-table', {}, { timeout: 20000 });
    await waitFor(() => expect(within(table).getAllByTestId('queue-progress').length).toBe(1), { timeout: 20000 });
    // The badge and the page share one connection to the report service's socket, with the token.
    const reportSockets = sockets.filter((s) => (s.options as { options: { path: string } }).options.path === '/gw/report/socket.io');
    expect(reportSockets.length).toBe(1);
    const socket = reportSockets[0]!;
    // The count the badge shows now: antd's `.ant-badge-count` keeps the old number (its title) until
    // its zoom-out motion ends, which never ended in a shared jsdom (docs/ci.md).
    const badge = () => screen.getByTestId('queue-badge').getAttribute('data-count');
    await waitFor(() => expect(badge()).toBe('1'));
    act(() => socket.fire('connect'));
    const listGets = () => calls.filter((c) => c.method === 'GET' && c.path === `${API}/report-tasks`).length;

    // Claimed (a status change): the lists refetch once.
    Object.assign(server.state.tasks[0]!, { status: 1, progress: 1, step: 'loading' });
    act(() => socket.fire('report-task.changed', { reportTaskId: 't-1', status: 1, progress: 1, step: 'loading' }));
    await waitFor(() => expect(within(table).getByText('Loading defects')).toBeTruthy());
    await new Promise((r) => setTimeout(r, 300));
    const settled = listGets();

    // Progress of a rendering task: applied in place, no request at all.
    act(() => socket.fire('report-task.changed', { reportTaskId: 't-1', status: 1, progress: 60, step: 'storing' }));
    await waitFor(() => expect(within(table).getByText('60%')).toBeTruthy());
    expect(within(table).getByText('Storing the file')).toBeTruthy();
    // Another task's progress (not on the page, already rendering) changes nothing either.
    act(() => socket.fire('report-task.changed', { reportTaskId: 'other', status: 1, progress: 40, step: 'rendering' }));
    await new Promise((r) => setTimeout(r, 2500));
    expect(listGets()).toBe(settled);

    // Done: the lists refetch; the download appears and the badge empties.
    Object.assign(server.state.tasks[0]!, { status: 2, progress: 100, step: 'done', fileName: 'Dogger.pdf', fileSize: 2048 });
    act(() => socket.fire('report-task.changed', { reportTaskId: 't-1', status: 2, progress: 100, step: 'done' }));
    // As the earlier steps: the refetches after a pushed change get 20 s on a loaded CI machine (the
    // default 10 s once ran out beside the e2e lane with the badge still at 1).
    await waitFor(() => expect(within(table).getByTestId('queue-download')).toBeTruthy(), { timeout: 20000 });
    await waitFor(() => expect(badge()).toBe('0'), { timeout: 20000 });
  });

  it('lists the download log under the queue, paged and sorted on the server', async () => {
    localStorage.setItem('access_token', 'acc');
    const server = reportServer();
    for (let i = 1; i <= 12; i++)
      server.state.downloads.push({
        id: `d-${i}`,
        reportTaskId: 't-1',
        userId: 'u-1',
        userName: 'Li Na',
        fileName: `Report ${String(i).padStart(2, '0')}.pdf`,
        format: 'pdf',
        scopeName: 'Dogger Bank North',
        fileSize: 4096,
        downloadedAt: '2026-05-01T09:00:00.000Z',
      });
    const { fetchMock, calls } = assetFetch(server.respond);
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/downloadQueue', session: readySession({ accessDeniedModules: grant('image.export') }) });
    const log = await screen.findByTestId('download-log-table', {}, { timeout: 20000 });
    await waitFor(() => expect(within(log).getByText('Report 01.pdf')).toBeTruthy(), { timeout: 20000 });
    expect(within(log).getAllByText('Li Na').length).toBe(10);
    expect(screen.getByText('Download log')).toBeTruthy();
    const logGets = () => calls.filter((c) => c.method === 'GET' && c.path === `${API}/report-downloads`);
    expect(logGets()[0]!.query.get('fieldToSort')).toBe('downloadedAt');
    fireEvent.click(within(log).getByText('File'));
    await waitFor(() => expect(logGets().some((c) => c.query.get('fieldToSort') === 'fileName' && c.query.get('descending') === 'false')).toBe(true));
    fireEvent.click(within(screen.getByTestId('download-log')).getByTitle('2'));
    await waitFor(() => expect(within(log).getByText('Report 11.pdf')).toBeTruthy());
    expect(logGets().at(-1)!.query.get('pageIndex')).toBe('2');
  });

  it('an image archive (zip) shows its format and live packing step in en and zh', async () => {
    await open('/downloadQueue', { tasks: [task({ format: 'zip', status: 1, progress: 55, step: 'archiving' })] });
    const table = await screen.findByTestId('queue-table', {}, { timeout: 20000 });
    expect(await within(table).findByText('Image archive (ZIP)')).toBeTruthy();
    expect(within(table).getByText('Packing images')).toBeTruthy();
    expect(within(table).getAllByTestId('queue-progress').length).toBe(1);
    cleanup();
    vi.unstubAllGlobals();
    await open('/downloadQueue', { locale: 'zh_cn', tasks: [task({ format: 'zip', status: 1, progress: 55, step: 'archiving' })] });
    const zh = await screen.findByTestId('queue-table', {}, { timeout: 20000 });
    expect(await within(zh).findByText('图片压缩包（ZIP）')).toBeTruthy();
    expect(within(zh).getByText('打包图片')).toBeTruthy();
  });

  it('speaks Chinese and refuses a user without the right', async () => {
    await open('/downloadQueue', { locale: 'zh_cn', tasks: [task({ status: 2, progress: 100 })] });
    expect(await screen.findByText('下载队列', { selector: 'h4' })).toBeTruthy();
    expect(await screen.findByText('可下载')).toBeTruthy();
    expect(await screen.findByText('下载记录')).toBeTruthy();
    vi.unstubAllGlobals();
    await open('/downloadQueue', { rights: [] });
    expect(await screen.findByTestId('queue-no-access')).toBeTruthy();
  });
});

describe('report templates (Config Center)', { timeout: 120000 }, () => {
  it('creates a template with its sections and language; a referenced one cannot be deleted (-8002)', async () => {
    const { calls } = await open('/configuration/reportConfig', { rights: grant('defectConfig.edit', 'defectConfig.show') });
    const table = await screen.findByTestId('templates-table');
    await waitFor(() => expect(within(table).getByText('Standard')).toBeTruthy());
    fireEvent.click(screen.getByTestId('template-add'));
    const form = await screen.findByTestId('template-form');
    fireEvent.change(within(form).getByTestId('template-name'), { target: { value: 'Short' } });
    fireEvent.click(within(form).getByText('Summary'));
    fireEvent.click(within(form).getByText('Recommendations'));
    fireEvent.change(within(form).getByTestId('template-label-5'), { target: { value: 'Critical' } });
    fireEvent.click(screen.getByTestId('template-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === `${API}/report-templates`)).toBe(true));
    const body = calls.find((c) => c.method === 'POST' && c.path === `${API}/report-templates`)!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Short',
      sections: ['cover', 'defectTable', 'turbineDetails'],
      severityLabels: [{ severity: 5, label: 'Critical' }],
      projectIds: [],
      language: null,
    });

    const row = within(table).getByText('Standard').closest('tr')!;
    fireEvent.click(within(row).getByTestId('template-delete'));
    const confirms = await screen.findAllByRole('button', { name: 'Delete' });
    fireEvent.click(confirms[confirms.length - 1]!);
    expect((await screen.findByTestId('templates-error')).textContent).toBe(
      'This template is referenced by a project and cannot be deleted.',
    );
  });
});
