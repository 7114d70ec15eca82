import { useState } from 'react';
import { Button, DatePicker, Descriptions, Drawer, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import {
  useRepairCampaignsCreateMutation,
  useCampaignsOmProjectsQuery,
  usePlansCreateBatchMutation,
  usePlansDefectsQuery,
  usePlansGetQuery,
  usePlansSetStepsMutation,
  usePlansUpdateMutation,
  useTemplatesListQuery,
  type PlanDefectView,
} from '../repairApi';
import { LoadFailed, RepairError, sortOf, useRowChoice } from '../components/common';
import { useDefectColumns } from './defectColumns';
import { useSeedText } from '@/shared/useSeedText';

const PAGE_SIZE = 50;

/**
 * One plan: its defects with batch and repair step; selected defects get a repair step, go into
 * a batch or into a new campaign. Every write sends the plan version shown here, so a plan someone
 * else saved in the meantime answers with the edit-conflict message instead of being overwritten.
 */
export function PlanDetailDrawer({ planId, canEdit, canCreateCampaign, onClose }: { planId: string; canEdit: boolean; canCreateCampaign: boolean; onClose: () => void }) {
  const { t } = useTranslation('repair');
  const st = useSeedText();
  const navigate = useNavigate();
  const plan = usePlansGetQuery({ id: planId });
  const [page, setPage] = useState<{ pageIndex: number; fieldToSort?: string; descending?: boolean }>({ pageIndex: 1 });
  const defects = usePlansDefectsQuery({ id: planId, ...page, pageSize: PAGE_SIZE });
  const templates = useTemplatesListQuery({ pageSize: 500, fieldToSort: 'name' });
  const { selected, setSelected, rowSelection } = useRowChoice<PlanDefectView>((d) => d.defectId);
  const [templateId, setTemplateId] = useState<string | undefined>();
  const [batchName, setBatchName] = useState('');
  const [campaign, setCampaign] = useState<{ name: string; start?: Dayjs | null; end?: Dayjs | null; projectId: string }>({ name: '', projectId: '' });
  const [newName, setNewName] = useState('');
  const [setSteps, steps] = usePlansSetStepsMutation();
  const [createBatch, batching] = usePlansCreateBatchMutation();
  const [update, updating] = usePlansUpdateMutation();
  const [createCampaign, creating] = useRepairCampaignsCreateMutation();
  // The O&M projects of delivery that cover the plan's park: a campaign may belong to one (-6009 bounds its dates).
  const projects = useCampaignsOmProjectsQuery(canCreateCampaign && plan.data ? { windFarmId: plan.data.windFarmId } : skipToken);
  const columns = useDefectColumns<PlanDefectView>();
  const version = plan.data?.version ?? 0;
  const error = steps.error ?? batching.error ?? updating.error ?? creating.error;
  const resetErrors = () => [steps, batching, updating, creating].forEach((s) => s.reset());
  const none = selected.length === 0;

  const run = async (p: Promise<{ error?: unknown } | { data?: unknown }>) => {
    resetErrors();
    const r = await p;
    if (!('error' in r && r.error)) setSelected([]);
    return r;
  };

  return (
    <Drawer open size={1150} title={t('plans.detailTitle', { name: plan.data?.name ?? '' })} onClose={onClose} data-testid="plan-detail">
      {plan.error ? <LoadFailed error={plan.error} onRetry={() => void plan.refetch()} /> : null}
      {plan.data && (
        <Descriptions size="small" column={4} style={{ marginBottom: 12 }}>
          <Descriptions.Item label={t('plans.park')}>{plan.data.windFarmName}</Descriptions.Item>
          <Descriptions.Item label={t('plans.defects')}>{plan.data.defectCount}</Descriptions.Item>
          <Descriptions.Item label={t('plans.withoutStep')}>{plan.data.withoutStepCount}</Descriptions.Item>
          <Descriptions.Item label={t('plans.version')}>
            <span data-testid="plan-version">{plan.data.version}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('plans.batches')} span={4}>
            {plan.data.batches.length ? plan.data.batches.map((b) => <Tag key={b.id}>{`${b.name} (${b.defectCount})`}</Tag>) : '–'}
          </Descriptions.Item>
        </Descriptions>
      )}
      {canEdit && (
        <Space wrap style={{ marginBottom: 8 }}>
          <Select
            allowClear
            style={{ width: 240 }}
            placeholder={t('plans.template')}
            aria-label={t('plans.template')}
            value={templateId}
            onChange={(v?: string) => setTemplateId(v)}
            options={(templates.data?.results ?? []).map((x) => ({ value: x.id, label: st(x.name) }))}
            data-testid="plan-template"
          />
          <Button
            disabled={none}
            loading={steps.isLoading}
            onClick={() => void run(setSteps({ id: planId, setRepairStepsDto: { version, defectIds: selected, templateId: templateId ?? null } }))}
            data-testid="plan-set-step"
          >
            {templateId ? t('plans.setStep') : t('plans.clearStep')}
          </Button>
          <Input style={{ width: 180 }} placeholder={t('plans.batchName')} aria-label={t('plans.batchName')} value={batchName} onChange={(e) => setBatchName(e.target.value)} />
          <Button
            disabled={none || !batchName.trim()}
            loading={batching.isLoading}
            onClick={() =>
              void run(createBatch({ id: planId, createBatchDto: { version, name: batchName.trim(), defectIds: selected } })).then((r) => {
                if (!('error' in r && r.error)) setBatchName('');
              })
            }
            data-testid="plan-batch"
          >
            {t('plans.newBatch')}
          </Button>
          <Button
            danger
            disabled={none}
            loading={updating.isLoading}
            onClick={() => void run(update({ id: planId, updateRepairPlanDto: { version, removeDefectIds: selected } }))}
          >
            {t('plans.removeDefects')}
          </Button>
          <Input style={{ width: 180 }} placeholder={t('plans.name')} aria-label={t('plans.rename')} value={newName} onChange={(e) => setNewName(e.target.value)} />
          <Button
            disabled={!newName.trim()}
            onClick={() => void run(update({ id: planId, updateRepairPlanDto: { version, name: newName.trim() } }))}
            data-testid="plan-rename"
          >
            {t('plans.rename')}
          </Button>
        </Space>
      )}
      {canCreateCampaign && (
        <Space wrap style={{ marginBottom: 8 }} data-testid="campaign-form">
          <Typography.Text strong>{t('plans.newCampaign')}</Typography.Text>
          <Input
            style={{ width: 200 }}
            placeholder={t('plans.campaignName')}
            aria-label={t('plans.campaignName')}
            value={campaign.name}
            onChange={(e) => setCampaign((c) => ({ ...c, name: e.target.value }))}
            data-testid="campaign-name"
          />
          <DatePicker placeholder={t('plans.startDate')} aria-label={t('plans.startDate')} value={campaign.start} onChange={(d) => setCampaign((c) => ({ ...c, start: d }))} data-testid="campaign-start" />
          <DatePicker placeholder={t('plans.endDate')} aria-label={t('plans.endDate')} value={campaign.end} onChange={(d) => setCampaign((c) => ({ ...c, end: d }))} data-testid="campaign-end" />
          <Select
            style={{ width: 280 }}
            allowClear
            placeholder={t('plans.projectId')}
            aria-label={t('plans.projectId')}
            loading={projects.isLoading}
            value={campaign.projectId || undefined}
            options={(projects.data ?? []).map((x) => ({
              value: x.projectId,
              label: x.startDate && x.endDate ? `${x.projectName} (${t('plans.projectRange', { from: x.startDate, to: x.endDate })})` : x.projectName,
            }))}
            onChange={(v?: string) => setCampaign((c) => ({ ...c, projectId: v ?? '' }))}
            data-testid="campaign-project"
          />
          <Button
            type="primary"
            disabled={none || !campaign.name.trim() || !campaign.start || !campaign.end}
            loading={creating.isLoading}
            onClick={() =>
              void run(
                createCampaign({
                  createRepairCampaignDto: {
                    planId,
                    planVersion: version,
                    name: campaign.name.trim(),
                    defectIds: selected,
                    startDate: campaign.start!.format('YYYY-MM-DD'),
                    endDate: campaign.end!.format('YYYY-MM-DD'),
                    ...(campaign.projectId ? { projectId: campaign.projectId } : {}),
                  },
                }),
              ).then((r) => {
                if ('data' in r && r.data) navigate(`/repairPlan/repairCampaignDetails?campaignId=${(r.data as { id: string }).id}`);
              })
            }
            data-testid="campaign-submit"
          >
            {t('common.create')}
          </Button>
        </Space>
      )}
      {(canEdit || canCreateCampaign) && none && <Typography.Paragraph type="secondary">{t('plans.selectDefectsFirst')}</Typography.Paragraph>}
      <RepairError error={error} testId="plan-detail-error" onClose={resetErrors} />
      <Table<PlanDefectView>
        rowKey="defectId"
        size="small"
        loading={defects.isFetching}
        dataSource={defects.data?.results ?? []}
        columns={[
          ...columns,
          { key: 'batchName', dataIndex: 'batchName', title: t('plans.batch'), render: (v: string | null) => v ?? '–' },
          { key: 'templateName', dataIndex: 'templateName', title: t('plans.step'), render: (v: string | null) => st(v) ?? <Tag color="warning">{t('plans.noStep')}</Tag> },
        ]}
        rowSelection={canEdit || canCreateCampaign ? rowSelection : undefined}
        pagination={{ current: page.pageIndex, pageSize: PAGE_SIZE, total: defects.data?.totalCount ?? 0, showSizeChanger: false }}
        onChange={(p, _f, sorter) => setPage({ pageIndex: p.current ?? 1, ...sortOf(sorter) })}
        data-testid="plan-defects"
      />
    </Drawer>
  );
}
