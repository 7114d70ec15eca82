import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RightEntry } from '@/shared/contracts';
import { readySession, renderApp } from '@/test/renderApp';
import { CUSTOMER_ID, assetFetch, type Call } from '@/test/fixtures/asset';
import { FakeInspectionServer } from './testing/server';

configure({ asyncUtilTimeout: 20000 });
afterEach(() => vi.unstubAllGlobals());

const grant = (...keys: string[]): RightEntry[] => keys.map((key) => ({ key, value: true }));
const PAGE = '/configuration/defectConfig';
const TEMPLATES = `/gw/inspection/api/v2/customers/${CUSTOMER_ID}`;

async function open(opts: { locale?: 'en_us' | 'zh_cn'; rights?: RightEntry[] } = {}) {
  localStorage.setItem('access_token', 'acc');
  const server = new FakeInspectionServer();
  const { fetchMock, calls } = assetFetch((c) => server.respond(c));
  vi.stubGlobal('fetch', fetchMock);
  const app = await renderApp({
    path: PAGE,
    locale: opts.locale,
    session: readySession({ accessDeniedModules: opts.rights ?? grant('defectConfig.edit') }),
  });
  return { ...app, calls, server };
}

const sent = (calls: Call[], method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
const names = (kind: string) =>
  within(screen.getByTestId(`template-table-${kind}`))
    .queryAllByRole('row')
    .slice(1)
    .map((r) => r.firstChild?.textContent);

describe('defect configuration page', { timeout: 120000 }, () => {
  it('adds and deletes a defect type of the chosen customer; a duplicate is refused and nothing changes (en)', async () => {
    const { calls, server } = await open();
    const page = await screen.findByTestId('page-defectConfig');
    await waitFor(() => expect(within(page).getByTestId('dc-customer').textContent).toBe('North Sea Wind'));
    await waitFor(() => expect(names('types')).toEqual(['Leading edge erosion']));

    fireEvent.change(screen.getByTestId('template-name-types'), { target: { value: 'Crack' } });
    fireEvent.click(screen.getByTestId('template-add-types'));
    await waitFor(() => expect(sent(calls, 'POST', `${TEMPLATES}/defect-templates/types`).map((c) => c.body)).toEqual([{ name: 'Crack' }]));
    await waitFor(() => expect(names('types')).toEqual(['Leading edge erosion', 'Crack']));

    // the same type in another case: the server's uniqueness refusal, translated
    fireEvent.change(screen.getByTestId('template-name-types'), { target: { value: 'leading EDGE erosion' } });
    fireEvent.click(screen.getByTestId('template-add-types'));
    expect((await screen.findByTestId('template-error')).textContent).toBe('The same defect type already exists.');
    expect(names('types')).toEqual(['Leading edge erosion', 'Crack']);
    expect(server.templates[CUSTOMER_ID]!.types.length).toBe(2);

    const crackId = server.templates[CUSTOMER_ID]!.types.find((x) => x.name === 'Crack')!.id;
    const crack = within(screen.getByTestId('template-table-types')).getByText('Crack').closest('tr')!;
    fireEvent.click(within(crack).getByTestId('template-delete'));
    const confirms = await screen.findAllByRole('button', { name: 'Delete' });
    fireEvent.click(confirms[confirms.length - 1]!);
    await waitFor(() => expect(names('types')).toEqual(['Leading edge erosion']));
    expect(sent(calls, 'DELETE', `${TEMPLATES}/defect-templates/types/${crackId}`).length).toBe(1);
    expect(server.templates[CUSTOMER_ID]!.types.map((x) => x.name)).toEqual(['Leading edge erosion']);
  });

  it('severities with a level, the recommendation refusal and the LPS bounds check in Chinese', async () => {
    const { calls } = await open({ locale: 'zh_cn' });
    await screen.findByTestId('page-defectConfig');
    fireEvent.click(await screen.findByTestId('tab-severities'));
    await waitFor(() => expect(names('severities')).toEqual(['轻微']));
    fireEvent.change(screen.getByTestId('template-name-severities'), { target: { value: 'Major' } });
    fireEvent.mouseDown(within(screen.getByTestId('template-level')).getByRole('combobox'));
    fireEvent.click((await screen.findAllByText('3', { selector: '.ant-select-item-option-content' })).pop()!);
    fireEvent.click(screen.getByTestId('template-add-severities'));
    await waitFor(() =>
      expect(sent(calls, 'POST', `${TEMPLATES}/defect-templates/severities`).map((c) => c.body)).toEqual([{ name: 'Major', level: 3 }]),
    );
    await waitFor(() => expect(names('severities')).toEqual(['轻微', 'Major']));

    fireEvent.click(screen.getByTestId('tab-recommendations'));
    await waitFor(() => expect(names('recommendations')).toEqual(['3个月内修复']));
    fireEvent.change(screen.getByTestId('template-name-recommendations'), { target: { value: 'Repair within 3 months' } });
    fireEvent.click(screen.getByTestId('template-add-recommendations'));
    expect((await screen.findByTestId('template-error')).textContent).toBe('该建议已存在。');
    expect(names('recommendations')).toEqual(['3个月内修复']);

    fireEvent.click(screen.getByTestId('tab-lps'));
    await within(await screen.findByTestId('lps-template-table')).findByText('Standard receptor');
    fireEvent.change(screen.getByTestId('lps-template-name'), { target: { value: 'Tip receptor' } });
    fireEvent.change(screen.getByTestId('lps-template-min'), { target: { value: '0.5' } });
    fireEvent.change(screen.getByTestId('lps-template-max'), { target: { value: '0.2' } });
    fireEvent.click(screen.getByTestId('lps-template-add'));
    expect(await screen.findByText('最小值不能大于最大值。')).toBeTruthy();
    expect(sent(calls, 'POST', `${TEMPLATES}/lps-templates`).length).toBe(0);
    fireEvent.change(screen.getByTestId('lps-template-max'), { target: { value: '1.25' } });
    fireEvent.click(screen.getByTestId('lps-template-add'));
    await waitFor(() =>
      expect(sent(calls, 'POST', `${TEMPLATES}/lps-templates`).map((c) => c.body)).toEqual([
        { name: 'Tip receptor', minOhm: '0.5', maxOhm: '1.25' },
      ]),
    );
    await within(screen.getByTestId('lps-template-table')).findByText('Tip receptor');
  });

  it('shows the templates read-only with defectConfig.show and nothing without a right', async () => {
    const { view } = await open({ rights: grant('defectConfig.show') });
    await waitFor(() => expect(names('types')).toEqual(['Leading edge erosion']));
    expect(screen.queryByTestId('template-add-types')).toBeNull();
    expect(screen.queryByTestId('template-delete')).toBeNull();
    expect(screen.getByText('You may look at the templates but not change them.')).toBeTruthy();
    view.unmount();
    await open({ rights: [], locale: 'zh_cn' });
    expect(await screen.findByText('您无权查看缺陷模板。')).toBeTruthy();
    expect(screen.queryByTestId('template-table-types')).toBeNull();
  });
});
