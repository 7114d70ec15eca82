import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorText, type RightEntry } from '@/shared/contracts';
import { readySession, renderApp } from '@/test/renderApp';
import { assetFetch, type Call } from '@/test/fixtures/asset';
import { findSelector } from '@/test/antd';

// Lazy pages (and OpenLayers) load on first use: give them time.
configure({ asyncUtilTimeout: 8000 });

afterEach(() => vi.unstubAllGlobals());

const ADMIN_RIGHTS: RightEntry[] = [
  { key: 'assetConfig.edit', value: true },
  { key: 'turbine.add', value: true },
];

async function open(path: string, opts: { locale?: 'en_us' | 'zh_cn'; rights?: RightEntry[]; overrides?: Parameters<typeof assetFetch>[0] } = {}) {
  localStorage.setItem('access_token', 'acc');
  const { fetchMock, calls } = assetFetch(opts.overrides);
  vi.stubGlobal('fetch', fetchMock);
  const app = await renderApp({ path, locale: opts.locale, session: readySession({ accessDeniedModules: opts.rights ?? [] }) });
  return { ...app, calls };
}

const turbineCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && /\/plants\/p-dogger\/turbines$/.test(c.path));

describe('global map', () => {
  it('lists every park, searches, and shows a park card with formatted numbers (en)', async () => {
    const { calls } = await open('/explore/globalMap');
    expect((await screen.findAllByTestId('park-list-item')).length).toBe(3);
    expect(calls.some((c) => c.path === '/context/api/v1/plants' && c.query.get('pageSize') === '500')).toBe(true);
    expect(await screen.findByTestId('park-map')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('park-map').getAttribute('data-markers')).toBe('2'));
    expect(screen.getByText('No location')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search by park, customer or region'), { target: { value: 'gobi' } });
    expect(screen.getAllByTestId('park-list-item').map((e) => e.textContent)).toEqual([expect.stringContaining('Bayan Obo Steppe')]);
    fireEvent.change(screen.getByLabelText('Search by park, customer or region'), { target: { value: '' } });

    fireEvent.click(screen.getByText('Dogger Bank North'));
    const card = await screen.findByTestId('park-card');
    expect(within(card).getByText('1,200 MW')).toBeTruthy();
    expect(within(card).getByText('North Sea Wind')).toBeTruthy();
    expect(within(card).getByText(/Mar 5, 2026/)).toBeTruthy();
    expect(within(card).getByText('8')).toBeTruthy();
  });

  it('speaks Chinese and links to the wind farm overview of the park', async () => {
    const { router } = await open('/explore/globalMap', { locale: 'zh_cn' });
    fireEvent.click(await screen.findByText('Hornsea Edge'));
    const card = await screen.findByTestId('park-card');
    expect(within(card).getByText('700 兆瓦')).toBeTruthy();
    expect(within(card).getByText('尚无巡检')).toBeTruthy();
    expect(within(card).getByText('停用')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: '打开风场概览' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/inspection/windPark'));
    expect(router.state.location.search).toContain('windFarmId=p-hornsea');
  });

  it('is kept alive: navigating away hides it, coming back shows the same map without reloading', async () => {
    const { router, calls } = await open('/explore/globalMap');
    await screen.findAllByTestId('park-list-item');
    const map = await screen.findByTestId('park-map');
    const plantLoads = () => calls.filter((c) => c.path === '/context/api/v1/plants').length;
    const loadsBefore = plantLoads();
    await act(async () => {
      await router.navigate('/inspection/turbine');
    });
    expect(await screen.findByTestId('page-turbineInspection')).toBeTruthy();
    expect(screen.getByTestId('kept-alive-globalMap').hidden).toBe(true);
    await act(async () => {
      await router.navigate('/explore/globalMap');
    });
    expect(screen.getByTestId('kept-alive-globalMap').hidden).toBe(false);
    expect(screen.getByTestId('park-map')).toBe(map);
    expect(plantLoads()).toBe(loadsBefore);
  });
});

describe('wind farm overview', () => {
  it('selects the first park, its project and blade external; fills the summary and the URL', async () => {
    const { router, store } = await open('/inspection/windPark');
    const summary = await screen.findByTestId('park-summary');
    expect(await within(summary).findByText('Dogger Bank North')).toBeTruthy();
    expect(within(summary).getByText('1,200 MW')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?windFarmId=p-dogger&projectId=pr-1&inspectionType=1'));
    expect(store.getState().asset.userSelectedData).toMatchObject({ windFarmId: 'p-dogger', projectId: 'pr-1', inspectionSubType: 1 });
    expect(screen.getByText('Spring campaign 2026')).toBeTruthy();
    expect(screen.getByText('Blade external')).toBeTruthy();
    expect(await screen.findByText('DBN-01')).toBeTruthy();
  });

  it('shows the catalogue text when the park has no inspection yet, in Chinese', async () => {
    await open('/inspection/windPark?windFarmId=p-bayan&inspectionType=2', { locale: 'zh_cn' });
    expect(await screen.findByTestId('no-last-inspection')).toBeTruthy();
    expect(screen.getByTestId('no-last-inspection').textContent).toBe(errorText('LAST_INSPECTION_TIME_NOT_EXIST', 'zh_cn'));
    expect(screen.getByText('塔筒')).toBeTruthy();
    expect(screen.getByText('巡检结果：塔筒')).toBeTruthy();
  });

  it('asks the server to sort when a column header is clicked, and links to the turbine page', async () => {
    const { calls } = await open('/inspection/windPark?windFarmId=p-dogger');
    await screen.findByText('DBN-01');
    fireEvent.click(screen.getAllByText('Serial number')[0]!);
    await waitFor(() => expect(turbineCalls(calls).some((c) => c.query.get('fieldToSort') === 'serialNumber' && c.query.get('descending') === 'false')).toBe(true));
    fireEvent.click(screen.getAllByText('Serial number')[0]!);
    await waitFor(() => expect(turbineCalls(calls).some((c) => c.query.get('fieldToSort') === 'serialNumber' && c.query.get('descending') === 'true')).toBe(true));
    const link = (await screen.findByText('DBN-02')).closest('a')!;
    expect(link.getAttribute('href')).toBe('/inspection/turbine?windFarmId=p-dogger&turbineId=t-2&inspectionType=1');
  });
});

describe('turbine inspection', () => {
  it('shows the chosen turbine, its blades, asset configs and inspections; the images panel follows the inspection (en)', async () => {
    const { router } = await open('/inspection/turbine?windFarmId=p-dogger&turbineId=t-1&inspectionType=1');
    const details = await screen.findByTestId('turbine-details');
    expect(within(details).getByText('WTG-DBN-0001')).toBeTruthy();
    expect(within(details).getByText('SG 14-222 DD')).toBeTruthy();
    expect(within(screen.getByTestId('blade-table')).getByText('DBN1-B-B108')).toBeTruthy();
    expect(within(screen.getByTestId('blade-table')).getAllByText('108 m').length).toBe(3);
    expect(within(screen.getByTestId('asset-config-table')).getByText('Blade auto')).toBeTruthy();
    expect(within(screen.getByTestId('inspection-table')).getAllByRole('row').length).toBe(3);
    expect(within(screen.getByTestId('images-panel')).getByText('Images and defects')).toBeTruthy(); // features/inspection (its own tests)
    // newest blade inspection and the first blade are chosen and written to the URL
    await waitFor(() => expect(router.state.location.search).toContain('inspectionId=i-new'));
    expect(router.state.location.search).toContain('bladeId=bl-1-A');
  });

  it('speaks Chinese', async () => {
    await open('/inspection/turbine?windFarmId=p-dogger&turbineId=t-1', { locale: 'zh_cn' });
    const details = await screen.findByTestId('turbine-details');
    expect(within(screen.getByTestId('asset-config-table')).getByText('叶片自动')).toBeTruthy();
    expect(within(details).getByText('风机型号')).toBeTruthy();
    expect(within(screen.getByTestId('images-panel')).getByText('图片与缺陷')).toBeTruthy();
  });
});

describe('asset configuration', { timeout: 60000 }, () => {
  const modalOf = (el: HTMLElement) => el.closest('.ant-modal') as HTMLElement;
  const click = (el: Element) => fireEvent.click(el.closest('button') ?? el);

  async function openTurbineForm(locale: 'en_us' | 'zh_cn' = 'en_us', overrides?: Parameters<typeof assetFetch>[0]) {
    const app = await open('/configuration/assetConfig?windFarmId=p-dogger', { locale, rights: ADMIN_RIGHTS, overrides });
    click(await screen.findByText(locale === 'en_us' ? 'New turbine' : '新建风机'));
    const form = await screen.findByTestId('turbine-form');
    return { ...app, form };
  }
  const fill = (container: HTMLElement, label: string, value: string) =>
    fireEvent.change(within(container).getByLabelText(label), { target: { value } });

  it('refuses 2 blades on the client without calling the server', async () => {
    const { calls, form } = await openTurbineForm();
    fill(form, 'Turbine name', 'DBN-99');
    fill(form, 'Blade serial number 1', 'S1');
    fill(form, 'Blade serial number 2', 'S2');
    click(within(form).getByLabelText('Remove blade 3'));
    await waitFor(() => expect(within(form).getAllByTestId('blade-row').length).toBe(2));
    click(within(modalOf(form)).getByText('Save'));
    expect((await screen.findByTestId('blade-error')).textContent).toBe('A turbine must have exactly 3 blades.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('refuses repeated blade serials on the client', async () => {
    const { calls, form } = await openTurbineForm();
    fill(form, 'Turbine name', 'DBN-99');
    fill(form, 'Blade serial number 1', 'S1');
    fill(form, 'Blade serial number 2', 's1');
    fill(form, 'Blade serial number 3', 'S3');
    click(within(modalOf(form)).getByText('Save'));
    expect((await screen.findByTestId('blade-error')).textContent).toBe(errorText('BLADE_NAME_SERIAL_REPEATED', 'en_us'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it.each([
    ['en_us', 'The turbine serial number already exists.', /^Save$/],
    ['zh_cn', '风机序列号已存在。', /^保\s*存$/],
  ] as const)('posts 3 blades and shows the server refusal translated (%s)', async (locale, text, save) => {
    const refuse = (c: Call) =>
      c.method === 'POST' && c.path === '/context/api/v1/plants/p-dogger/turbines'
        ? { status: 409, body: { code: 'TURBINE_SERIAL_EXISTS', message: 'Turbine serial number already exists' } }
        : undefined;
    const { calls, form } = await openTurbineForm(locale, refuse);
    const l = locale === 'en_us' ? { name: 'Turbine name', serial: 'Serial number', blade: 'Blade serial number' } : { name: '风机名称', serial: '序列号', blade: '叶片序列号' };
    fill(form, l.name, 'DBN-99');
    fill(form, l.serial, 'WTG-DBN-0001');
    [1, 2, 3].forEach((i) => fill(form, `${l.blade} ${i}`, `X-${i}`));
    click(within(modalOf(form)).getByText(save));
    expect((await screen.findByTestId('server-error')).textContent).toBe(text);
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({
      turbineName: 'DBN-99',
      serialNumber: 'WTG-DBN-0001',
      blades: [
        { name: 'A', serialNumber: 'X-1' },
        { name: 'B', serialNumber: 'X-2' },
        { name: 'C', serialNumber: 'X-3' },
      ],
    });
  });

  it('shows the refusal to delete a turbine with data', async () => {
    await open('/configuration/assetConfig?windFarmId=p-dogger', {
      rights: ADMIN_RIGHTS,
      overrides: (c) =>
        c.method === 'DELETE'
          ? { status: 409, body: { code: 'TURBINE_HAS_DATA', message: 'Inspection or repair data exists under this turbine and cannot be deleted' } }
          : undefined,
    });
    const table = await screen.findByTestId('config-turbine-table');
    await within(table).findByText('DBN-01');
    click(within(table).getAllByText('Delete')[0]!);
    const pop = await waitFor(() => {
      const el = document.querySelector('.ant-popconfirm') as HTMLElement | null;
      if (!el) throw new Error('no popconfirm');
      return el;
    });
    click(within(pop).getByText('Delete'));
    expect((await screen.findByTestId('delete-error')).textContent).toBe(errorText('TURBINE_HAS_DATA', 'en_us'));
  });

  it('hides the write buttons without the rights; turbine.add alone may only add turbines', async () => {
    const { view } = await open('/configuration/assetConfig?windFarmId=p-dogger');
    await within(await screen.findByTestId('config-turbine-table')).findByText('DBN-01');
    expect(screen.queryByText('New wind park')).toBeNull();
    expect(screen.queryByText('New turbine')).toBeNull();
    expect(document.querySelector('.ant-switch')).toBeNull();
    view.unmount();

    await open('/configuration/assetConfig?windFarmId=p-dogger', { rights: [{ key: 'turbine.add', value: true }] });
    const table = await screen.findByTestId('config-turbine-table');
    await within(table).findByText('DBN-01');
    expect(screen.getByText('New turbine')).toBeTruthy();
    expect(screen.queryByText('New wind park')).toBeNull();
    expect(within(table).queryByText('Delete')).toBeNull();
  });

  it('creates a blade type with a new uuid through PUT, in Chinese', async () => {
    const { calls } = await open('/configuration/assetConfig?windFarmId=p-dogger', {
      locale: 'zh_cn',
      rights: ADMIN_RIGHTS,
      overrides: (c) => (c.method === 'PUT' ? { status: 200, body: {} } : undefined),
    });
    await screen.findByTestId('config-turbine-table');
    click(await findSelector('[data-node-key="blade"] .ant-tabs-tab-btn'));
    click(await screen.findByText('新建叶片型号'));
    const form = await screen.findByTestId('type-form');
    fill(form, '名称', 'B90');
    fill(form, '叶片制造商', 'LM');
    fill(form, '长度（米）', '90.5');
    fill(form, '宽度（米）', '4.2');
    click(within(modalOf(form)).getByText(/^保\s*存$/));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toMatch(/^\/context\/api\/v1\/plants\/p-dogger\/blade-types\/[0-9a-f-]{36}$/);
    expect(put.body).toMatchObject({ name: 'B90', bladeManufacturer: 'LM', length: 90.5, width: 4.2 });
  });
});
