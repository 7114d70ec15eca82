import { useState } from 'react';
import { Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppSelector } from '@/core/store';
import { hasRight, Rights } from '@/shared/contracts';
import type { DprView } from '@/core/api/generated/delivery';
import { sortOf, NoAccess } from '../shared';
import { useDprsListQuery } from '../deliveryApi';
import { useSeedText } from '@/shared/useSeedText';

export const DPR_STATUS_COLOR: Record<string, string> = { SUBMITTED: 'processing', APPROVED: 'success', REJECTED: 'error' };

/** Daily progress reports (SPEC §2 /deliveryManagement/dprList), filtered and paged on the server; a row opens its detail. */
export function Component() {
  const { t } = useTranslation('delivery');
  const st = useSeedText();
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  const show = [Rights.DPR_SHOW, Rights.DPR_APPROVE, Rights.CAMPAIGN_MANAGER_SHOW].some((r) => hasRight(denied, r));
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 20, fieldToSort: 'reportDate', descending: true });
  const [status, setStatus] = useState<'SUBMITTED' | 'APPROVED' | 'REJECTED' | undefined>();
  const list = useDprsListQuery({ ...page, ...(status ? { status } : {}) }, { skip: !show });
  if (!show) return <NoAccess page="dprList" />;
  return (
    <div data-testid="page-dprList" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('dpr.listTitle')}
      </Typography.Title>
      <Space>
        <Select
          allowClear
          style={{ width: 180 }}
          placeholder={t('fields.status')}
          value={status}
          onChange={setStatus}
          options={(['SUBMITTED', 'APPROVED', 'REJECTED'] as const).map((s) => ({ value: s, label: t(`dprStatus.${s}`) }))}
          data-testid="dpr-status-filter"
        />
        <Link to="/deliveryManagement/dpr" data-testid="dpr-new">
          {t('dpr.submitTitle')}
        </Link>
      </Space>
      <Table<DprView>
        rowKey="dprId"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.results ?? []}
        data-testid="dpr-table"
        pagination={{ current: page.pageIndex, pageSize: page.pageSize, total: list.data?.totalCount ?? 0 }}
        onChange={(p, _f, sorter) => setPage({ pageIndex: p.current ?? 1, pageSize: p.pageSize ?? 20, ...sortOf(sorter, 'reportDate') })}
        columns={[
          { title: t('dpr.date'), dataIndex: 'reportDate', sorter: true, render: (v: string, d) => <Link to={`/deliveryManagement/dprList/dprDetail?id=${d.dprId}`}>{v}</Link> },
          { title: t('fields.project'), dataIndex: 'projectName' },
          { title: t('dpr.submittedBy'), dataIndex: 'submittedByName' },
          { title: t('dpr.progress'), render: (_: unknown, d) => d.items.map((i) => `${st(i.activityName)} ${i.done}/${i.planned}`).join('; ') },
          { title: t('fields.status'), dataIndex: 'status', sorter: true, render: (v: string) => <Tag color={DPR_STATUS_COLOR[v]}>{t(`dprStatus.${v}`)}</Tag> },
        ]}
      />
    </div>
  );
}
