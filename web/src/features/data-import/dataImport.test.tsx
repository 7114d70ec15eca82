import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { recordingFetch, type FakeCall } from '@/test/fakeFetch';
import { jsonResponse, readySession, renderApp } from '@/test/renderApp';
import { resetFakesAfterEach, sockets } from '@/test/fakeSocket';
import type { Locale, RightEntry } from '@/shared/contracts';
import type { SheetImportView } from './importApi';
import { progressPercent, stepOf } from './DataImportPage';
import { pickOption } from '@/test/antd';
import { fakeUploadXhr, sheetImportRun } from '@/test/fixtures/sheetImport';

vi.setConfig({ testTimeout: 120000 });
vi.mock('socket.io-client', () => import('@/test/fakeSocket'));
resetFakesAfterEach();

const API = '/gw/import/api/v2';
const PARK = 'aaaaaaaa-0000-4000-8000-000000000001';
const CUSTOMER = 'cccccccc-0000-4000-8000-000000000001';
const RUN = 'dddddddd-0000-4000-8000-000000000001';
const RIGHTS: RightEntry[] = ['dataIntegration.show', 'dataIntegration.edit'].map((key) => ({ key, value: true }));

const baseRun = (extra: Partial<SheetImportView> = {}): SheetImportView =>
  sheetImportRun({ sheetImportId: RUN, windfarmId: PARK, customerId: CUSTOMER, defectTemplateId: CUSTOMER, ...extra });

/** A fake import service (and asset's park list): the wizard run lives here, as on the server. */
function importServer(start: SheetImportView | null, workbookAnswers: { status: number; body: unknown }[]) {
  let run = start;
  const refuse: Record<string, { status: number; body: unknown }> = {};
  const server = recordingFetch((call: FakeCall) => {
    const key = `${call.method} ${call.path}`;
    if (refuse[key]) return jsonResponse(refuse[key].status, refuse[key].body);
    if (key === 'GET /context/api/v1/plants')
      return jsonResponse(200, {
        results: [{ windFarmId: PARK, windFarmName: 'Horns Rev', customerId: CUSTOMER, customerName: 'Ørsted', active: true }],
        totalCount: 1,
      });
    if (key === `GET ${API}/sheet-imports/current`) return jsonResponse(200, { current: run });
    if (key === `GET ${API}/sheet-imports`) return jsonResponse(200, { results: run ? [run] : [], totalCount: run ? 1 : 0 });
    if (key === `POST ${API}/sheet-imports`) {
      run = baseRun();
      return jsonResponse(201, run);
    }
    if (key === `POST ${API}/sheet-imports/${RUN}/process`) {
      run = { ...run!, step: 4, status: 6, progressCode: 7 };
      return jsonResponse(200, run);
    }
    if (key === `POST ${API}/sheet-imports/${RUN}/dismiss`) {
      run = null;
      return jsonResponse(200, baseRun());
    }
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'Not found' });
  });
  // The workbook goes up through XMLHttpRequest (upload progress): each send answers the next scripted answer.
  const FakeXhr = fakeUploadXhr((url, form, method, headers) => {
    server.calls.push({ method, path: url, query: new URLSearchParams(), body: undefined, raw: undefined, form, headers });
    // tus: the archive's upload opens here; its bytes (PATCH) answer like the multipart route.
    if (method === 'POST' && url.endsWith('/images/tus')) return { status: 201, body: undefined, headers: { Location: `${url}/u1` } };
    const answer = workbookAnswers.shift()!;
    if (answer.status === 200) run = answer.body as SheetImportView;
    return answer;
  });
  return { ...server, FakeXhr, refuse, setRun: (r: SheetImportView | null) => (run = r) };
}

async function open(path: string, server: ReturnType<typeof importServer>, locale: Locale = 'en_us') {
  localStorage.setItem('access_token', 'acc');
  vi.stubGlobal('fetch', server.fetchMock);
  vi.stubGlobal('XMLHttpRequest', server.FakeXhr);
  return renderApp({ path, locale, session: readySession({ accessDeniedModules: RIGHTS, menuRights: ['menu.dataImport'] }) });
}

function chooseFile(name: string) {
  const input = document.querySelector('[data-testid="import-step-verify"] input[type="file"]') as HTMLInputElement;
  const file = new File(['x'], name, { type: 'application/octet-stream' });
  fireEvent.change(input, { target: { files: [file] } });
}

function choosePhotos(names: string[]) {
  const input = document.querySelector('[data-testid="import-step-images"] input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: names.map((n) => new File(['x'], n, { type: 'image/jpeg' })) } });
}

describe('data import wizard', () => {
  it('goes through the 5 steps: config, a refused workbook with located errors, a verified one, processing, finish', async () => {
    const failed = baseRun({
      status: 8,
      summary: { inspections: 1, blades: 2, defects: 0, findings: 2, truncated: false },
      findings: [
        { code: -10022, sheet: 'Blades', row: null, column: 'Turbine', value: 'T01', message: 'The number of blades is not 3.' },
        {
          code: -10006,
          sheet: 'Inspections',
          row: 3,
          column: 'Inspection date',
          value: '2026-13-45',
          message: 'The file contains an invalid value.',
        },
      ],
    });
    const verified = baseRun({
      status: 5,
      step: 3,
      progressCode: 4,
      imagesNeeded: 1,
      summary: { inspections: 1, blades: 3, defects: 1, findings: 0, truncated: false },
    });
    const matched = { ...verified, imagesUploaded: 1, progressCode: 6 };
    const mismatched = {
      ...matched,
      findings: [{ code: -10015, sheet: null, row: null, column: null, value: 'stray.jpg', message: 'No defect row names this image: stray.jpg' }],
    };
    const server = importServer(null, [
      { status: 200, body: failed },
      { status: 200, body: verified },
      { status: 200, body: matched },
      { status: 200, body: mismatched },
      { status: 200, body: matched },
    ]);
    await open('/dataCenter/dataImport', server);
    expect(await screen.findByTestId('import-step-basic')).toBeTruthy();
    // The park picks its customer and the customer's defect template.
    await pickOption(screen.getByTestId('import-park'), 'Horns Rev');
    fireEvent.click(screen.getByTestId('import-basic-next'));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'POST' && c.path === `${API}/sheet-imports`)).toBe(true));
    expect(server.calls.find((c) => c.method === 'POST' && c.path === `${API}/sheet-imports`)!.body).toEqual({
      windfarmId: PARK,
      customerId: CUSTOMER,
      projectId: null,
      componentType: 1,
      defectTemplateId: CUSTOMER,
    });

    // Step 2: every finding with its sheet, row, column and value.
    await screen.findByTestId('import-step-verify');
    chooseFile('inspections.xlsx');
    const table = await screen.findByTestId('import-findings');
    expect(within(table).getByText('2026-13-45')).toBeTruthy();
    expect(within(table).getByText('Inspection date')).toBeTruthy();
    expect(within(table).getByText('The number of blades is not 3.')).toBeTruthy();
    expect(screen.getByTestId('import-findings-summary').textContent).toContain('2 errors');
    expect(server.calls.filter((c) => c.path === `${API}/sheet-imports/${RUN}/workbook`)[0]!.form!.get('file')).toBeTruthy();
    chooseFile('fixed.xlsx');

    // Step 3: the photos one request each, each file with its state; a refused one says why; processing waits for every photo.
    await screen.findByTestId('import-step-images');
    expect((screen.getByTestId('import-process') as HTMLButtonElement).disabled).toBe(true);
    choosePhotos(['IMG_1.jpg', 'stray.jpg']);
    await waitFor(() => expect(screen.getByTestId('import-file-stray.jpg').textContent).toBe('Failed · No defect row names this image: stray.jpg'));
    expect(screen.getByTestId('import-file-IMG_1.jpg').textContent).toBe('Matched');
    const sentPhotos = server.calls.filter((c) => c.path === `${API}/sheet-imports/${RUN}/images?append=true`);
    expect(sentPhotos.map((c) => (c.form!.get('files') as File).name)).toEqual(['IMG_1.jpg', 'stray.jpg']);
    // An archive goes resumable (tus): the upload opens with its name and size, then its bytes go from offset 0.
    choosePhotos(['photos.zip']);
    const tus = () => server.calls.filter((c) => c.path.startsWith(`${API}/sheet-imports/${RUN}/images/tus`));
    await waitFor(() => expect(tus().map((c) => `${c.method} ${c.path}`)).toEqual([`POST ${API}/sheet-imports/${RUN}/images/tus`, `PATCH ${API}/sheet-imports/${RUN}/images/tus/u1`]));
    expect(tus()[0]!.headers).toMatchObject({ 'upload-length': '1', 'upload-metadata': `filename ${btoa('photos.zip')}`, 'tus-resumable': '1.0.0' });
    expect(tus()[1]!.headers).toMatchObject({ 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' });
    await waitFor(() => expect(screen.getByTestId('import-images-count').textContent).toBe('Photos matched: 1 of 1'));

    // Step 3 → 4: processing with the progress codes; the socket's change brings the finish.
    await waitFor(() => expect((screen.getByTestId('import-process') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(await screen.findByTestId('import-process'));
    expect(await screen.findByTestId('import-step-processing')).toBeTruthy();
    expect(screen.getByTestId('import-progress-codes').textContent).toContain('Importing');
    server.setRun(
      baseRun({
        status: 7,
        step: 5,
        taskStatus: 'SUCCEEDED',
        progressCode: 8,
        inspections: [{ inspectionId: 'i-1', turbineId: 't-1', turbineName: 'T01', inspectionDate: '2026-05-01' }],
      }),
    );
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    act(() => sockets.forEach((s) => s.fire('sheet-import.changed', { sheetImportId: RUN, progressCode: 8 })));
    const finish = await screen.findByTestId('import-step-finish');
    const link = within(finish).getByText('T01 · 2026-05-01').closest('a')!;
    expect(link.getAttribute('href')).toBe(`/inspection/turbine?windFarmId=${PARK}&turbineId=t-1&inspectionType=1`);
    fireEvent.click(screen.getByTestId('import-again'));
    expect(await screen.findByTestId('import-step-basic')).toBeTruthy();
  });

  it('resumes at the server’s step and shows refusals in Chinese (legacy .xls, -2003)', async () => {
    const server = importServer(
      baseRun({ status: 5, step: 3, progressCode: 4, summary: { inspections: 2, blades: 6, defects: 0, findings: 0, truncated: false } }),
      [
        {
          status: 400,
          body: { code: 'SPREADSHEET_XLS_NOT_SUPPORTED', message: 'Legacy .xls workbooks are not read: save the file as .xlsx' },
        },
      ],
    );
    await open('/dataFlowManagement/dataImport', server, 'zh_cn');
    expect(await screen.findByTestId('import-step-images')).toBeTruthy();
    expect(screen.getByTestId('import-summary').textContent).toBe('校验通过：2次巡检，6支叶片，0个缺陷。');
    // The park already has an import in processing.
    server.refuse[`POST ${API}/sheet-imports/${RUN}/process`] = { status: 409, body: { code: -2003, message: 'busy' } };
    fireEvent.click(screen.getByTestId('import-process'));
    expect((await screen.findByTestId('import-error')).textContent).toBe('所选风场已有正在处理的导入任务，请等待其完成后再试。');

    server.setRun(baseRun());
    act(() => sockets.forEach((s) => s.fire('sheet-import.changed', { sheetImportId: RUN })));
    await screen.findByTestId('import-step-verify');
    chooseFile('old.xls');
    expect((await screen.findByTestId('import-refusal')).textContent).toContain('另存为.xlsx');
    // Anything else is refused before a byte is sent (-10001).
    chooseFile('data.csv');
    await waitFor(() => expect(screen.getByTestId('import-refusal').textContent).toBe('仅支持.xls或.xlsx格式的文件。'));
    expect(server.calls.filter((c) => c.path.endsWith('/workbook')).length).toBe(1);
  });

  it('maps the run to its step and progress', () => {
    expect(stepOf(null)).toBe(1);
    expect(stepOf(baseRun({ step: 3 }))).toBe(3);
    expect(stepOf(baseRun({ step: 4, taskStatus: 'FAILED' }))).toBe(5);
    expect(stepOf(baseRun({ step: 2, taskStatus: 'PROCESSING', status: 8 }))).toBe(2);
    expect(progressPercent(4)).toBe(50);
    expect(progressPercent(null)).toBe(0);
  });
});
