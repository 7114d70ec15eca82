import { Button, Popconfirm } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The row action of every User Center table: a danger link that asks before deleting. */
export function ConfirmDeleteButton({ confirm, label, onConfirm }: { confirm: string; label: string; onConfirm: () => void }) {
  const { t } = useTranslation('userCenter');
  return (
    <Popconfirm title={confirm} okText={t('common.delete')} cancelText={t('common.cancel')} okButtonProps={{ danger: true }} onConfirm={onConfirm}>
      <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={label} />
    </Popconfirm>
  );
}
