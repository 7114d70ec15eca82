import { useState } from 'react';
import { App, Button, Input, Space, Table, Tag } from 'antd';
import type { TableProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '@/shared/utils/format';
import { useLocale } from '@/shared/useLocale';
import { pageParams, useTurbinesRemoveMutation, useTurbinesListQuery, type TurbineView, type TurbineSortField } from '../assetApi';
import { errorMessageOf } from '@/core/api/errorMessage';
import { LoadError } from '../components';
import { sortFromTable, sortOrderOf } from '../selection';
import { TurbineFormModal } from './TurbineForm';
import { editDeleteColumn } from './RowActions';
import { useSeedText } from '@/shared/useSeedText';

const SORTS: readonly TurbineSortField[] = ['turbineName', 'serialNumber'];

/** A park's turbines: server-paged and sorted; create / edit / delete by right. */
export function TurbinesPanel({ parkId, canAdd, canEdit }: { parkId: string; canAdd: boolean; canEdit: boolean }) {
  const { t } = useTranslation('asset');
  const locale = useLocale();
  const st = useSeedText();
  const { message } = App.useApp();
  const [page, setPage] = useState<{ pageIndex: number; pageSize: number; fieldToSort?: TurbineSortField; descending?: boolean; turbineName: string }>({
    pageIndex: 1,
    pageSize: 10,
    turbineName: '',
  });
  const [search, setSearch] = useState('');
  const { data, isFetching, error, refetch } = useTurbinesListQuery({ id: parkId, ...pageParams(page, ['turbineName']) });
  const [remove] = useTurbinesRemoveMutation();
  const [editing, setEditing] = useState<{ turbine: TurbineView | null } | null>(null);
  const [deleteError, setDeleteError] = useState<unknown>(null);

  const onDelete = async (turbine: TurbineView): Promise<void> => {
    setDeleteError(null);
    const result = await remove({ id: parkId, turbineId: turbine.turbineId });
    if (result.error) {
      setDeleteError(result.error);
      void message.error(errorMessageOf(result.error, locale));
    } else void message.success(t('common.deleted'));
  };

  const columns: TableProps<TurbineView>['columns'] = [
    { key: 'turbineName', dataIndex: 'turbineName', title: t('turbine.name'), sorter: true, sortOrder: sortOrderOf('turbineName', page) },
    {
      key: 'serialNumber',
      dataIndex: 'serialNumber',
      title: t('turbine.serialNumber'),
      sorter: true,
      sortOrder: sortOrderOf('serialNumber', page),
      render: (v) => v ?? '–',
    },
    {
      key: 'blades',
      dataIndex: 'blades',
      title: t('turbine.blades'),
      render: (blades: TurbineView['blades']) =>
        [...blades]
          .sort((a, b) => a.position - b.position)
          .map((b) => (
            <Tag key={b.bladeId}>
              {b.name}: {b.serialNumber}
            </Tag>
          )),
    },
    { key: 'turbineTypeName', dataIndex: 'turbineTypeName', title: t('turbine.turbineType'), render: (v) => st(v) ?? '–' },
    { key: 'bladeTypeName', dataIndex: 'bladeTypeName', title: t('turbine.bladeType'), render: (v) => st(v) ?? '–' },
    { key: 'devices', dataIndex: 'devices', title: t('turbine.devices'), render: (ds: TurbineView['devices']) => formatNumber(ds.length, locale) },
    { key: 'inspectionCount', dataIndex: 'inspectionCount', title: t('turbine.inspectionCount'), align: 'right', render: (v) => formatNumber(v, locale) },
    { key: 'lastInspectionTime', dataIndex: 'lastInspectionTime', title: t('park.lastInspection'), render: (v) => (v ? formatDateTime(v, locale) : '–') },
    ...editDeleteColumn<TurbineView>(canEdit, t('common.actions'), {
      confirm: (turbine) => t('config.confirmDeleteTurbine', { name: turbine.turbineName }),
      onEdit: (turbine) => setEditing({ turbine }),
      onDelete,
    }),
  ];

  return (
    <div data-testid="turbines-panel">
      <Space style={{ marginBottom: 12 }} wrap>
        {canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ turbine: null })}>
            {t('config.createTurbine')}
          </Button>
        )}
        <Input.Search
          allowClear
          placeholder={t('turbine.searchName')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(v) => setPage((p) => ({ ...p, pageIndex: 1, turbineName: v }))}
          style={{ width: 240 }}
          aria-label={t('turbine.searchName')}
        />
      </Space>
      {deleteError ? (
        <div data-testid="delete-error" className="ant-form-item-explain-error" style={{ marginBottom: 8 }}>
          {errorMessageOf(deleteError as never, locale)}
        </div>
      ) : null}
      {error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <Table<TurbineView>
          size="small"
          rowKey="turbineId"
          data-testid="config-turbine-table"
          loading={isFetching}
          columns={columns}
          dataSource={data?.results ?? []}
          locale={{ emptyText: t('windPark.noTurbines') }}
          pagination={{
            current: page.pageIndex,
            pageSize: page.pageSize,
            total: data?.totalCount ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('common.total', { total: formatNumber(total, locale) }),
          }}
          onChange={(pagination, _f, sorter) => {
            const sort = sortFromTable(Array.isArray(sorter) ? sorter[0] : sorter, SORTS);
            setPage((p) => {
              const changed = sort.fieldToSort !== p.fieldToSort || sort.descending !== p.descending;
              return {
                ...p,
                fieldToSort: sort.fieldToSort,
                descending: sort.descending,
                pageSize: pagination.pageSize ?? p.pageSize,
                pageIndex: changed ? 1 : (pagination.current ?? 1),
              };
            });
          }}
        />
      )}
      <TurbineFormModal open={!!editing} parkId={parkId} turbine={editing?.turbine ?? null} onClose={() => setEditing(null)} />
    </div>
  );
}
