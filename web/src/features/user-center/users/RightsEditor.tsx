import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Drawer, Popconfirm, Skeleton, Space, Tag, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { buildRightsTree, errorMessage, isAdminUser, rightsFromChecked, type PairArea, type RightGroup } from '../logic';
import { userCenterPaths, useUsersSetRightsMutation, useUsersRightsQuery, type UserItem } from '../userCenterApi';

/**
 * Rights of one user (SPEC §6): a checkbox tree of menu rights, show/edit pairs and other rights.
 * Saving sends exactly the checked set; "reset to role defaults" sends `null`.
 */
export function RightsDrawer({ user, canEdit, onClose }: { user: UserItem; canEdit: boolean; onClose: () => void }) {
  const { t } = useTranslation('userCenter');
  const locale = useLocale();
  const { message } = App.useApp();
  const rights = useUsersRightsQuery({ id: user.id });
  const [save, saving] = useUsersSetRightsMutation();
  const [checked, setChecked] = useState<string[] | null>(null);
  const admin = isAdminUser(user.roles);
  const editable = canEdit && !admin;

  useEffect(() => {
    if (rights.data) setChecked(rights.data.rights);
  }, [rights.data]);

  const tree = useMemo(
    () =>
      buildRightsTree(locale, {
        group: (g: RightGroup) => t(`rights.groups.${g}`),
        area: (a: PairArea) => t(`rights.areas.${a}`),
      }),
    [locale, t],
  );

  const submit = async (next: string[] | null): Promise<void> => {
    const result = await save({ id: user.id, setRightsDto: { rights: next } });
    if (result.error) void message.error(errorMessage(result.error, locale, userCenterPaths.userRights(user.id)));
    else {
      void message.success(next === null ? t('rights.resetDone') : t('rights.saved'));
      setChecked(result.data.rights);
    }
  };

  return (
    <Drawer
      open
      size={520}
      title={t('rights.titleOf', { name: user.username })}
      onClose={onClose}
      destroyOnHidden
      data-testid="rights-editor"
      footer={
        editable && rights.data ? (
          <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Popconfirm
              title={t('rights.resetConfirm')}
              okText={t('rights.reset')}
              cancelText={t('common.cancel')}
              onConfirm={() => submit(null)}
            >
              <Button loading={saving.isLoading} disabled={!rights.data.custom} data-testid="rights-reset">
                {t('rights.reset')}
              </Button>
            </Popconfirm>
            <Button type="primary" loading={saving.isLoading} data-testid="rights-save" onClick={() => void submit(rightsFromChecked(checked ?? []))}>
              {t('common.save')}
            </Button>
          </Space>
        ) : null
      }
    >
      {rights.error ? (
        <Alert type="error" showIcon title={errorMessage(rights.error, locale, userCenterPaths.userRights(user.id))} />
      ) : !rights.data || checked === null ? (
        <Skeleton active />
      ) : (
        <>
          <Space style={{ marginBottom: 12 }} wrap>
            <Tag color={rights.data.custom ? 'orange' : 'blue'} data-testid="rights-source">
              {rights.data.custom ? t('rights.custom') : t('rights.defaults')}
            </Tag>
            <span>{t('rights.count', { count: checked.length })}</span>
          </Space>
          {admin && <Alert type="info" showIcon title={t('rights.adminHolds')} style={{ marginBottom: 12 }} />}
          {!canEdit && !admin && <Alert type="info" showIcon title={t('rights.readOnly')} style={{ marginBottom: 12 }} />}
          <div className="user-center__rights-tree">
            <Tree
              checkable
              selectable={false}
              disabled={!editable}
              defaultExpandedKeys={['group:menu', 'group:pairs', 'group:other']}
              treeData={tree}
              checkedKeys={checked}
              onCheck={(keys) => setChecked(rightsFromChecked(Array.isArray(keys) ? keys.map(String) : keys.checked.map(String)))}
            />
          </div>
        </>
      )}
    </Drawer>
  );
}
