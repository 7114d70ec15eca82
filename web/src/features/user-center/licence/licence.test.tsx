import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorText } from '../contracts';
import { ALL_UC_RIGHTS, renderUserCenter } from '../testing/render';

vi.setConfig({ testTimeout: 60000 });
afterEach(() => vi.unstubAllGlobals());

const WITH_LICENCE = [...ALL_UC_RIGHTS, { key: 'licence.manage', value: true }];
const PATH = '/configuration/userCenter?tab=licence';

/** Picks a licence file in the (hidden) file input of antd's Upload. */
function chooseFile(text: string) {
  const input = screen.getByTestId('licence-panel').querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([text], 'windward.lic', { type: 'application/json' })] } });
}

describe('licence', () => {
  it('shows the licence: customer, expiry, quota used of total and modules (en)', async () => {
    await renderUserCenter({ path: PATH, rights: WITH_LICENCE });
    const panel = await screen.findByTestId('licence-panel');
    expect(await within(panel).findByText('Windward Demo')).toBeTruthy();
    expect(within(panel).getByText('Valid')).toBeTruthy();
    expect(within(panel).getByText('Jan 1, 2031')).toBeTruthy();
    expect(await within(panel).findByText('42 of 1000 used')).toBeTruthy();
    expect(within(panel).getByText('Inspection')).toBeTruthy();
    expect(within(panel).getByText('Repair')).toBeTruthy();
  });

  it('installs a new licence file and shows it; a tampered or expired file is refused with the server message (zh_cn)', async () => {
    const { calls } = await renderUserCenter({ path: PATH, rights: WITH_LICENCE, locale: 'zh_cn' });
    const panel = await screen.findByTestId('licence-panel');
    expect(await within(panel).findByText('Windward Demo')).toBeTruthy();
    expect(screen.getByText('许可证')).toBeTruthy();

    chooseFile('{"tampered": true}');
    expect(await within(panel).findByText(errorText('LICENCE_INVALID', 'zh_cn'))).toBeTruthy();
    expect(within(panel).getByText('Windward Demo')).toBeTruthy();
    chooseFile('{"expired": true}');
    expect(await within(panel).findByText(errorText('LICENCE_EXPIRED', 'zh_cn'))).toBeTruthy();

    chooseFile(JSON.stringify({ customer: 'North Sea Wind', maxTurbines: 500, modules: ['report'] }));
    expect(await within(panel).findByText('North Sea Wind')).toBeTruthy();
    expect(await within(panel).findByText('已使用 42 / 共 500')).toBeTruthy();
    expect(within(panel).getByText('报告')).toBeTruthy();
    await waitFor(() => expect(within(panel).queryByTestId('licence-refusal')).toBeNull());
    const puts = calls.filter((c) => c.method === 'PUT' && c.path === '/context/api/v1/licence');
    expect(puts).toHaveLength(3);
    expect(puts[2]!.body).toEqual({ licence: JSON.stringify({ customer: 'North Sea Wind', maxTurbines: 500, modules: ['report'] }) });
  });

  it('has no licence tab without the licence right', async () => {
    await renderUserCenter({ path: PATH });
    await screen.findByTestId('users-table');
    expect(screen.queryByText('Licence')).toBeNull();
    expect(screen.queryByTestId('licence-panel')).toBeNull();
  });
});
