import { afterEach, describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 60000 });
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorText } from './contracts';
import { renderUserCenter } from './testing/render';
import type { Call } from './testing/fakeServer';
import { pickOption } from '@/test/antd';

afterEach(() => vi.unstubAllGlobals());

const userLists = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === '/context/api/v1/users');

/** Opens an antd select by its label and picks an option by text. */
async function pick(container: HTMLElement, label: string | RegExp, option: string) {
  await pickOption(within(container).getByLabelText(label), option);
}

describe('users', () => {
  it('lists users with translated roles and dates, and asks the server to sort (en)', async () => {
    const { calls } = await renderUserCenter();
    const table = await screen.findByTestId('users-table');
    expect(await within(table).findByText('pilot-one')).toBeTruthy();
    expect(within(table).getByText('Super admin')).toBeTruthy();
    expect(within(table).getByText('Dec 31, 2026')).toBeTruthy();
    expect(within(table).getAllByText('No expiry').length).toBe(2);
    expect(userLists(calls)[0]!.query.get('pageIndex')).toBe('1');
    expect(userLists(calls)[0]!.query.has('fieldToSort')).toBe(false);

    fireEvent.click(within(table).getAllByText('Username')[0]!);
    await waitFor(() =>
      expect(userLists(calls).some((c) => c.query.get('fieldToSort') === 'username' && c.query.get('descending') === 'false')).toBe(true),
    );
    fireEvent.click(within(table).getAllByText('Username')[0]!);
    await waitFor(() =>
      expect(userLists(calls).some((c) => c.query.get('fieldToSort') === 'username' && c.query.get('descending') === 'true')).toBe(true),
    );
    fireEvent.click(within(table).getAllByText('Created')[0]!);
    await waitFor(() => expect(userLists(calls).at(-1)!.query.get('fieldToSort')).toBe('createdAt'));
  });

  it('filters by username on the server', async () => {
    const { calls } = await renderUserCenter();
    await screen.findByText('pilot-one');
    const search = screen.getByLabelText('Search by username');
    fireEvent.change(search, { target: { value: 'read' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(userLists(calls).at(-1)!.query.get('username')).toBe('read'));
  });

  it('refuses a--b client-side and shows the server\'s "Email address already exists" translated (en)', async () => {
    const { calls } = await renderUserCenter();
    await screen.findByText('pilot-one');
    fireEvent.click(screen.getByRole('button', { name: /New user/ }));
    const form = await screen.findByTestId('user-form');
    fireEvent.change(within(form).getByLabelText('Username'), { target: { value: 'a--b' } });
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await within(form).findByText(errorText('USERNAME_RULE', 'en_us'))).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByLabelText('Username'), { target: { value: 'new-user' } });
    fireEvent.change(within(form).getByLabelText('Display name'), { target: { value: 'New User' } });
    fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'PILOT-ONE@example.com' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'weakweak' } });
    await pick(form, 'Roles', 'Customer reader');
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await within(form).findByText(errorText('PASSWORD_RULE', 'en_us'))).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'Good@2026' } });
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await within(form).findByText(errorText('EMAIL_EXISTS', 'en_us'))).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/context/api/v1/users')!;
    expect(post.body).toMatchObject({ username: 'new-user', displayName: 'New User', password: 'Good@2026', roles: [88], active: true, parkIds: [] });
  });

  it('shows the duplicate-e-mail refusal in Chinese and creates the user once it is fixed', async () => {
    const { calls } = await renderUserCenter({ locale: 'zh_cn' });
    await screen.findByText('pilot-one');
    expect(screen.getAllByText('用户名').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: /新建用户/ }));
    const form = await screen.findByTestId('user-form');
    fireEvent.change(within(form).getByLabelText('用户名'), { target: { value: 'zhang-san' } });
    fireEvent.change(within(form).getByLabelText('显示名称'), { target: { value: '张三' } });
    fireEvent.change(within(form).getByLabelText('邮箱'), { target: { value: 'reader@example.com' } });
    fireEvent.change(within(form).getByLabelText('密码'), { target: { value: 'Good@2026' } });
    await pick(form, '角色', '飞手');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await within(form).findByText(errorText('EMAIL_EXISTS', 'zh_cn'))).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('邮箱'), { target: { value: 'zhang@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(screen.queryByTestId('user-form')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').length).toBe(2);
    await waitFor(() => expect(userLists(calls).length).toBeGreaterThan(1));
    expect(await screen.findByText('zhang-san')).toBeTruthy();
  });

  it('offers only the chosen customers\' wind parks as data permission', async () => {
    await renderUserCenter();
    await screen.findByText('pilot-one');
    fireEvent.click(screen.getByRole('button', { name: 'Edit reader' }));
    const form = await screen.findByTestId('user-form');
    // The selected customer shows by name once the customer lookup has answered (later under load).
    expect(await within(form).findByText('North Sea Wind')).toBeTruthy();
    const parkInput = within(form).getByLabelText('Wind parks') as HTMLInputElement;
    await waitFor(() => expect(parkInput.disabled).toBe(false));
    fireEvent.mouseDown(parkInput.closest('.ant-select')!);
    await waitFor(() => expect(Array.from(document.querySelectorAll('.ant-select-item-option')).map((e) => e.textContent)).toContain('Dogger Bank North'));
    expect(Array.from(document.querySelectorAll('.ant-select-item-option')).map((e) => e.textContent)).not.toContain('Bayan Obo Steppe');
  });

  it('edits rights as a checkbox tree and resets them to the role defaults', async () => {
    const { calls } = await renderUserCenter();
    await screen.findByText('pilot-one');
    fireEvent.click(screen.getByRole('button', { name: 'Rights of reader' }));
    const editor = await screen.findByTestId('rights-editor');
    expect(await within(editor).findByText('Menu rights')).toBeTruthy();
    expect(within(editor).getByText('Show and edit rights')).toBeTruthy();
    expect(within(editor).getByText('Role defaults')).toBeTruthy();
    fireEvent.click(within(editor).getByText('Add turbine'));
    fireEvent.click(screen.getByTestId('rights-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && /\/rights$/.test(c.path))).toBe(true));
    const put = calls.find((c) => c.method === 'PUT' && /\/rights$/.test(c.path))!;
    expect((put.body as { rights: string[] }).rights).toContain('turbine.add');
    expect(await within(editor).findByText('Set for this user')).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('rights-reset') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('rights-reset'));
    const confirm = await screen.findByText('Give this user the default rights of their roles again?');
    fireEvent.click((confirm.closest('.ant-popover') as HTMLElement).querySelector('.ant-btn-primary')!);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT' && /\/rights$/.test(c.path)).at(-1)!.body).toEqual({ rights: null }));
  });

  it('shows only the tabs the rights allow and no edit controls without edit rights', async () => {
    await renderUserCenter({ rights: [{ key: 'customerList.show', value: true }], roles: [91] });
    expect(await screen.findByText('North Sea Wind')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Users' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Customers' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /New customer/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete North Sea Wind/ })).toBeNull();
  });
});

describe('customers and organizations', () => {
  it('shows the server\'s refusal to delete a customer with accounts, translated (en)', async () => {
    await renderUserCenter({ path: '/configuration/userCenter?tab=customers' });
    const table = await screen.findByTestId('customers-table');
    expect(await within(table).findByText('North Sea Wind')).toBeTruthy();
    expect(within(table).getByText('Owner/operator')).toBeTruthy();
    expect(within(table).getByText('Dec 31, 2027')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Delete North Sea Wind' }));
    const confirm = await screen.findByText('Delete customer North Sea Wind?');
    fireEvent.click(within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText(errorText('CUSTOMER_HAS_ACCOUNTS', 'en_us'))).toBeTruthy();
  });

  it('edits a customer: keeps stored templates and sends the loaded version (zh)', async () => {
    const { calls } = await renderUserCenter({ path: '/configuration/userCenter?tab=customers', locale: 'zh_cn' });
    const table = await screen.findByTestId('customers-table');
    expect(await within(table).findByText('业主/运营商')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: '编辑 North Sea Wind' }));
    const form = await screen.findByTestId('customer-form');
    expect(within(form).getAllByText('叶片外部').length).toBe(2);
    fireEvent.click(within(form).getByLabelText('拼接'));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && /Customers\//.test(c.path))).toBe(true));
    const put = calls.find((c) => c.method === 'PUT' && /Customers\//.test(c.path))!;
    expect(put.body).toMatchObject({
      customerName: 'North Sea Wind',
      version: 4,
      componentConfigs: [{ componentType: 1, reportTemplateId: 'rt-1', inspectionDataConfigId: 'idc-blade' }],
      flowConfigs: [{ componentType: 1, features: ['timeline'], taskStages: [8] }],
    });
  });

  it('lists organizations with counts and shows the delete refusal in Chinese', async () => {
    const { calls } = await renderUserCenter({ path: '/configuration/userCenter?tab=organizations', locale: 'zh_cn' });
    const table = await screen.findByTestId('organizations-table');
    expect(await within(table).findByText('SkyView Pilots')).toBeTruthy();
    expect(within(table).getByText('飞手数')).toBeTruthy();
    fireEvent.click(within(table).getAllByText('飞手数')[0]!);
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/context/api/v2/organizations' && c.query.get('fieldToSort') === 'pilotCount')).toBe(true),
    );
    fireEvent.click(within(table).getByRole('button', { name: '删除 SkyView Pilots' }));
    const confirm = await screen.findByText('确定删除组织 SkyView Pilots？');
    fireEvent.click(within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText(errorText('ORGANIZATION_HAS_RELATED', 'zh_cn'))).toBeTruthy();
  });
});

describe('machine clients', () => {
  it('registers a client, shows its secret once, and revokes it (zh)', async () => {
    const { calls } = await renderUserCenter({ path: '/configuration/userCenter?tab=machineClients', locale: 'zh_cn' });
    const table = await screen.findByTestId('machine-clients-table');
    expect(await within(table).findByText('Drone ingestion fleet A')).toBeTruthy();
    expect(within(table).getByText('1 个客户')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /注册机器客户端/ }));
    fireEvent.change(await screen.findByPlaceholderText('例如：无人机数据接入 – A 机队'), { target: { value: 'Fleet B' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect((await screen.findByTestId('machine-client-secret')).textContent).toContain('only-shown-once-secret');
    expect(screen.getByText('请立即复制密钥：它只显示这一次，之后无法再次查看。')).toBeTruthy();
    const sent = calls.find((c) => c.path === '/context/api/v2/machine-clients' && c.method === 'POST');
    expect(sent?.body).toEqual({ name: 'Fleet B', rights: ['dataIntegration.edit'] });
    fireEvent.click(screen.getByRole('button', { name: /我已复制/ }));
    await waitFor(() => expect(screen.queryByTestId('machine-client-secret')).toBeNull());

    fireEvent.click(await within(table).findByRole('button', { name: '吊销 Drone ingestion fleet A' }));
    const confirm = await screen.findByText(/确定吊销 Drone ingestion fleet A/);
    fireEvent.click(within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: /吊\s*销/ }));
    expect(await screen.findByText('已吊销 Drone ingestion fleet A')).toBeTruthy();
    expect(calls.some((c) => c.path === '/context/api/v2/machine-clients/mc-row-1/revoke' && c.method === 'POST')).toBe(true);
  });
});

describe('change password', () => {
  async function openDialog(locale: 'en_us' | 'zh_cn' = 'en_us') {
    const app = await renderUserCenter({ path: '/menu', locale });
    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.click(await screen.findByText(locale === 'en_us' ? 'Change password' : '修改密码'));
    const dialog = await screen.findByTestId('change-password');
    return { ...app, dialog };
  }
  const fill = (dialog: HTMLElement, labels: [string, string, string], values: [string, string, string]) =>
    labels.forEach((l, i) => fireEvent.change(within(dialog).getByLabelText(l), { target: { value: values[i] } }));
  const EN: [string, string, string] = ['Current password', 'New password', 'Confirm new password'];

  it('refuses a weak password and the same-as-old password client-side', async () => {
    const { dialog, calls } = await openDialog();
    fill(dialog, EN, ['Old@2026x', 'weak', 'weak']);
    fireEvent.click(screen.getByTestId('change-password-submit'));
    expect(await within(dialog).findByText(errorText('PASSWORD_RULE', 'en_us'))).toBeTruthy();
    fill(dialog, EN, ['Old@2026x', 'Old@2026x', 'Old@2026x']);
    fireEvent.click(screen.getByTestId('change-password-submit'));
    expect(await within(dialog).findByText(errorText('SAME_NEW_PASSWORD', 'en_us'))).toBeTruthy();
    fill(dialog, EN, ['Old@2026x', 'New@2026x', 'New@2026y']);
    fireEvent.click(screen.getByTestId('change-password-submit'));
    expect(await within(dialog).findByText(errorText('PASSWORDS_DO_NOT_MATCH', 'en_us'))).toBeTruthy();
    expect(calls.some((c) => c.path === '/account/api/v1/accounts/me/password')).toBe(false);
  });

  it('shows the server\'s wrong-old-password refusal translated (zh)', async () => {
    const { dialog, calls } = await openDialog('zh_cn');
    fill(dialog, ['当前密码', '新密码', '确认新密码'], ['Wrong@2026', 'New@2026x', 'New@2026x']);
    fireEvent.click(screen.getByTestId('change-password-submit'));
    expect(await within(dialog).findByText(errorText('INVALID_OLD_PASSWORD', 'zh_cn'))).toBeTruthy();
    expect(calls.filter((c) => c.path === '/account/api/v1/accounts/me/password').length).toBe(1);
  });

  it('on success signs out (sessions end on the server) and goes to the login page with a message', async () => {
    const { dialog, calls, router, store } = await openDialog();
    fill(dialog, EN, ['Old@2026x', 'New@2026x', 'New@2026x']);
    await act(async () => {
      fireEvent.click(screen.getByTestId('change-password-submit'));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const put = calls.find((c) => c.path === '/account/api/v1/accounts/me/password')!;
    expect(put.method).toBe('PUT');
    expect(Object.fromEntries(new URLSearchParams(put.raw))).toEqual({ oldPassword: 'Old@2026x', newPassword: 'New@2026x', confirmPassword: 'New@2026x' });
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(store.getState().session.status).toBe('anonymous');
    expect(await screen.findByText('Your password has been changed. Please sign in with the new password.')).toBeTruthy();
  });
});

describe('in the console', () => {
  it('the route shows the user centre and the header offers "Change password"', async () => {
    const { renderApp, readySession } = await import('@/test/renderApp');
    const { ALL_UC_RIGHTS } = await import('./testing/render');
    const { userCenterFetch } = await import('./testing/fakeServer');
    localStorage.setItem('access_token', 'acc');
    vi.stubGlobal('fetch', userCenterFetch().fetchMock);
    await renderApp({ path: '/configuration/userCenter', locale: 'zh_cn', session: readySession({ accessDeniedModules: ALL_UC_RIGHTS }) });
    expect(await screen.findByTestId('page-userCenter')).toBeTruthy();
    expect(await screen.findByText('pilot-one')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '组织' })).toBeTruthy();
    expect(screen.getByTestId('user-display-name').textContent).toBe('Ada Lovelace');
    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.click(await screen.findByText('修改密码'));
    expect(await screen.findByTestId('change-password')).toBeTruthy();
  });
});
