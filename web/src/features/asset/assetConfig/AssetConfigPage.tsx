import { useState } from 'react';
import { App, Button, Card, Input, Select, Space, Switch, Table, Tabs, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAppSelector } from '@/core/store';
import { hasRight, Rights } from '@/shared/contracts';
import { formatDateTime, formatNumber } from '@/shared/utils/format';
import { useLocale } from '@/shared/useLocale';
import { COMPONENT_KINDS, pageParams, usePlantsGetQuery, usePlantsListQuery, usePlantsSetActiveMutation, type PlantView, type ParkSortField } from '../assetApi';
import { errorMessageOf } from '@/core/api/errorMessage';
import { LoadError } from '../components';
import { sortFromTable, sortOrderOf } from '../selection';
import { ComponentTypesPanel } from './ComponentTypesPanel';
import { ParkFormModal } from './ParkForm';
import { TurbinesPanel } from './TurbinesPanel';
import '../asset.css';
import { useSeedText } from '@/shared/useSeedText';

const PARK_SORTS: readonly ParkSortField[] = ['windFarmName', 'capacity', 'province', 'createdAt'];

/** What the signed-in user may change here (the server enforces the same rights). */
export function assetConfigGrants(denied: Parameters<typeof hasRight>[0]) {
  const canEdit = hasRight(denied, Rights.ASSET_CONFIG_EDIT);
  return { canEdit, canAddTurbine: canEdit || hasRight(denied, Rights.TURBINE_ADD) };
}

function ParkAssets({ parkId, canEdit, canAddTurbine }: { parkId: string; canEdit: boolean; canAddTurbine: boolean }) {
  const { t } = useTranslation('asset');
  const park = usePlantsGetQuery({ id: parkId });
  return (
    <Card size="small" title={t('config.assetsOf', { name: park.data?.windFarmName ?? '…' })} data-testid="park-assets">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'turbines', label: t('config.turbines'), children: <TurbinesPanel parkId={parkId} canAdd={canAddTurbine} canEdit={canEdit} /> },
          ...COMPONENT_KINDS.map((kind) => ({
            key: kind,
            label: t(`types.tabs.${kind}`),
            children: <ComponentTypesPanel parkId={parkId} kind={kind} canEdit={canEdit} />,
          })),
        ]}
      />
    </Card>
  );
}

/** Asset configuration (SPEC §2 /configuration/assetConfig): wind parks, their component types and turbines. */
export function Component() {
  const { t } = useTranslation('asset');
  const locale = useLocale();
  const st = useSeedText();
  const { message } = App.useApp();
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  const { canEdit, canAddTurbine } = assetConfigGrants(denied);
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedParkId = searchParams.get('windFarmId');
  const [query, setQuery] = useState<{
    pageIndex: number;
    pageSize: number;
    fieldToSort?: ParkSortField;
    descending?: boolean;
    windFarmName: string;
    active?: boolean;
  }>({ pageIndex: 1, pageSize: 10, windFarmName: '' });
  const [search, setSearch] = useState('');
  const parks = usePlantsListQuery(pageParams(query, ['windFarmName', 'active']));
  const [setActive] = usePlantsSetActiveMutation();
  const [editing, setEditing] = useState<{ park: PlantView | null } | null>(null);

  const toggleActive = async (park: PlantView, active: boolean): Promise<void> => {
    const result = await setActive({ id: park.windFarmId, plantActiveDto: { active } });
    if (result.error) void message.error(errorMessageOf(result.error, locale));
  };

  const columns: TableProps<PlantView>['columns'] = [
    {
      key: 'windFarmName',
      dataIndex: 'windFarmName',
      title: t('park.name'),
      sorter: true,
      sortOrder: sortOrderOf('windFarmName', query),
      render: (v: string, park) => (
        <Typography.Link onClick={() => setSearchParams({ windFarmId: park.windFarmId })} data-testid="manage-park">
          {v}
        </Typography.Link>
      ),
    },
    { key: 'customerName', dataIndex: 'customerName', title: t('park.customer'), render: (v) => v ?? '–' },
    {
      key: 'province',
      dataIndex: 'province',
      title: t('park.location'),
      sorter: true,
      sortOrder: sortOrderOf('province', query),
      render: (_v, p) => [p.region, p.province, p.city].filter(Boolean).map(st).join(' · ') || '–',
    },
    {
      key: 'capacity',
      dataIndex: 'capacity',
      title: t('park.capacity'),
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf('capacity', query),
      render: (v: number | null) => (v === null ? '–' : t('park.capacityMw', { value: formatNumber(v, locale) })),
    },
    { key: 'turbineCount', dataIndex: 'turbineCount', title: t('park.turbineCount'), align: 'right', render: (v) => formatNumber(v, locale) },
    { key: 'lastInspectionTime', dataIndex: 'lastInspectionTime', title: t('park.lastInspection'), render: (v) => (v ? formatDateTime(v, locale) : '–') },
    {
      key: 'active',
      dataIndex: 'active',
      title: t('park.state'),
      render: (v: boolean, park) =>
        canEdit ? (
          <Switch
            size="small"
            checked={v}
            checkedChildren={t('park.active')}
            unCheckedChildren={t('park.inactive')}
            onChange={(next) => void toggleActive(park, next)}
            aria-label={t('config.toggleActive', { name: park.windFarmName })}
          />
        ) : v ? (
          <Tag color="blue">{t('park.active')}</Tag>
        ) : (
          <Tag>{t('park.inactive')}</Tag>
        ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_v, park) => (
        <Space>
          <Button size="small" type="link" onClick={() => setSearchParams({ windFarmId: park.windFarmId })}>
            {t('config.manage')}
          </Button>
          {canEdit && (
            <Button size="small" type="link" onClick={() => setEditing({ park })}>
              {t('common.edit')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="asset-page" data-testid="page-assetConfig">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('config.title')}
      </Typography.Title>
      <Card size="small" title={t('config.parks')}>
        <Space style={{ marginBottom: 12 }} wrap>
          {canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ park: null })}>
              {t('config.createPark')}
            </Button>
          )}
          <Input.Search
            allowClear
            placeholder={t('config.searchPark')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onSearch={(v) => setQuery((q) => ({ ...q, pageIndex: 1, windFarmName: v }))}
            style={{ width: 240 }}
            aria-label={t('config.searchPark')}
          />
          <Select
            style={{ width: 160 }}
            value={query.active === undefined ? 'all' : query.active ? 'active' : 'inactive'}
            onChange={(v: string) => setQuery((q) => ({ ...q, pageIndex: 1, active: v === 'all' ? undefined : v === 'active' }))}
            options={[
              { value: 'all', label: t('config.allStates') },
              { value: 'active', label: t('park.active') },
              { value: 'inactive', label: t('park.inactive') },
            ]}
            aria-label={t('park.state')}
          />
        </Space>
        {parks.error ? (
          <LoadError error={parks.error} onRetry={() => void parks.refetch()} />
        ) : (
          <Table<PlantView>
            size="small"
            rowKey="windFarmId"
            data-testid="park-table"
            loading={parks.isFetching}
            columns={columns}
            dataSource={parks.data?.results ?? []}
            rowClassName={(r) => (r.windFarmId === selectedParkId ? 'ant-table-row-selected' : '')}
            locale={{ emptyText: t('globalMap.noParks') }}
            pagination={{
              current: query.pageIndex,
              pageSize: query.pageSize,
              total: parks.data?.totalCount ?? 0,
              showSizeChanger: true,
              showTotal: (total) => t('common.total', { total: formatNumber(total, locale) }),
            }}
            onChange={(pagination, _f, sorter) => {
              const sort = sortFromTable(Array.isArray(sorter) ? sorter[0] : sorter, PARK_SORTS);
              setQuery((q) => {
                const changed = sort.fieldToSort !== q.fieldToSort || sort.descending !== q.descending;
                return {
                  ...q,
                  fieldToSort: sort.fieldToSort,
                  descending: sort.descending,
                  pageSize: pagination.pageSize ?? q.pageSize,
                  pageIndex: changed ? 1 : (pagination.current ?? 1),
                };
              });
            }}
          />
        )}
      </Card>
      {selectedParkId ? (
        <ParkAssets key={selectedParkId} parkId={selectedParkId} canEdit={canEdit} canAddTurbine={canAddTurbine} />
      ) : (
        <Typography.Text type="secondary">{t('config.pickPark')}</Typography.Text>
      )}
      <ParkFormModal open={!!editing} park={editing?.park ?? null} onClose={() => setEditing(null)} />
    </div>
  );
}
