import { Button, Descriptions, Input, Progress, Result, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAppSelector } from '@/core/store';
import { hasRight, Rights } from '@/shared/contracts';
import type { DprItemView } from '@/core/api/generated/delivery';
import { Refusal } from '../shared';
import { useDprsApproveMutation, useDprsGetQuery, useDprsRejectMutation } from '../deliveryApi';
import { DPR_STATUS_COLOR } from './DprListPage';
import { DprPhotos } from './DprPhotos';
import { useSeedText } from '@/shared/useSeedText';

/** One daily progress report (SPEC §2 dprDetail): planned versus done per activity; approvers approve or reject a submitted one. */
export function Component() {
  const { t } = useTranslation('delivery');
  const st = useSeedText();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  const approver = hasRight(denied, Rights.DPR_APPROVE);
  const q = useDprsGetQuery({ id }, { skip: !id });
  const [approve, approved] = useDprsApproveMutation();
  const [reject, rejected] = useDprsRejectMutation();
  const [comment, setComment] = useState('');
  if (!id)
    return (
      <div data-testid="page-dprDetail">
        <Result status="404" title={t('dpr.notFound')} />
      </div>
    );
  if (q.isLoading) return <Skeleton active />;
  if (q.error || !q.data) return <Refusal error={q.error} />;
  const d = q.data;
  return (
    <div data-testid="page-dprDetail" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('dpr.detailTitle', { project: d.projectName, date: d.reportDate })}
      </Typography.Title>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={t('fields.status')}>
          <Tag color={DPR_STATUS_COLOR[d.status]} data-testid="dpr-status">
            {t(`dprStatus.${d.status}`)}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('dpr.submittedBy')}>{d.submittedByName}</Descriptions.Item>
        <Descriptions.Item label={t('dpr.weather')}>{d.weather ?? ''}</Descriptions.Item>
        <Descriptions.Item label={t('dpr.downtime')}>{d.downtimeHours ?? ''}</Descriptions.Item>
        <Descriptions.Item label={t('dpr.comments')} span={2}>
          {d.comments ?? ''}
        </Descriptions.Item>
        {d.reviewedByName && <Descriptions.Item label={t('dpr.reviewedBy')}>{d.reviewedByName}</Descriptions.Item>}
        {d.reviewComment && <Descriptions.Item label={t('dpr.reviewComment')}>{d.reviewComment}</Descriptions.Item>}
        <Descriptions.Item label={t('dpr.photos')} span={2}>
          <DprPhotos photoIds={d.photos} />
        </Descriptions.Item>
      </Descriptions>
      <Table<DprItemView>
        rowKey="activityId"
        size="small"
        pagination={false}
        dataSource={d.items}
        columns={[
          { title: t('dpr.activity'), dataIndex: 'activityName', render: (v: string) => st(v) },
          { title: t('dpr.planned'), dataIndex: 'planned' },
          { title: t('dpr.done'), dataIndex: 'done' },
          { title: t('dpr.progress'), render: (_: unknown, i) => <Progress percent={i.planned ? Math.round((i.done / i.planned) * 100) : 0} size="small" /> },
        ]}
      />
      {approver && d.status === 'SUBMITTED' && (
        <Space direction="vertical" style={{ maxWidth: 480 }}>
          <Input.TextArea rows={2} value={comment} onChange={(e) => setComment(e.target.value)} placeholder={t('dpr.reviewComment')} data-testid="dpr-comment" />
          <Space>
            <Button type="primary" onClick={() => void approve({ id, reviewDprDto: { comment: comment || null } })} data-testid="dpr-approve">
              {t('dpr.approve')}
            </Button>
            <Button danger onClick={() => void reject({ id, reviewDprDto: { comment: comment || null } })} data-testid="dpr-reject">
              {t('dpr.reject')}
            </Button>
          </Space>
        </Space>
      )}
      <Refusal error={approved.error ?? rejected.error} testId="dpr-review-error" />
    </div>
  );
}
