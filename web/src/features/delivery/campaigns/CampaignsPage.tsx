import { useState } from 'react';
import { Button, Form, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/core/store';
import { hasRight, Rights } from '@/shared/contracts';
import type { CampaignView } from '@/core/api/generated/delivery';
import { INSPECTION_CAMPAIGN_TYPES, Refusal, sortOf, NoAccess } from '../shared';
import { useCampaignsActiveMutation, useDeliveryCampaignsCreateMutation, useDeliveryCampaignsListQuery, useCampaignsStatusMutation, useProjectsListQuery } from '../deliveryApi';

/**
 * Inspection campaigns (SPEC §2 /inspection/campaign): campaigns of the projects in scope; create
 * one of types 1..5 fitting its project (-6007), move it forward, or set it inactive for good.
 */
export function Component() {
  const { t } = useTranslation('delivery');
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  const show = [Rights.MENU_INSPECTION_CAMPAIGN, Rights.PROJECT_CENTER_SHOW, Rights.CAMPAIGN_MANAGER_SHOW].some((r) => hasRight(denied, r));
  const edit = hasRight(denied, Rights.PROJECT_CENTER_EDIT);
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 20, fieldToSort: 'createdAt', descending: true });
  const list = useDeliveryCampaignsListQuery(page, { skip: !show });
  const projects = useProjectsListQuery({ pageSize: 500, fieldToSort: 'projectName', descending: false }, { skip: !edit });
  const [form] = Form.useForm<{ projectId: string; name: string; campaignType: number }>();
  const [create, created] = useDeliveryCampaignsCreateMutation();
  const [setActive, activeState] = useCampaignsActiveMutation();
  const [setStatus, statusState] = useCampaignsStatusMutation();
  if (!show) return <NoAccess page="inspectionCampaign" />;
  const submit = async (v: { projectId: string; name: string; campaignType: number }) => {
    const r = await create({ saveCampaignDto: { projectId: v.projectId, name: v.name, campaignType: v.campaignType as 1 } });
    if (!('error' in r)) form.resetFields();
  };
  return (
    <div data-testid="page-inspectionCampaign" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('campaigns.title')}
      </Typography.Title>
      {edit && (
        <Form form={form} layout="inline" onFinish={(v) => void submit(v)} data-testid="campaign-form">
          <Form.Item name="projectId" rules={[{ required: true, message: t('required') }]}>
            <Select
              style={{ width: 240 }}
              placeholder={t('fields.project')}
              showSearch={{ optionFilterProp: 'label' }}
              options={(projects.data?.results ?? []).map((p) => ({ value: p.projectId, label: p.projectName }))}
              data-testid="campaign-project"
            />
          </Form.Item>
          <Form.Item name="name" rules={[{ required: true, whitespace: true, message: t('required') }]}>
            <Input placeholder={t('fields.campaignName')} data-testid="campaign-name" />
          </Form.Item>
          <Form.Item name="campaignType" rules={[{ required: true, message: t('required') }]}>
            <Select style={{ width: 180 }} placeholder={t('fields.campaignType')} options={INSPECTION_CAMPAIGN_TYPES.map((c) => ({ value: c, label: t(`campaignTypes.${c}`) }))} data-testid="campaign-type" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={created.isLoading} data-testid="campaign-add">
            {t('add')}
          </Button>
        </Form>
      )}
      <Refusal error={created.error ?? activeState.error ?? statusState.error} testId="campaign-error" />
      <Table<CampaignView>
        rowKey="campaignId"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.results ?? []}
        data-testid="campaign-table"
        pagination={{ current: page.pageIndex, pageSize: page.pageSize, total: list.data?.totalCount ?? 0 }}
        onChange={(p, _f, sorter) => setPage({ pageIndex: p.current ?? 1, pageSize: p.pageSize ?? 20, ...sortOf(sorter, 'createdAt') })}
        columns={[
          { title: t('fields.campaignName'), dataIndex: 'name', sorter: true },
          { title: t('fields.project'), dataIndex: 'projectName' },
          { title: t('fields.campaignType'), dataIndex: 'campaignType', render: (v: number) => t(`campaignTypes.${v}`) },
          { title: t('fields.status'), dataIndex: 'status', sorter: true, render: (v: number) => t(`status.${v}`) },
          { title: t('fields.active'), dataIndex: 'active', render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? t('active') : t('inactive')}</Tag> },
          ...(edit
            ? [
                {
                  title: t('actions'),
                  render: (_: unknown, c: CampaignView) => (
                    <Space size="small">
                      {c.active && c.status < 3 && (
                        <Button size="small" onClick={() => void setStatus({ id: c.campaignId, campaignStatusDto: { status: (c.status + 1) as 2 | 3 } })} data-testid="campaign-advance">
                          {c.status === 1 ? t('projects.start') : t('projects.complete')}
                        </Button>
                      )}
                      {c.active && (
                        <Popconfirm title={t('campaigns.confirmInactive')} okText={t('campaigns.deactivate')} cancelText={t('cancel')} onConfirm={() => void setActive({ id: c.campaignId, campaignActiveDto: { active: false } })}>
                          <Button size="small" danger data-testid="campaign-deactivate">
                            {t('campaigns.deactivate')}
                          </Button>
                        </Popconfirm>
                      )}
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
