import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { recordingFetch, type FakeCall } from '@/test/fakeFetch';
import { jsonResponse, readySession, renderApp } from '@/test/renderApp';
import { resetFakesAfterEach } from '@/test/fakeSocket';
import type { Locale, RightEntry } from '@/shared/contracts';
import { fakeUploadXhr, sheetImportRun } from '@/test/fixtures/sheetImport';
import type { SheetImportView } from './importApi';

vi.setConfig({ testTimeout: 120000 });
vi.mock('socket.io-client', () => import('@/test/fakeSocket'));
resetFakesAfterEach();

const API = '/gw/import/api/v2';
const RUN = 'dddddddd-0000-4000-8000-000000000003';
const RIGHTS: RightEntry[] = ['dataIntegration.show', 'dataIntegration.edit'].map((key) => ({ key, value: true }));

/** Step 3 of a run needing three photos; each photo request waits until the test answers it. */
function queueServer() {
  let run: SheetImportView = sheetImportRun({
    sheetImportId: RUN,
    windfarmId: 'aaaaaaaa-0000-4000-8000-000000000003',
    customerId: 'cccccccc-0000-4000-8000-000000000003',
    status: 5,
    step: 3,
    progressCode: 4,
    imagesNeeded: 3,
    summary: { inspections: 1, blades: 3, defects: 3, findings: 0, truncated: false },
  });
  const pending: { url: string; name: string; answer: (status: number, body: unknown) => void }[] = [];
  /** Every photo request sent: its URL and file name. */
  const sent: { url: string; name: string }[] = [];
  const server = recordingFetch((call: FakeCall) => {
    if (call.path === `${API}/sheet-imports/current`) return jsonResponse(200, { current: run });
    if (call.path === `${API}/sheet-imports`) return jsonResponse(200, { results: [run], totalCount: 1 });
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'Not found' });
  });
  const FakeXhr = fakeUploadXhr(
    (url, form) =>
      new Promise((resolve) => {
        const name = (form.get('files') as File).name;
        sent.push({ url, name });
        pending.push({ url, name, answer: (status, body) => resolve({ status, body }) });
      }),
  );
  /** Answers the oldest open photo request: matched (the run counts one more), refused with a finding, or no answer at all. */
  const answer = async (name: string, how: 'ok' | 'broken' | 'dropped') => {
    await waitFor(() => expect(pending[0]?.name).toBe(name));
    const p = pending.shift()!;
    if (how === 'dropped') return p.answer(0, null);
    if (how === 'ok') run = { ...run, imagesUploaded: run.imagesUploaded + 1, findings: [] };
    const findings = how === 'broken' ? [{ code: -11002, sheet: null, row: null, column: null, value: name, message: `The image is broken: ${name}` }] : [];
    p.answer(200, { ...run, findings });
  };
  return { ...server, FakeXhr, pending, sent, answer };
}

async function open(server: ReturnType<typeof queueServer>, locale: Locale) {
  localStorage.setItem('access_token', 'acc');
  vi.stubGlobal('fetch', server.fetchMock);
  vi.stubGlobal('XMLHttpRequest', server.FakeXhr);
  renderApp({ path: '/dataCenter/dataImport', locale, session: readySession({ accessDeniedModules: RIGHTS, menuRights: ['menu.dataImport'] }) });
  await screen.findByTestId('import-step-images');
}

const drop = (names: string[]) => {
  const input = document.querySelector('[data-testid="import-step-images"] input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: names.map((n) => new File(['x'], n, { type: 'image/jpeg' })) } });
};
const stateOf = (name: string) => screen.getByTestId(`import-file-${name}`).textContent;
const photoRequests = (server: ReturnType<typeof queueServer>) => server.sent.filter((c) => c.url === `${API}/sheet-imports/${RUN}/images?append=true`);

describe('step 3 photo queue', () => {
  it('sends the photos one by one; pause stops the one being sent, resume goes on; failed files are sent again alone', async () => {
    const server = queueServer();
    await open(server, 'en_us');
    drop(['A.jpg', 'B.jpg', 'C.jpg']);
    await waitFor(() => expect(stateOf('A.jpg')).toBe('Sending'));
    expect(stateOf('B.jpg')).toBe('Waiting');

    // Pause: A's request is stopped and A waits again; nothing else goes out.
    fireEvent.click(screen.getByTestId('import-images-pause'));
    await waitFor(() => expect(stateOf('A.jpg')).toBe('Waiting'));
    expect(screen.getByTestId('import-images-resume')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(server.pending).toHaveLength(1);
    expect(photoRequests(server)).toHaveLength(1);
    server.pending.shift();

    // Resume: A from the start, then B (the connection drops) and C (refused by the server).
    fireEvent.click(screen.getByTestId('import-images-resume'));
    await server.answer('A.jpg', 'ok');
    await waitFor(() => expect(stateOf('A.jpg')).toBe('Matched'));
    await server.answer('B.jpg', 'dropped');
    await server.answer('C.jpg', 'broken');
    await waitFor(() => expect(stateOf('C.jpg')).toBe('Failed · The image is broken: C.jpg'));
    expect(stateOf('B.jpg')).toBe('Failed · The connection was lost before the server answered.');
    expect((screen.getByTestId('import-process') as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(screen.getByTestId('import-images-count').textContent).toBe('Photos matched: 1 of 3'));

    // Retry sends only the two failed files, each in its own request.
    fireEvent.click(screen.getByTestId('import-images-retry'));
    await server.answer('B.jpg', 'ok');
    await server.answer('C.jpg', 'ok');
    await waitFor(() => expect(stateOf('C.jpg')).toBe('Matched'));
    expect(photoRequests(server).map((c) => c.name)).toEqual(['A.jpg', 'A.jpg', 'B.jpg', 'C.jpg', 'B.jpg', 'C.jpg']);
    await waitFor(() => expect(screen.getByTestId('import-images-count').textContent).toBe('Photos matched: 3 of 3'));
    await waitFor(() => expect((screen.getByTestId('import-process') as HTMLButtonElement).disabled).toBe(false));
  });

  it('speaks Chinese', async () => {
    const server = queueServer();
    await open(server, 'zh_cn');
    drop(['A.jpg']);
    await waitFor(() => expect(stateOf('A.jpg')).toBe('上传中'));
    // antd spaces out a two-character Chinese button label.
    expect(screen.getByTestId('import-images-pause').textContent!.replace(/\s/g, '')).toBe('暂停');
    await server.answer('A.jpg', 'broken');
    await waitFor(() => expect(screen.getByTestId('import-images-retry').textContent).toBe('重新上传1个失败的文件'));
    expect(stateOf('A.jpg')).toBe('失败 · The image is broken: A.jpg');
  });
});
