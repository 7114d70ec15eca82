import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { recordingFetch, type FakeCall } from '@/test/fakeFetch';
import { jsonResponse, readySession, renderApp } from '@/test/renderApp';
import { resetFakesAfterEach } from '@/test/fakeSocket';
import type { Locale, RightEntry } from '@/shared/contracts';
import { pickOption } from '@/test/antd';
import { fakeUploadXhr, sheetImportRun } from '@/test/fixtures/sheetImport';
import type { ColumnMappingView, SheetImportView } from './importApi';

vi.setConfig({ testTimeout: 120000 });
vi.mock('socket.io-client', () => import('@/test/fakeSocket'));
resetFakesAfterEach();

const API = '/gw/import/api/v2';
const PARK = 'aaaaaaaa-0000-4000-8000-000000000002';
const CUSTOMER = 'cccccccc-0000-4000-8000-000000000002';
const RUN = 'dddddddd-0000-4000-8000-000000000002';
const RIGHTS: RightEntry[] = ['dataIntegration.show', 'dataIntegration.edit'].map((key) => ({ key, value: true }));

const run: SheetImportView = sheetImportRun({ sheetImportId: RUN, windfarmId: PARK, customerId: CUSTOMER, windfarmName: 'Borkum' });

const mapping = (id: string, name: string, extra: Partial<ColumnMappingView> = {}): ColumnMappingView => ({
  mappingId: id,
  customerId: CUSTOMER,
  name,
  sheets: [],
  columns: [],
  severities: [],
  ignoreOtherColumns: true,
  createdBy: 'u',
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
  ...extra,
});

/** A fake import service holding the customer's mappings; `refuseNext` answers the next write with a catalogue error. */
function mappingServer() {
  const saved: ColumnMappingView[] = [
    mapping('eeeeeeee-0000-4000-8000-000000000001', 'Acme', { columns: [{ sheet: 'defects', column: 'severity', header: 'Class' }] }),
  ];
  const state = { refuseNext: null as { status: number; body: unknown } | null, workbookUrls: [] as string[] };
  const server = recordingFetch((call: FakeCall) => {
    const key = `${call.method} ${call.path}`;
    if (key === `GET ${API}/sheet-imports/current`) return jsonResponse(200, { current: run });
    if (key === `GET ${API}/sheet-imports`) return jsonResponse(200, { results: [run], totalCount: 1 });
    if (key === `GET ${API}/column-mappings`) {
      expect(call.query.get('customerId')).toBe(CUSTOMER);
      return jsonResponse(200, { results: saved, totalCount: saved.length });
    }
    if ((call.method === 'POST' || call.method === 'PUT') && call.path.startsWith(`${API}/column-mappings`) && state.refuseNext) {
      const r = state.refuseNext;
      state.refuseNext = null;
      return jsonResponse(r.status, r.body);
    }
    if (key === `POST ${API}/column-mappings`) {
      const body = call.body as Omit<ColumnMappingView, 'mappingId'>;
      const m = mapping(`eeeeeeee-0000-4000-8000-00000000000${saved.length + 1}`, body.name, body);
      saved.push(m);
      return jsonResponse(201, m);
    }
    if (call.method === 'PUT' && call.path.startsWith(`${API}/column-mappings/`)) {
      const i = saved.findIndex((m) => call.path.endsWith(m.mappingId));
      saved[i] = { ...saved[i]!, ...(call.body as Partial<ColumnMappingView>) };
      return jsonResponse(200, saved[i]);
    }
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'Not found' });
  });
  const FakeXhr = fakeUploadXhr((url) => {
    state.workbookUrls.push(url);
    return { status: 200, body: run };
  });
  return { ...server, saved, state, FakeXhr };
}

async function open(server: ReturnType<typeof mappingServer>, locale: Locale) {
  localStorage.setItem('access_token', 'acc');
  vi.stubGlobal('fetch', server.fetchMock);
  vi.stubGlobal('XMLHttpRequest', server.FakeXhr);
  renderApp({ path: '/dataCenter/dataImport', locale, session: readySession({ accessDeniedModules: RIGHTS, menuRights: ['menu.dataImport'] }) });
  await screen.findByTestId('import-step-verify');
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const writes = (server: ReturnType<typeof mappingServer>, method: string) =>
  server.calls.filter((c) => c.method === method && c.path.startsWith(`${API}/column-mappings`));

describe('column mappings in step 2', () => {
  it('creates a mapping (the rules checked before sending, a refusal shown), uses it for the workbook, and edits it', async () => {
    const server = mappingServer();
    await open(server, 'en_us');
    const select = screen.getByTestId('import-mapping-select');
    await waitFor(() => expect(select.textContent).toContain('None (our template)'));
    expect((screen.getByTestId('import-mapping-edit') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('import-mapping-new'));
    const editor = await screen.findByRole('dialog');
    expect(within(editor).getByText('New column mapping')).toBeTruthy();
    // Nothing named, then nothing mapped: refused here, nothing sent.
    fireEvent.click(screen.getByTestId('import-mapping-save'));
    expect((await screen.findByTestId('import-mapping-problem')).textContent).toContain('Please enter a name');
    type('import-mapping-name', 'Borkum drones');
    fireEvent.click(screen.getByTestId('import-mapping-save'));
    await waitFor(() => expect(screen.getByTestId('import-mapping-problem').textContent).toContain('must rename at least one sheet or column'));
    type('import-mapping-sheet-defects', 'Findings');
    type('import-mapping-col-defects-severity', 'Damage class');
    fireEvent.click(screen.getByTestId('import-mapping-sev-add'));
    fireEvent.click(screen.getByTestId('import-mapping-sev-add'));
    type('import-mapping-sev-value-0', 'Cat A');
    type('import-mapping-sev-level-0', '1');
    type('import-mapping-sev-value-1', 'cat a');
    type('import-mapping-sev-level-1', '2');
    fireEvent.click(screen.getByTestId('import-mapping-save'));
    await waitFor(() => expect(screen.getByTestId('import-mapping-problem').textContent).toContain('"cat a" is empty, listed twice'));
    expect(writes(server, 'POST')).toHaveLength(0);

    // The server's refusal (a name taken) is shown in the editor, which stays open.
    type('import-mapping-sev-value-1', 'Cat B');
    server.state.refuseNext = { status: 409, body: { code: 'IMPORT_MAPPING_NAME_EXISTS', message: 'x', params: { name: 'Borkum drones' } } };
    fireEvent.click(screen.getByTestId('import-mapping-save'));
    expect((await screen.findByTestId('import-mapping-error')).textContent).toContain('already has a column mapping named "Borkum drones"');
    fireEvent.click(screen.getByTestId('import-mapping-save'));
    await waitFor(() => expect(writes(server, 'POST')).toHaveLength(2));
    expect(writes(server, 'POST')[1]!.body).toEqual({
      customerId: CUSTOMER,
      name: 'Borkum drones',
      sheets: [{ sheet: 'defects', name: 'Findings' }],
      columns: [{ sheet: 'defects', column: 'severity', header: 'Damage class' }],
      severities: [
        { value: 'Cat A', level: 1 },
        { value: 'Cat B', level: 2 },
      ],
      ignoreOtherColumns: true,
    });
    // Saved: the editor closes and the new mapping is the chosen one; the workbook goes with it.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('import-mapping-select').textContent).toContain('Borkum drones'));
    const input = () => document.querySelector('[data-testid="import-step-verify"] input[type="file"]') as HTMLInputElement;
    fireEvent.change(input(), { target: { files: [new File(['x'], 'vendor.xlsx')] } });
    await waitFor(() => expect(server.state.workbookUrls).toEqual([`${API}/sheet-imports/${RUN}/workbook?mappingId=${server.saved[1]!.mappingId}`]));

    // Edit another one: the editor opens with what it maps; the change is sent whole.
    await pickOption(screen.getByTestId('import-mapping-select'), 'Acme');
    fireEvent.click(screen.getByTestId('import-mapping-edit'));
    await screen.findByRole('dialog');
    expect((screen.getByTestId('import-mapping-col-defects-severity') as HTMLInputElement).value).toBe('Class');
    type('import-mapping-name', 'Acme 2');
    fireEvent.click(screen.getByTestId('import-mapping-save'));
    await waitFor(() => expect(writes(server, 'PUT')).toHaveLength(1));
    expect(writes(server, 'PUT')[0]!.path).toBe(`${API}/column-mappings/${server.saved[0]!.mappingId}`);
    expect(writes(server, 'PUT')[0]!.body).toMatchObject({ name: 'Acme 2', columns: [{ sheet: 'defects', column: 'severity', header: 'Class' }] });
    await waitFor(() => expect((screen.getByTestId('import-mapping-select') as HTMLElement).textContent).toContain('Acme 2'));
    fireEvent.change(input(), { target: { files: [new File(['x'], 'vendor2.xlsx')] } });
    await waitFor(() => expect(server.state.workbookUrls[1]).toBe(`${API}/sheet-imports/${RUN}/workbook?mappingId=${server.saved[0]!.mappingId}`));
  });

  it('speaks Chinese: the template\'s sheet and column names, the rules\' messages', async () => {
    const server = mappingServer();
    await open(server, 'zh_cn');
    await waitFor(() => expect(screen.getByTestId('import-mapping-select').textContent).toContain('无（使用本系统模板）'));
    fireEvent.click(screen.getByTestId('import-mapping-new'));
    const editor = await screen.findByRole('dialog');
    expect(within(editor).getByText('新建列映射')).toBeTruthy();
    expect(within(editor).getByText('工作表 缺陷')).toBeTruthy();
    expect((screen.getByTestId('import-mapping-col-defects-severity') as HTMLInputElement).placeholder).toBe('严重等级');
    type('import-mapping-name', '博尔库姆');
    // A vendor header that is another column's name in the template: ambiguous.
    type('import-mapping-col-defects-defectType', '严重等级');
    fireEvent.click(screen.getByTestId('import-mapping-save'));
    expect((await screen.findByTestId('import-mapping-problem')).textContent).toContain('名称"严重等级"被用于同一工作表的两列');
    expect(writes(server, 'POST')).toHaveLength(0);
  });
});
