import { useState } from 'react';
import { Button, Card, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePlansListQuery, usePlansRemoveMutation, type RepairPlanView } from '../repairApi';
import { LoadFailed, NoAccess, RepairError, sortOf, useRepairGrants } from '../components/common';
import { CreatePlanDrawer } from './CreatePlanDrawer';
import { PlanDetailDrawer } from './PlanDetailDrawer';

const PAGE_SIZE = 20;

/** /repairPlan/repairPlanList: repair plans, paged and sorted on the server; create from defects, open to edit. */
export function Component() {
  const { t } = useTranslation('repair');
  const grants = useRepairGrants();
  const [query, setQuery] = useState<{ pageIndex: number; name?: string; fieldToSort?: string; descending?: boolean }>({ pageIndex: 1 });
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = usePlansListQuery({ ...query, pageSize: PAGE_SIZE }, { skip: !grants.planShow });
  const [remove, removing] = usePlansRemoveMutation();
  if (!grants.planShow) return <NoAccess testId="page-repairPlanList" />;
  return (
    <Card
      data-testid="page-repairPlanList"
      title={t('plans.title')}
      extra={
        grants.planEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="plan-new">
            {t('plans.newPlan')}
          </Button>
        )
      }
    >
      <Input.Search
        allowClear
        aria-label={t('plans.search')}
        placeholder={t('plans.search')}
        style={{ width: 260, marginBottom: 12 }}
        onSearch={(name) => setQuery((q) => ({ ...q, pageIndex: 1, name: name.trim() || undefined }))}
      />
      {list.error ? <LoadFailed error={list.error} onRetry={() => void list.refetch()} /> : null}
      <RepairError error={removing.error} testId="plan-delete-error" onClose={() => removing.reset()} />
      <Table<RepairPlanView>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.results ?? []}
        locale={{ emptyText: t('plans.none') }}
        pagination={{ current: query.pageIndex, pageSize: PAGE_SIZE, total: list.data?.totalCount ?? 0, showSizeChanger: false }}
        onChange={(p, _f, sorter) => setQuery((q) => ({ ...q, pageIndex: p.current ?? 1, ...sortOf(sorter) }))}
        data-testid="plans-table"
        columns={[
          {
            key: 'name',
            dataIndex: 'name',
            title: t('plans.name'),
            sorter: true,
            render: (v: string, r) => (
              <Button type="link" onClick={() => setOpenId(r.id)} data-testid="plan-open">
                {v}
              </Button>
            ),
          },
          { key: 'windFarmName', dataIndex: 'windFarmName', title: t('plans.park') },
          { key: 'defectCount', dataIndex: 'defectCount', title: t('plans.defects'), sorter: true },
          { key: 'withoutStepCount', dataIndex: 'withoutStepCount', title: t('plans.withoutStep') },
          { key: 'inCampaignCount', dataIndex: 'inCampaignCount', title: t('plans.inCampaign') },
          { key: 'campaignCount', dataIndex: 'campaignCount', title: t('plans.campaigns') },
          {
            key: 'batches',
            title: t('plans.batches'),
            render: (_: unknown, r) => r.batches.map((b) => <Tag key={b.id}>{b.name}</Tag>),
          },
          { key: 'createdAt', dataIndex: 'createdAt', title: t('plans.createdAt'), sorter: true, render: (v: string) => v.slice(0, 10) },
          ...(grants.planEdit
            ? [
                {
                  key: 'actions',
                  width: 60,
                  render: (_: unknown, r: RepairPlanView) => (
                    <Space>
                      <Popconfirm
                        title={t('plans.deleteConfirm', { name: r.name })}
                        okText={t('common.delete')}
                        cancelText={t('common.cancel')}
                        onConfirm={() => void remove({ id: r.id })}
                      >
                        <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} data-testid="plan-delete" />
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {creating && (
        <CreatePlanDrawer
          onDone={(id) => {
            setCreating(false);
            if (id) setOpenId(id);
          }}
        />
      )}
      {openId && <PlanDetailDrawer planId={openId} canEdit={grants.planEdit} canCreateCampaign={grants.campaignEdit} onClose={() => setOpenId(null)} />}
    </Card>
  );
}
