import { useState } from 'react';
import { Alert, App, Button, Input, Select, Space, Switch, Table, Tag, Tooltip } from 'antd';
import type { TableProps } from 'antd';
import { EditOutlined, KeyOutlined, PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteButton } from '../ConfirmDeleteButton';
import { useAppSelector } from '@/app/store';
import { useLocale } from '@/shared/useLocale';
import { errorMessage, formatDate, roleLabel, roleOptions, sortFromTable, sortOrderOf, type SortState } from '../logic';
import { useOrganizationOptions } from '../lookups';
import {
  userCenterPaths,
  useDeleteUserMutation,
  useSetUserActiveMutation,
  useUsersQuery,
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
  const { message } = App.useApp();
  const ownId = useAppSelector((s) => s.session.personalInfo?.id);
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 10 });
  const [sort, setSort] = useState<SortState<UserSortField>>({});
  const [filters, setFilters] = useState<Filters>({ username: '' });
  const [usernameInput, setUsernameInput] = useState('');
  const users = useUsersQuery({ ...page, ...sort, ...filters });
  const orgs = useOrganizationOptions();
  const [setActive] = useSetUserActiveMutation();
  const [deleteUser] = useDeleteUserMutation();
  const [editing, setEditing] = useState<{ user: UserItem | null } | null>(null);
  const [rightsOf, setRightsOf] = useState<UserItem | null>(null);
  const [resetOf, setResetOf] = useState<UserItem | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const applyFilters = (next: Partial<Filters>): void => {
    setFilters((f) => ({ ...f, ...next }));
    setPage((p) => ({ ...p, pageIndex: 1 }));
  };

  const toggleActive = async (user: UserItem, active: boolean): Promise<void> => {
    setBusyId(user.id);
    const result = await setActive({ id: user.id, active });
    setBusyId(null);
    if (result.error) void message.error(errorMessage(result.error, locale, userCenterPaths.userActive(user.id)));
    else void message.success(active ? t('users.activated') : t('users.deactivated'));
  };

  const remove = async (user: UserItem): Promise<void> => {
    const result = await deleteUser(user.id);
    if (result.error) void message.error(errorMessage(result.error, locale, userCenterPaths.user(user.id)));
    else void message.success(t('users.deleted', { name: user.username }));
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
            <Tooltip title={t('common.edit')}>
              <Button type="link" size="small" icon={<EditOutlined />} aria-label={t('users.editOf', { name: u.username })} onClick={() => setEditing({ user: u })} />
            </Tooltip>
          )}
          <Tooltip title={t('rights.title')}>
            <Button type="link" size="small" icon={<SafetyOutlined />} aria-label={t('rights.of', { name: u.username })} onClick={() => setRightsOf(u)} />
          </Tooltip>
          {canEdit && (
            <Tooltip title={t('users.resetPassword')}>
              <Button type="link" size="small" icon={<KeyOutlined />} aria-label={t('users.resetPasswordOf', { name: u.username })} onClick={() => setResetOf(u)} />
            </Tooltip>
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
      <div className="user-center__toolbar">
        <div className="user-center__filters">
          <Input.Search
            allowClear
            style={{ width: 200 }}
            placeholder={t('users.filterUsername')}
            aria-label={t('users.filterUsername')}
            value={usernameInput}
            onChange={(e) => {
              setUsernameInput(e.target.value);
              if (e.target.value === '') applyFilters({ username: '' });
            }}
            onSearch={(v) => applyFilters({ username: v })}
          />
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder={t('users.filterRole')}
            aria-label={t('users.filterRole')}
            options={roleOptions(locale)}
            value={filters.roleId}
            onChange={(v: number | undefined) => applyFilters({ roleId: v })}
          />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 200 }}
            placeholder={t('users.filterOrganization')}
            aria-label={t('users.filterOrganization')}
            options={orgs.options}
            loading={orgs.loading}
            value={filters.organizationId}
            onChange={(v: string | undefined) => applyFilters({ organizationId: v })}
          />
        </div>
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ user: null })}>
            {t('users.create')}
          </Button>
        )}
      </div>
      {users.error ? (
        <Alert
          type="error"
          showIcon
          title={errorMessage(users.error, locale, userCenterPaths.users)}
          action={<Button size="small" onClick={() => void users.refetch()}>{t('common.retry')}</Button>}
          data-testid="users-error"
        />
      ) : (
        <Table<UserItem>
          rowKey="id"
          size="middle"
          data-testid="users-table"
          loading={users.isFetching}
          columns={columns}
          dataSource={users.data?.results ?? []}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page.pageIndex,
            pageSize: page.pageSize,
            total: users.data?.totalCount ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('common.total', { count: total }),
          }}
          onChange={(pagination, _filters, sorter, extra) => {
            if (extra.action === 'sort') {
              setSort(sortFromTable(sorter, USER_SORTS));
              setPage((p) => ({ ...p, pageIndex: 1 }));
            } else if (extra.action === 'paginate') {
              setPage({ pageIndex: pagination.current ?? 1, pageSize: pagination.pageSize ?? 10 });
            }
          }}
        />
      )}
      {editing && <UserFormDrawer user={editing.user} onClose={() => setEditing(null)} />}
      {rightsOf && <RightsDrawer user={rightsOf} canEdit={canEditRights} onClose={() => setRightsOf(null)} />}
      {resetOf && <ResetPasswordModal user={resetOf} onClose={() => setResetOf(null)} />}
    </div>
  );
}
