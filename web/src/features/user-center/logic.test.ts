import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { ALL_RIGHTS, MENU_RIGHTS_COUNT, errorText } from './testing/contractsForTests';
import {
  buildRightsTree,
  changePasswordFailure,
  customerToBody,
  duplicateComponentTypes,
  errorMessage,
  keepParksOfCustomers,
  mergeComponentConfigs,
  mergeFlowConfigs,
  parksForCustomers,
  passwordError,
  rightGroup,
  rightsFromChecked,
  roleOptions,
  grantableRoleOptions,
  ruleText,
  serverPasswordField,
  severityMappingFromNames,
  sortFromTable,
  sortOrderOf,
  userCenterGrants,
  usernameError,
  validUntilFromPicker,
} from './logic';
import { customerListParams, organizationListParams, userListParams } from './userCenterApi';
import { CUSTOMERS, PARKS, CUSTOMER_A, CUSTOMER_B } from './testing/fakeServer';

describe('form rules (contracts)', () => {
  it('refuses usernames against the username rule, in both languages', () => {
    expect(usernameError('a--b', 'en_us')).toBe(errorText('USERNAME_RULE', 'en_us'));
    expect(usernameError('_ab', 'zh_cn')).toBe(errorText('USERNAME_RULE', 'zh_cn'));
    expect(usernameError('ab-', 'en_us')).not.toBeNull();
    expect(usernameError('a b', 'en_us')).not.toBeNull();
    expect(usernameError('', 'en_us')).toBe(errorText('REQUIRED', 'en_us'));
    expect(usernameError('x'.repeat(33), 'en_us')).toBe(errorText('TEXT_TOO_LONG', 'en_us', { max: 32 }));
    expect(usernameError('pilot-one_2', 'en_us')).toBeNull();
  });

  it('checks passwords: 8–16 characters, two kinds of digits/letters/~@#$^_', () => {
    expect(passwordError('abcdefgh', 'en_us')).toBe(errorText('PASSWORD_RULE', 'en_us'));
    expect(passwordError('abc123', 'en_us')).not.toBeNull();
    expect(passwordError('abcd1234abcd1234x', 'en_us')).not.toBeNull();
    expect(passwordError('abcd 1234', 'en_us')).not.toBeNull();
    expect(passwordError('abcd1234', 'en_us')).toBeNull();
    expect(passwordError('12345678~', 'en_us')).toBeNull();
  });

  it('pins change-password failures to their field', () => {
    expect(changePasswordFailure({ oldPassword: '', newPassword: 'abcd1234', confirmPassword: 'abcd1234' })?.field).toBe('oldPassword');
    const weak = changePasswordFailure({ oldPassword: 'Old@2026x', newPassword: 'weak', confirmPassword: 'weak' });
    expect(weak).toMatchObject({ field: 'newPassword', result: { code: 'PASSWORD_RULE' } });
    const same = changePasswordFailure({ oldPassword: 'Old@2026x', newPassword: 'Old@2026x', confirmPassword: 'Old@2026x' });
    expect(same).toMatchObject({ field: 'newPassword', result: { code: 'SAME_NEW_PASSWORD' } });
    expect(ruleText(same!.result, 'zh_cn')).toBe(errorText('SAME_NEW_PASSWORD', 'zh_cn'));
    const mismatch = changePasswordFailure({ oldPassword: 'Old@2026x', newPassword: 'New@2026x', confirmPassword: 'New@2026y' });
    expect(mismatch).toMatchObject({ field: 'confirmPassword', result: { code: 'PASSWORDS_DO_NOT_MATCH' } });
    expect(changePasswordFailure({ oldPassword: 'Old@2026x', newPassword: 'New@2026x', confirmPassword: 'New@2026x' })).toBeNull();
    expect(serverPasswordField({ code: 'INVALID_OLD_PASSWORD' })).toBe('oldPassword');
    expect(serverPasswordField({ code: 'SAME_NEW_PASSWORD' })).toBe('newPassword');
    expect(serverPasswordField({ code: 'TOO_MANY' })).toBeNull();
  });

  it('translates server refusals by code, whatever the language of the server text', () => {
    const error = { status: 409, data: { code: 'EMAIL_EXISTS', message: 'Email address already exists' }, message: 'x' };
    expect(errorMessage(error, 'en_us')).toBe(errorText('EMAIL_EXISTS', 'en_us'));
    expect(errorMessage(error, 'zh_cn')).toBe(errorText('EMAIL_EXISTS', 'zh_cn'));
    expect(errorMessage({ status: 'NETWORK', message: 'offline' }, 'en_us')).toBe('offline');
  });
});

describe('roles and rights', () => {
  it('offers the current roles (no legacy ids) with contract labels', () => {
    const en = roleOptions('en_us');
    expect(en.map((o) => o.value)).toEqual([100, 92, 91, 90, 89, 88, 87, 2, 4, 5, 6]);
    expect(en[0]).toEqual({ value: 100, label: 'Super admin' });
    expect(roleOptions('zh_cn')[7]).toEqual({ value: 2, label: '飞手' });
  });

  it('offers a customer admin only the customer roles; roles the edited user holds show disabled', () => {
    expect(grantableRoleOptions('en_us', [90]).map((o) => o.value)).toEqual([90, 89, 88]);
    expect(grantableRoleOptions('en_us', [89]).map((o) => o.value)).toEqual([]);
    expect(grantableRoleOptions('en_us', [100])).toHaveLength(11);
    expect(grantableRoleOptions('en_us', [90], [5]).find((o) => o.value === 5)).toEqual({ value: 5, label: 'Engineer', disabled: true });
  });

  it('groups every right exactly once: menu rights, show/edit pairs by area, other rights', () => {
    const tree = buildRightsTree('en_us', { group: (g) => `G:${g}`, area: (a) => `A:${a}` });
    expect(tree.map((n) => n.title)).toEqual(['G:menu', 'G:pairs', 'G:other']);
    const leaves = (nodes: typeof tree): string[] => nodes.flatMap((n) => (n.children ? leaves(n.children) : [n.key]));
    expect(leaves(tree).sort()).toEqual([...ALL_RIGHTS].sort());
    expect(tree[0]!.children!.length).toBe(MENU_RIGHTS_COUNT);
    const perf = tree[1]!.children!.find((n) => n.key === 'area:performanceStatistics')!;
    expect(perf.children!.map((c) => c.key)).toEqual(['performanceStatistics.show', 'performanceStatistics.edit', 'performanceStatistics.organizationEdit']);
    expect(tree[1]!.children!.find((n) => n.key === 'area:blade')!.children!.map((c) => c.title)).toEqual(['Show blade', 'Edit blade']);
    expect(rightGroup('qa.edit')).toBe('other');
    expect(rightGroup('menu.userCenter')).toBe('menu');
    expect(rightGroup('userList.edit')).toBe('pairs');
    const zh = buildRightsTree('zh_cn', { group: String, area: String });
    expect(zh[2]!.children!.find((n) => n.key === 'image.export')!.title).toBe('导出图片');
  });

  it('sends checked rights in catalogue order without group and area keys', () => {
    expect(rightsFromChecked(['group:menu', 'qa.edit', 'area:blade', 'blade.show', 'menu.myAsset', 'nonsense'])).toEqual([
      'menu.myAsset',
      'blade.show',
      'qa.edit',
    ]);
  });

  it('derives tabs and edit buttons from the denied-modules list', () => {
    const g = userCenterGrants([{ key: 'userList.show', value: true }, { key: 'userList.edit', value: false }, { key: 'customerList.show', value: true }], [90]);
    expect(g.users).toEqual({ show: true, edit: false });
    expect(g.customers).toEqual({ show: true, edit: false });
    expect(g.organizations.show).toBe(false);
    expect(g.editRights).toBe(false);
    expect(userCenterGrants([{ key: 'userList.edit', value: true }], [100]).editRights).toBe(true);
  });
});

describe('query parameters and sorting', () => {
  it('builds list parameters: paging, server sort, trimmed non-empty filters', () => {
    expect(userListParams({ pageIndex: 2, pageSize: 20, username: '  ada ', roleId: 2, organizationId: '' })).toEqual({
      pageIndex: 2,
      pageSize: 20,
      username: 'ada',
      roleId: 2,
    });
    expect(userListParams({ pageIndex: 1, pageSize: 10, fieldToSort: 'createdAt', descending: true })).toEqual({
      pageIndex: 1,
      pageSize: 10,
      fieldToSort: 'createdAt',
      descending: true,
    });
    expect(userListParams({ pageIndex: 1, pageSize: 10, fieldToSort: 'email' }).descending).toBe(false);
    expect(customerListParams({ pageIndex: 1, pageSize: 10, customerName: 'north', organizationId: 'o-1' })).toMatchObject({ customerName: 'north', organizationId: 'o-1' });
    expect(organizationListParams({ pageIndex: 1, pageSize: 10, organizationName: ' ' })).toEqual({ pageIndex: 1, pageSize: 10 });
  });

  it('maps antd sorters to the fields the server accepts', () => {
    const allowed = ['username', 'createdAt'] as const;
    expect(sortFromTable({ columnKey: 'username', order: 'descend' }, allowed)).toEqual({ fieldToSort: 'username', descending: true });
    expect(sortFromTable({ columnKey: 'username', order: undefined }, allowed)).toEqual({});
    expect(sortFromTable({ columnKey: 'roles', order: 'ascend' }, allowed)).toEqual({});
    expect(sortOrderOf('username', { fieldToSort: 'username', descending: false })).toBe('ascend');
    expect(sortOrderOf('createdAt', { fieldToSort: 'username' })).toBeNull();
  });
});

describe('data permission, dates and customers', () => {
  it('narrows parks to the chosen customers and drops parks of removed customers', () => {
    expect(parksForCustomers(PARKS, [CUSTOMER_A]).map((p) => p.windFarmId)).toEqual(['p-dogger']);
    expect(parksForCustomers(PARKS, [])).toEqual([]);
    expect(keepParksOfCustomers(['p-dogger', 'p-bayan', 'p-unknown'], PARKS, [CUSTOMER_B])).toEqual(['p-bayan', 'p-unknown']);
  });

  it('keeps an account valid through the picked day', () => {
    const iso = validUntilFromPicker(dayjs('2026-06-30T08:00:00'));
    expect(dayjs(iso!).format('YYYY-MM-DD HH:mm')).toBe('2026-06-30 23:59');
    expect(validUntilFromPicker(null)).toBeNull();
  });

  it('merges edited configs over stored ones and drops stages of features switched off', () => {
    const stored = CUSTOMERS[0]!;
    expect(mergeComponentConfigs([{ componentType: 1, permission: false }], stored.componentConfigs)).toEqual([
      { componentType: 1, permission: false, inspectionDataConfigId: null, reportTemplateId: 'rt-1', reportTemplateName: 'Blade report' },
    ]);
    expect(mergeFlowConfigs([{ componentType: 1, features: ['timeline'] }, { componentType: 2 }], stored.flowConfigs)).toEqual([
      { componentType: 1, features: ['timeline'], taskStages: [8] },
      { componentType: 2, features: [], taskStages: [] },
    ]);
    expect(duplicateComponentTypes([{ componentType: 1 }, { componentType: 2 }, { componentType: 1 }, {}])).toEqual([1]);
    expect(customerToBody(stored)).toMatchObject({ customerName: 'North Sea Wind', version: 4, maxTurbines: 200 });
    expect(customerToBody(stored)).not.toHaveProperty('accountCount');
    expect(severityMappingFromNames({ 0: ' ', 1: 'Minor', 5: ' Critical ' })).toEqual([
      { level: 1, name: 'Minor' },
      { level: 5, name: 'Critical' },
    ]);
  });
});
