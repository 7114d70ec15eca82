import { useState } from 'react';
import { Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppSelector } from '@/core/store';
import { hasRight, Rights } from '@/shared/contracts';
import type { InvestigationCampaignView } from '@/core/api/generated/delivery';
import { Refusal, sortOf, NoAccess } from '../shared';
import { useInvestigationsListQuery, useInvestigationsRemoveMutation, useInvestigationsStatusMutation } from '../deliveryApi';

const COLOR: Record<number, string> = { 1: 'default', 2: 'processing', 3: 'success' };

/** Investigation campaigns (SPEC §2 /inspection/investigation/campaign): to be investigated → under investigation → investigated. */
export function Component() {
  const { t } = useTranslation('delivery');
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  const show = hasRight(denied, Rights.INVESTIGATION_CAMPAIGN) || hasRight(denied, Rights.INVESTIGATION_EDIT);
  const edit = hasRight(denied, Rights.INVESTIGATION_EDIT);
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 20, fieldToSort: 'updatedAt', descending: true });
  const list = useInvestigationsListQuery(page, { skip: !show });
  const [setStatus, statusState] = useInvestigationsStatusMutation();
  const [remove, removed] = useInvestigationsRemoveMutation();
  if (!show) return <NoAccess page="investigationCampaigns" />;
  return (
    <div data-testid="page-investigationCampaigns" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('investigation.campaignsTitle')}
      </Typography.Title>
      <Refusal error={statusState.error ?? removed.error} testId="investigation-error" />
      <Table<InvestigationCampaignView>
        rowKey="campaignId"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.results ?? []}
        pagination={{ current: page.pageIndex, pageSize: page.pageSize, total: list.data?.totalCount ?? 0 }}
        onChange={(p, _f, sorter) => setPage({ pageIndex: p.current ?? 1, pageSize: p.pageSize ?? 20, ...sortOf(sorter, 'updatedAt') })}
        data-testid="investigation-campaigns"
        columns={[
          {
            title: t('fields.campaignName'),
            dataIndex: 'name',
            sorter: true,
            render: (v: string, c) => (
              <Link to={`/inspection/investigation/campaign/campaignDetail?id=${c.campaignId}`} data-testid="investigation-open">
                {v}
              </Link>
            ),
          },
          { title: t('fields.windFarms'), dataIndex: 'windFarmName' },
          { title: t('investigation.resultsOfDefects'), render: (_: unknown, c) => `${c.resultCount} / ${c.defectIds.length}` },
          { title: t('fields.status'), dataIndex: 'status', sorter: true, render: (v: number) => <Tag color={COLOR[v]}>{t(`investigation.status.${v}`)}</Tag> },
          ...(edit
            ? [
                {
                  title: t('actions'),
                  render: (_: unknown, c: InvestigationCampaignView) => (
                    <Space size="small">
                      {c.status < 3 && (
                        <Button size="small" onClick={() => void setStatus({ id: c.campaignId, investigationStatusDto: { status: (c.status + 1) as 2 | 3 } })} data-testid="investigation-advance">
                          {t(`investigation.status.${c.status + 1}`)}
                        </Button>
                      )}
                      <Popconfirm title={t('confirmDelete')} okText={t('delete')} cancelText={t('cancel')} onConfirm={() => void remove({ id: c.campaignId })}>
                        <Button size="small" danger data-testid="investigation-delete">
                          {t('delete')}
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}
