import { Button, Popconfirm, Space } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';

interface EditDelete<T> {
  /** The question asked before deleting `item`. */
  confirm: (item: T) => string;
  onEdit: (item: T) => void;
  onDelete: (item: T) => unknown;
}

/** Edit and (asked first) delete links of one row. */
function EditDeleteActions<T>({ item, confirm, onEdit, onDelete }: EditDelete<T> & { item: T }) {
  const { t } = useTranslation('asset');
  return (
    <Space>
      <Button size="small" type="link" onClick={() => onEdit(item)}>
        {t('common.edit')}
      </Button>
      <Popconfirm title={confirm(item)} okText={t('common.delete')} cancelText={t('common.cancel')} onConfirm={() => onDelete(item)}>
        <Button size="small" type="link" danger>
          {t('common.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}

/** The actions column of an asset configuration table: none without the edit right. */
export function editDeleteColumn<T>(canEdit: boolean, title: string, actions: EditDelete<T>): TableColumnsType<T> {
  if (!canEdit) return [];
  return [{ key: 'actions', title, render: (_: unknown, item: T) => <EditDeleteActions<T> item={item} {...actions} /> }];
}
