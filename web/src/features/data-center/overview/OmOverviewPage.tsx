import { useState } from 'react';
import { Card, Empty, Select, Skeleton, Space, Statistic, Table, Typography, type TableProps } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@reduxjs/toolkit/query';
import { ErrorAlert } from '@/shared/components/ErrorAlert';
import { REPAIR_CAMPAIGN_STATUS_LABELS, REPAIR_PRIORITY_LABELS, labelOf } from '@/shared/contracts';
import { useLocale } from '@/shared/useLocale';
import { useCustomersListQuery, useOmOverviewGetQuery, useOmOverviewParksQuery, type OmParkView } from '../dataCenterApi';
import '../dataCenter.css';

const PRIORITIES = [1, 2, 3, 4] as const;
const CAMPAIGNS = [
  ['campaignsPlanned', 0],
  ['campaignsOngoing', 1],
  ['campaignsDone', 2],
] as const;
/** Columns the server sorts by (om-overview/parks `fieldToSort`). */
const SORTS = [
  'windFarmName',
  'turbineCount',
  'openDefects',
  'openPriority1',
  'openPriority2',
  'openPriority3',
  'openPriority4',
  'campaignsPlanned',
  'campaignsOngoing',
  'campaignsDone',
  'inspectionsDue',
  'lastInspectionDate',
];

interface PageState {
  pageIndex: number;
  pageSize: number;
  fieldToSort: string;
  descending: boolean;
}

/**
 * /dataCenter/omOverview: the O&M overview of one customer (issue #21 point 7) — open defects by
 * repair priority, repair campaigns planned / ongoing / done, turbines due for inspection (none
 * in the past 12 months), as cards and per park (paged and sorted on the repair service).
 */
export function Component() {
  const { t } = useTranslation('dataCenter');
  const locale = useLocale();
  const customers = useCustomersListQuery({ pageSize: 500 });
  const [chosen, setChosen] = useState<string | null>(null);
  const customerId = chosen ?? customers.data?.results[0]?.customerId ?? null;
  const [page, setPage] = useState<PageState>({ pageIndex: 1, pageSize: 20, fieldToSort: 'openDefects', descending: true });
  const kpis = useOmOverviewGetQuery(customerId ? { customerId } : skipToken);
  const parks = useOmOverviewParksQuery(customerId ? { customerId, ...page } : skipToken);
  const priority = (p: number) => labelOf(REPAIR_PRIORITY_LABELS, p as (typeof PRIORITIES)[number], locale);
  const status = (s: number) => labelOf(REPAIR_CAMPAIGN_STATUS_LABELS, s as 0 | 1 | 2, locale);
  const order = (key: string): SortOrder => (page.fieldToSort === key ? (page.descending ? 'descend' : 'ascend') : null);

  const columns: TableProps<OmParkView>['columns'] = [
    { key: 'windFarmName', dataIndex: 'windFarmName', title: t('om.park'), sorter: true, sortOrder: order('windFarmName') },
    { key: 'turbineCount', dataIndex: 'turbineCount', title: t('om.turbines'), sorter: true, sortOrder: order('turbineCount') },
    { key: 'openDefects', dataIndex: 'openDefects', title: t('om.openDefects'), sorter: true, sortOrder: order('openDefects') },
    ...PRIORITIES.map((p) => ({
      key: `openPriority${p}`,
      title: priority(p),
      sorter: true,
      sortOrder: order(`openPriority${p}`),
      render: (_: unknown, r: OmParkView) => r.openByPriority.find((x) => x.repairPriority === p)?.count ?? 0,
    })),
    ...CAMPAIGNS.map(([key, s]) => ({
      key,
      dataIndex: key,
      title: t('om.campaignsOf', { status: status(s) }),
      sorter: true,
      sortOrder: order(key),
    })),
    { key: 'inspectionsDue', dataIndex: 'inspectionsDue', title: t('om.inspectionsDue'), sorter: true, sortOrder: order('inspectionsDue') },
    {
      key: 'lastInspectionDate',
      dataIndex: 'lastInspectionDate',
      title: t('om.lastInspection'),
      sorter: true,
      sortOrder: order('lastInspectionDate'),
      render: (v: string | null) => v ?? '—',
    },
  ];

  const onTable: TableProps<OmParkView>['onChange'] = (p, _f, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = s?.order && typeof s.columnKey === 'string' && SORTS.includes(s.columnKey) ? s.columnKey : 'openDefects';
    setPage({
      pageIndex: p.current ?? 1,
      pageSize: p.pageSize ?? 20,
      fieldToSort: field,
      descending: s?.order ? s.order === 'descend' : true,
    });
  };

  const k = kpis.data;
  const error = kpis.error ?? parks.error;
  return (
    <div className="dc-page" data-testid="page-omOverview">
      <Space wrap style={{ marginBottom: 12 }} align="center">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('om.title')}
        </Typography.Title>
        <Select
          style={{ minWidth: 240 }}
          showSearch={{ optionFilterProp: 'label' }}
          loading={customers.isLoading}
          value={customerId ?? undefined}
          onChange={(v: string) => {
            setChosen(v);
            setPage((x) => ({ ...x, pageIndex: 1 }));
          }}
          options={(customers.data?.results ?? []).map((c) => ({ value: c.customerId, label: c.customerName }))}
          aria-label={t('om.customer')}
          data-testid="dc-om-customer"
        />
      </Space>
      <Typography.Paragraph type="secondary">{t('om.explain')}</Typography.Paragraph>
      <ErrorAlert error={error} style={{ marginBottom: 12 }} />
      {!customerId && !customers.isLoading ? (
        <Empty description={t('om.noCustomer')} />
      ) : !k ? (
        !error && <Skeleton active />
      ) : (
        <div className="dc-om-cards" data-testid="dc-om-cards">
          <Card size="small" title={t('om.openDefects')}>
            <Statistic value={k.openDefects} data-testid="dc-om-open" />
            <div className="dc-om-breakdown">
              {PRIORITIES.map((p) => (
                <span key={p}>{`${priority(p)}: ${k.openByPriority.find((x) => x.repairPriority === p)?.count ?? 0}`}</span>
              ))}
              <span>{`${t('om.noPriority')}: ${k.openWithoutPriority}`}</span>
            </div>
          </Card>
          <Card size="small" title={t('om.campaigns')}>
            <Space size="large">
              {CAMPAIGNS.map(([key, s]) => (
                <Statistic key={key} title={status(s)} value={k[key]} data-testid={`dc-om-${key}`} />
              ))}
            </Space>
          </Card>
          <Card size="small" title={t('om.inspectionsDue')}>
            <Statistic value={k.inspectionsDue} suffix={`/ ${k.turbineCount}`} data-testid="dc-om-due" />
            <Typography.Text type="secondary">{t('om.dueRule', { date: k.windowFrom })}</Typography.Text>
          </Card>
          <Card size="small" title={t('om.parks')}>
            <Statistic value={k.parkCount} />
          </Card>
        </div>
      )}
      {customerId && (
        <Table<OmParkView>
          rowKey="windFarmId"
          size="small"
          style={{ marginTop: 12 }}
          loading={parks.isFetching}
          columns={columns}
          dataSource={parks.data?.results ?? []}
          onChange={onTable}
          scroll={{ x: true }}
          pagination={{ current: page.pageIndex, pageSize: page.pageSize, total: parks.data?.totalCount ?? 0, showSizeChanger: true }}
          data-testid="dc-om-parks"
        />
      )}
    </div>
  );
}
