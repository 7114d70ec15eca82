import { useEffect, useState } from 'react';
import { Button, Card, Descriptions, Empty, Popconfirm, Progress, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  useRepairCampaignsGetQuery,
  useCampaignsGrantMutation,
  useCampaignsRemoveMutation,
  useRepairCampaignsSetStatusMutation,
  useCampaignsSetTurbineStatusMutation,
  useCampaignsTechniciansQuery,
  type CampaignTurbineView,
} from '../repairApi';
import { CampaignStatusTag, LoadFailed, NoAccess, RepairError, RepairStatusTag, useCampaignStatusOptions, useRepairGrants } from '../components/common';
import { useCampaignLive } from '../live';
import { ReportButton } from '@/features/report';

/** Grants technicians (users with the repair technician role) to the campaign. */
function TechnicianGrant({ campaignId, current, disabled }: { campaignId: string; current: string[]; disabled: boolean }) {
  const { t } = useTranslation('repair');
  const technicians = useCampaignsTechniciansQuery({ pageSize: 500 });
  const [chosen, setChosen] = useState<string[]>(current);
  const [grant, granting] = useCampaignsGrantMutation();
  // The server's list after a save or a live update replaces the choice (keyed by content, not identity).
  const currentKey = current.join(',');
  useEffect(() => setChosen(currentKey ? currentKey.split(',') : []), [currentKey]);
  return (
    <Space wrap data-testid="technician-grant">
      <Select
        mode="multiple"
        style={{ minWidth: 320 }}
        disabled={disabled}
        aria-label={t('campaigns.grant')}
        placeholder={t('campaigns.grant')}
        value={chosen}
        onChange={setChosen}
        loading={technicians.isLoading}
        options={(technicians.data?.results ?? []).map((x) => ({ value: x.userId, label: x.displayName }))}
        data-testid="technician-select"
      />
      <Button disabled={disabled} loading={granting.isLoading} onClick={() => void grant({ id: campaignId, grantTechniciansDto: { userIds: chosen } })} data-testid="technician-save">
        {t('campaigns.grantSave')}
      </Button>
      <RepairError error={granting.error} testId="grant-error" onClose={() => granting.reset()} />
    </Space>
  );
}

/** /repairPlan/repairCampaignDetails?campaignId=…: one campaign with per-turbine progress, technicians and status; live. */
export function Component() {
  const { t } = useTranslation('repair');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const campaignId = params.get('campaignId') ?? '';
  const grants = useRepairGrants();
  const statusOptions = useCampaignStatusOptions();
  const campaign = useRepairCampaignsGetQuery({ id: campaignId }, { skip: !campaignId || !grants.campaignShow });
  useCampaignLive(!!campaignId && grants.campaignShow);
  const [setStatus, settingStatus] = useRepairCampaignsSetStatusMutation();
  const [setTurbine, settingTurbine] = useCampaignsSetTurbineStatusMutation();
  const [remove, removing] = useCampaignsRemoveMutation();
  if (!grants.campaignShow) return <NoAccess testId="page-repairCampaignDetails" />;
  if (!campaignId)
    return (
      <Card data-testid="page-repairCampaignDetails">
        <Empty description={t('common.missingCampaign')} />
      </Card>
    );
  const c = campaign.data;
  const completed = c?.status === 2;
  const error = settingStatus.error ?? settingTurbine.error ?? removing.error;
  return (
    <Card
      data-testid="page-repairCampaignDetails"
      title={t('campaigns.detailTitle', { name: c?.name ?? '' })}
      extra={
        c && (
          <Space>
            <ReportButton scope="repairCampaign" id={campaignId} subject={c.name} />
            <Button onClick={() => navigate(`/repairDetailList?campaignId=${campaignId}`)} data-testid="open-detail-list">
              {t('campaigns.openDetailList')}
            </Button>
            {grants.campaignEdit && !completed && (
              <Popconfirm title={t('campaigns.completeConfirm')} okText={t('common.save')} cancelText={t('common.cancel')} onConfirm={() => void setStatus({ id: campaignId, setCampaignStatusDto: { status: 2 } })}>
                <Button type="primary" data-testid="campaign-complete">
                  {t('campaigns.complete')}
                </Button>
              </Popconfirm>
            )}
            {grants.campaignEdit && (
              <Popconfirm
                title={t('campaigns.deleteConfirm', { name: c.name })}
                okText={t('common.delete')}
                cancelText={t('common.cancel')}
                onConfirm={() => void remove({ id: campaignId }).then((r) => !('error' in r) && navigate('/repairPlan/repairCampaignList'))}
              >
                <Button danger data-testid="campaign-delete">
                  {t('campaigns.deleteCampaign')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        )
      }
    >
      {campaign.error ? <LoadFailed error={campaign.error} onRetry={() => void campaign.refetch()} /> : null}
      <RepairError error={error} testId="campaign-error" onClose={() => [settingStatus, settingTurbine, removing].forEach((s) => s.reset())} />
      {c && (
        <>
          <Descriptions size="small" column={3} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('campaigns.status')}>
              <CampaignStatusTag status={c.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('campaigns.park')}>{c.windFarmName}</Descriptions.Item>
            <Descriptions.Item label={t('campaigns.plan')}>{c.planName}</Descriptions.Item>
            <Descriptions.Item label={t('campaigns.period')}>{`${c.startDate} – ${c.endDate}`}</Descriptions.Item>
            <Descriptions.Item label={t('campaigns.project')}>{c.projectName ?? '–'}</Descriptions.Item>
            <Descriptions.Item label={t('campaigns.progress')}>
              <span data-testid="detail-progress" data-progress={c.progress}>
                <Progress percent={c.progress} size="small" style={{ width: 140 }} />
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('campaigns.byStatus')} span={3}>
              {c.byStatus.map((s) => (
                <span key={s.repairStatus} style={{ marginInlineEnd: 8 }}>
                  <RepairStatusTag status={s.repairStatus} /> {s.count}
                </span>
              ))}
            </Descriptions.Item>
            <Descriptions.Item label={t('campaigns.technicians')} span={3}>
              {grants.grant ? (
                <TechnicianGrant campaignId={campaignId} current={c.technicians.map((x) => x.userId)} disabled={completed} />
              ) : c.technicians.length ? (
                c.technicians.map((x) => <Tag key={x.userId}>{x.displayName}</Tag>)
              ) : (
                t('campaigns.noTechnicians')
              )}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>{t('campaigns.turbineTable')}</Typography.Title>
          <Table<CampaignTurbineView>
            rowKey="turbineId"
            size="small"
            pagination={false}
            dataSource={c.turbines}
            data-testid="turbine-table"
            columns={[
              { key: 'turbineName', dataIndex: 'turbineName', title: t('campaigns.turbine') },
              {
                key: 'status',
                dataIndex: 'status',
                title: t('campaigns.turbineStatus'),
                render: (v: number, r) =>
                  grants.detailEdit && !completed ? (
                    <Select
                      size="small"
                      style={{ width: 140 }}
                      value={v}
                      aria-label={t('campaigns.turbineStatus')}
                      options={statusOptions}
                      onChange={(status: number) => void setTurbine({ id: campaignId, turbineId: r.turbineId, setTurbineStatusDto: { status: status as 0 | 1 | 2 } })}
                      data-testid="turbine-status"
                    />
                  ) : (
                    <CampaignStatusTag status={v} />
                  ),
              },
              { key: 'defects', title: t('campaigns.done'), render: (_: unknown, r) => `${r.doneCount}/${r.defectCount}` },
              {
                key: 'open',
                render: (_: unknown, r) => (
                  <Button size="small" onClick={() => navigate(`/repairPlan/repairTurbine?campaignId=${campaignId}&turbineId=${r.turbineId}`)} data-testid="open-turbine">
                    {t('campaigns.openTurbine')}
                  </Button>
                ),
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
