import { useState } from 'react';
import { Badge, Button, Card, Input, Progress, Select, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useRepairCampaignsListQuery, type RepairCampaignView } from '../repairApi';
import { CampaignStatusTag, LoadFailed, NoAccess, sortOf, useCampaignStatusOptions, useRepairGrants } from '../components/common';
import { useCampaignLive } from '../live';

const PAGE_SIZE = 20;

/** /repairPlan/repairCampaignList: every visible campaign with its progress; server paging, sorting and filters; live. */
export function Component() {
  const { t } = useTranslation('repair');
  const navigate = useNavigate();
  const grants = useRepairGrants();
  const statusOptions = useCampaignStatusOptions();
  const [query, setQuery] = useState<{ pageIndex: number; name?: string; status?: 0 | 1 | 2; fieldToSort?: string; descending?: boolean }>({ pageIndex: 1 });
  const list = useRepairCampaignsListQuery({ ...query, pageSize: PAGE_SIZE }, { skip: !grants.campaignShow });
  const live = useCampaignLive(grants.campaignShow);
  if (!grants.campaignShow) return <NoAccess testId="page-repairOverview" />;
  return (
    <Card
      data-testid="page-repairOverview"
      title={t('campaigns.title')}
      extra={
        <span data-testid="live-status" data-live={live}>
          <Badge status={live === 'live' ? 'success' : 'default'} text={live === 'live' ? t('common.live') : t('common.offline')} />
        </span>
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          aria-label={t('campaigns.search')}
          placeholder={t('campaigns.search')}
          style={{ width: 240 }}
          onSearch={(name) => setQuery((q) => ({ ...q, pageIndex: 1, name: name.trim() || undefined }))}
        />
        <Select
          allowClear
          style={{ width: 180 }}
          placeholder={t('campaigns.allStatuses')}
          aria-label={t('campaigns.status')}
          options={statusOptions}
          onChange={(v?: 0 | 1 | 2) => setQuery((q) => ({ ...q, pageIndex: 1, status: v }))}
          data-testid="campaign-status-filter"
        />
      </Space>
      {list.error ? <LoadFailed error={list.error} onRetry={() => void list.refetch()} /> : null}
      <Table<RepairCampaignView>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.results ?? []}
        locale={{ emptyText: t('campaigns.none') }}
        pagination={{ current: query.pageIndex, pageSize: PAGE_SIZE, total: list.data?.totalCount ?? 0, showSizeChanger: false }}
        onChange={(p, _f, sorter) => setQuery((q) => ({ ...q, pageIndex: p.current ?? 1, ...sortOf(sorter) }))}
        data-testid="campaigns-table"
        columns={[
          {
            key: 'name',
            dataIndex: 'name',
            title: t('campaigns.name'),
            sorter: true,
            render: (v: string, r) => (
              <Button type="link" onClick={() => navigate(`/repairPlan/repairCampaignDetails?campaignId=${r.id}`)} data-testid="campaign-open">
                {v}
              </Button>
            ),
          },
          { key: 'windFarmName', dataIndex: 'windFarmName', title: t('campaigns.park') },
          { key: 'planName', dataIndex: 'planName', title: t('campaigns.plan') },
          { key: 'status', dataIndex: 'status', title: t('campaigns.status'), sorter: true, render: (v: number) => <CampaignStatusTag status={v} /> },
          {
            key: 'progress',
            dataIndex: 'progress',
            title: t('campaigns.progress'),
            sorter: true,
            render: (v: number, r) => (
              <span data-testid="campaign-progress" data-progress={v}>
                <Progress percent={v} size="small" style={{ width: 120, marginInlineEnd: 8 }} />
                {`${r.doneCount}/${r.defectCount}`}
              </span>
            ),
          },
          { key: 'turbines', title: t('campaigns.turbines'), render: (_: unknown, r) => `${r.turbinesDone}/${r.turbineCount}` },
          { key: 'technicians', title: t('campaigns.technicians'), render: (_: unknown, r) => r.technicians.map((x) => x.displayName).join(', ') || '–' },
          { key: 'startDate', dataIndex: 'startDate', title: t('campaigns.period'), sorter: true, render: (_: unknown, r) => `${r.startDate} – ${r.endDate}` },
          { key: 'createdAt', dataIndex: 'createdAt', title: t('campaigns.createdAt'), sorter: true, render: (v: string) => v.slice(0, 10) },
        ]}
      />
    </Card>
  );
}
