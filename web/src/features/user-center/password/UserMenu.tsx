import { useState } from 'react';
import { Button, Dropdown } from 'antd';
import { DownOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ChangePasswordModal } from './ChangePasswordModal';

/** The header's user menu: the signed-in user's name, with "Change password". */
export function UserMenu({ name }: { name: string | undefined }) {
  const { t } = useTranslation('userCenter');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [{ key: 'changePassword', icon: <LockOutlined />, label: t('password.menu') }],
          onClick: ({ key }) => {
            if (key === 'changePassword') setOpen(true);
          },
        }}
      >
        <Button type="text" icon={<UserOutlined />} data-testid="user-menu">
          <span data-testid="user-display-name">{name}</span>
          <DownOutlined />
        </Button>
      </Dropdown>
      {open && <ChangePasswordModal onClose={() => setOpen(false)} />}
    </>
  );
}
