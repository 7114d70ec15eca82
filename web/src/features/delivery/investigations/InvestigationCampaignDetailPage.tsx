import { useState } from 'react';
import { Button, Descriptions, Input, Modal, Popconfirm, Progress, Result, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '@/core/store';
import { hasRight, InvestigationResult, nextInvestigationStatuses, Rights } from '@/shared/contracts';
import type { InvestigationDefectView } from '@/core/api/generated/delivery';
import { NoAccess, Refusal, sortOf } from '../shared';
import { useInvestigationsDefectsQuery, useInvestigationsGetQuery, useInvestigationsSetResultMutation, useInvestigationsStatusMutation } from '../deliveryApi';

export const INVESTIGATION_STATUS_COLOR: Record<number, string> = { 1: 'default', 2: 'processing', 3: 'success' };
const RESULT_COLOR: Record<number, string> = { 1: 'red', 2: 'green', 3: 'gold' };
const RESULTS = Object.values(InvestigationResult);
const CAMPAIGNS = '/inspection/investigation/campaign';

const day = (v: string | null | undefined) => (v ? v.slice(0, 10) : '—');

/**
 * One investigation campaign (SPEC §2 /inspection/investigation/campaign/campaignDetail?id=): its
 * header with the status moves it allows, and its defects (paged and sorted on the server) with the
 * outcome an engineer records for each while the campaign is under investigation.
 */
export function Component() {
  const { t } = useTranslation('delivery');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  const show = hasRight(denied, Rights.INVESTIGATION_CAMPAIGN) || hasRight(denied, Rights.INVESTIGATION_EDIT);
  const edit = hasRight(denied, Rights.INVESTIGATION_EDIT);
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 20, fieldToSort: 'severity', descending: true });
  const head = useInvestigationsGetQuery({ id }, { skip: !show || !id });
  const defects = useInvestigationsDefectsQuery({ id, ...page }, { skip: !show || !id });
  const [setStatus, statusState] = useInvestigationsStatusMutation();
  const [setResult, resultState] = useInvestigationsSetResultMutation();
  const [notesOf, setNotesOf] = useState<InvestigationDefectView | null>(null);
  const [notes, setNotes] = useState('');
  if (!show) return <NoAccess page="investigationCampaignDetail" />;
  const back = (
    <Link to={CAMPAIGNS} data-testid="investigation-back">
      {t('investigation.back')}
    </Link>
  );
  if (!id || head.error)
    return (
      <div data-testid="page-investigationCampaignDetail">
        {id && head.error && (head.error as { status?: number }).status !== 404 ? (
          <Refusal error={head.error} />
        ) : (
          <Result status="404" title={t('investigation.notFound')} extra={back} data-testid="investigation-not-found" />
        )}
      </div>
    );
  if (!head.data) return <Skeleton active />;
  const c = head.data;
  const recording = edit && c.status === 2;
  const total = c.defectIds.length;
  return (
    <div data-testid="page-investigationCampaignDetail" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {back}
      <Space wrap align="center" style={{ justifyContent: 'space-between' }}>
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="investigation-title">
          {c.name}
        </Typography.Title>
        {edit && (
          <Space wrap>
            {nextInvestigationStatuses(c.status as 1 | 2 | 3).map((to) =>
              to === 3 ? (
                <Popconfirm
                  key={to}
                  title={t('investigation.finalConfirm')}
                  okText={t(`investigation.status.${to}`)}
                  cancelText={t('cancel')}
                  onConfirm={() => void setStatus({ id, investigationStatusDto: { status: to } })}
                >
                  <Button type="primary" data-testid={`investigation-to-${to}`}>
                    {t(`investigation.moveTo.${to}`)}
                  </Button>
                </Popconfirm>
              ) : (
                <Button key={to} onClick={() => void setStatus({ id, investigationStatusDto: { status: to } })} data-testid={`investigation-to-${to}`}>
                  {t(`investigation.moveTo.${to}`)}
                </Button>
              ),
            )}
          </Space>
        )}
      </Space>
      <Refusal error={statusState.error ?? resultState.error} testId="investigation-error" />
      <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered data-testid="investigation-header">
        <Descriptions.Item label={t('fields.windFarms')}>{c.windFarmName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('fields.status')}>
          <Tag color={INVESTIGATION_STATUS_COLOR[c.status]} data-testid="investigation-status">
            {t(`investigation.status.${c.status}`)}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('investigation.results')}>
          <Space>
            <Progress type="circle" size={36} percent={total ? Math.round((c.resultCount / total) * 100) : 0} />
            <span data-testid="investigation-result-count">{t('investigation.resultCount', { done: c.resultCount, total })}</span>
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('investigation.created')}>{day(c.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('investigation.started')}>{day(c.startedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('investigation.completed')}>{day(c.completedAt)}</Descriptions.Item>
      </Descriptions>
      {edit && c.status !== 2 && (
        <Typography.Text type="secondary" data-testid="investigation-hint">
          {t(c.status === 1 ? 'investigation.hintNotStarted' : 'investigation.hintFinal')}
        </Typography.Text>
      )}
      <Table<InvestigationDefectView>
        rowKey="defectId"
        size="small"
        loading={defects.isFetching}
        dataSource={defects.data?.results ?? []}
        pagination={{ current: page.pageIndex, pageSize: page.pageSize, total: defects.data?.totalCount ?? 0, showSizeChanger: true }}
        onChange={(p, _f, sorter) => setPage({ pageIndex: p.current ?? 1, pageSize: p.pageSize ?? 20, ...sortOf(sorter, 'severity') })}
        data-testid="investigation-defects"
        columns={[
          {
            title: t('investigation.defect'),
            dataIndex: 'defectNo',
            sorter: true,
            // The defect's image and polygon in a new tab (the standalone /viewDefect page).
            render: (v: string | null, d) => (
              <a href={`#/viewDefect?defectId=${d.defectId}`} target="_blank" rel="noreferrer" title={t('investigation.openDefect')} data-testid={`investigation-defect-${d.defectId}`}>
                {v ?? d.defectId.slice(0, 8)}
              </a>
            ),
          },
          { title: t('investigation.turbine'), dataIndex: 'turbineName', sorter: true },
          { title: t('investigation.blade'), dataIndex: 'bladePosition', sorter: true, render: (v: number | null) => (v ? t('investigation.bladeN', { n: v }) : '—') },
          { title: t('investigation.type'), dataIndex: 'defectType', sorter: true, render: (v: string | null) => v ?? '—' },
          { title: t('investigation.severity'), dataIndex: 'severity', sorter: true, defaultSortOrder: 'descend' },
          {
            title: t('investigation.result'),
            dataIndex: 'result',
            sorter: true,
            render: (v: number | null, d) =>
              recording ? (
                <Select<InvestigationResult | null>
                  size="small"
                  style={{ width: 150 }}
                  value={v as InvestigationResult | null}
                  allowClear
                  placeholder={t('investigation.noResult')}
                  onChange={(result) => void setResult({ id, defectId: d.defectId, investigationResultDto: { result: result ?? null } })}
                  options={RESULTS.map((r) => ({ value: r, label: t(`investigation.resultLabels.${r}`) }))}
                  data-testid={`investigation-result-${d.defectId}`}
                />
              ) : v ? (
                <Tag color={RESULT_COLOR[v]}>{t(`investigation.resultLabels.${v}`)}</Tag>
              ) : (
                <Typography.Text type="secondary">{t('investigation.noResult')}</Typography.Text>
              ),
          },
          {
            title: t('investigation.notes'),
            dataIndex: 'notes',
            render: (v: string | null, d) => (
              <Space size="small">
                <Typography.Text ellipsis style={{ maxWidth: 260 }} title={v ?? undefined}>
                  {v ?? ''}
                </Typography.Text>
                {recording && (
                  <Button
                    size="small"
                    type="link"
                    onClick={() => {
                      setNotesOf(d);
                      setNotes(v ?? '');
                    }}
                    data-testid={`investigation-notes-${d.defectId}`}
                  >
                    {t('edit')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!notesOf}
        title={t('investigation.notesTitle', { defect: notesOf?.defectNo ?? notesOf?.defectId.slice(0, 8) ?? '' })}
        okText={t('save')}
        cancelText={t('cancel')}
        onCancel={() => setNotesOf(null)}
        onOk={async () => {
          const r = await setResult({ id, defectId: notesOf!.defectId, investigationResultDto: { notes: notes.trim() || null } });
          if (!('error' in r)) setNotesOf(null);
        }}
        destroyOnHidden
      >
        <Input.TextArea rows={4} maxLength={2000} showCount value={notes} onChange={(e) => setNotes(e.target.value)} data-testid="investigation-notes-text" />
      </Modal>
    </div>
  );
}
