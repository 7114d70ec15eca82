import { useState } from 'react';
import { Select, Space, Switch, Tag } from 'antd';
import type { TableProps } from 'antd';
import { EditOutlined, KeyOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteButton } from '../ConfirmDeleteButton';
import { useAppSelector } from '@/core/store';
import { useLocale } from '@/shared/useLocale';
import { formatDate, roleLabel, roleOptions, sortOrderOf } from '../logic';
import { OrganizationFilter, PagedTable, PanelToolbar, RowAction, SearchFilter, useMutationReport, usePagedList } from '../PagedPanel';
import {
  userCenterPaths,
  userListParams,
  useUsersRemoveMutation,
  useUsersSetActiveMutation,
  useUsersListQuery,
  type UserItem,
  type UserSortField,
} from '../userCenterApi';
import { UserFormDrawer } from './UserForm';
import { RightsDrawer } from './RightsEditor';
import { ResetPasswordModal } from './ResetPasswordModal';

const USER_SORTS: readonly UserSortField[] = ['username', 'displayName', 'email', 'createdAt', 'validUntil'];

interface Filters {
  username: string;
  roleId?: number;
  organizationId?: string;
}

/** Users tab: server-paged, server-sorted table with filters; create, edit, (de)activate, reset, delete, rights. */
export function UsersPanel({ canEdit, canEditRights }: { canEdit: boolean; canEditRights: boolean }) {
  const { t } = useTranslation('userCenter');
  const locale = useLocale();
  const report = useMutationReport();
  const ownId = useAppSelector((s) => s.session.personalInfo?.id);
  const { list, sort, filters, applyFilters, args } = usePagedList<UserSortField, Filters>(USER_SORTS, { username: '' });
  const users = useUsersListQuery(userListParams(args));
  const [setActive] = useUsersSetActiveMutation();
  const [deleteUser] = useUsersRemoveMutation();
  const [editing, setEditing] = useState<{ user: UserItem | null } | null>(null);
  const [rightsOf, setRightsOf] = useState<UserItem | null>(null);
  const [resetOf, setResetOf] = useState<UserItem | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const toggleActive = async (user: UserItem, active: boolean): Promise<void> => {
    setBusyId(user.id);
    const result = await setActive({ id: user.id, setActiveDto: { active } });
    setBusyId(null);
    report(result, userCenterPaths.userActive(user.id), active ? t('users.activated') : t('users.deactivated'));
  };

  const remove = async (user: UserItem): Promise<void> => {
    const result = await deleteUser({ id: user.id });
    report(result, userCenterPaths.user(user.id), t('users.deleted', { name: user.username }));
  };

  const columns: TableProps<UserItem>['columns'] = [
    { key: 'username', dataIndex: 'username', title: t('users.username'), sorter: true, sortOrder: sortOrderOf('username', sort) },
    { key: 'displayName', dataIndex: 'displayName', title: t('users.displayName'), sorter: true, sortOrder: sortOrderOf('displayName', sort) },
    {
      key: 'email',
      dataIndex: 'email',
      title: t('users.email'),
      sorter: true,
      sortOrder: sortOrderOf('email', sort),
      render: (v: string | null) => v ?? '–',
    },
    {
      key: 'roles',
      title: t('users.roles'),
      render: (_, u) => (
        <Space size={[0, 4]} wrap>
          {u.roles.map((r) => (
            <Tag key={r}>{roleLabel(r, locale)}</Tag>
          ))}
        </Space>
      ),
    },
    { key: 'organizationName', dataIndex: 'organizationName', title: t('users.organization'), render: (v: string | null) => v ?? '–' },
    {
      key: 'active',
      title: t('users.status'),
      render: (_, u) =>
        canEdit ? (
          <Switch
            size="small"
            checked={u.active}
            loading={busyId === u.id}
            disabled={u.id === ownId}
            checkedChildren={t('users.active')}
            unCheckedChildren={t('users.inactive')}
            aria-label={t('users.activeSwitch', { name: u.username })}
            onChange={(v) => void toggleActive(u, v)}
          />
        ) : (
          <Tag color={u.active ? 'green' : 'default'}>{u.active ? t('users.active') : t('users.inactive')}</Tag>
        ),
    },
    {
      key: 'validUntil',
      dataIndex: 'validUntil',
      title: t('users.validUntil'),
      sorter: true,
      sortOrder: sortOrderOf('validUntil', sort),
      render: (v: string | null) => (v ? formatDate(v, locale) : t('users.noExpiry')),
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('users.createdAt'),
      sorter: true,
      sortOrder: sortOrderOf('createdAt', sort),
      render: (v: string) => formatDate(v, locale),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, u) => (
        <Space size={0} wrap>
          {canEdit && (
            <RowAction tip={t('common.edit')} icon={<EditOutlined />} label={t('users.editOf', { name: u.username })} onClick={() => setEditing({ user: u })} />
          )}
          <RowAction tip={t('rights.title')} icon={<SafetyOutlined />} label={t('rights.of', { name: u.username })} onClick={() => setRightsOf(u)} />
          {canEdit && (
            <RowAction tip={t('users.resetPassword')} icon={<KeyOutlined />} label={t('users.resetPasswordOf', { name: u.username })} onClick={() => setResetOf(u)} />
          )}
          {canEdit && u.id !== ownId && (
            <ConfirmDeleteButton
              confirm={t('users.deleteConfirm', { name: u.username })}
              label={t('users.deleteOf', { name: u.username })}
              onConfirm={() => remove(u)}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="users-panel">
      <PanelToolbar createLabel={t('users.create')} onCreate={canEdit ? () => setEditing({ user: null }) : undefined}>
        <SearchFilter label={t('users.filterUsername')} width={200} onSearch={(v) => applyFilters({ username: v })} />
        <Select
          allowClear
          style={{ width: 180 }}
          placeholder={t('users.filterRole')}
          aria-label={t('users.filterRole')}
          options={roleOptions(locale)}
          value={filters.roleId}
          onChange={(v: number | undefined) => applyFilters({ roleId: v })}
        />
        <OrganizationFilter value={filters.organizationId} onChange={(v) => applyFilters({ organizationId: v })} showLoading />
      </PanelToolbar>
      <PagedTable<UserItem>
        list={list}
        result={users}
        errorPath={userCenterPaths.users}
        errorTestId="users-error"
        rowKey="id"
        testId="users-table"
        columns={columns}
        scroll={{ x: 'max-content' }}
      />
      {editing && <UserFormDrawer user={editing.user} onClose={() => setEditing(null)} />}
      {rightsOf && <RightsDrawer user={rightsOf} canEdit={canEditRights} onClose={() => setRightsOf(null)} />}
      {resetOf && <ResetPasswordModal user={resetOf} onClose={() => setResetOf(null)} />}
    </div>
  );
}
