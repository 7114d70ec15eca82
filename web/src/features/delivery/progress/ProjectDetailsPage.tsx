import { Card, Progress, Result, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAppSelector } from '@/core/store';
import { hasRight, Rights } from '@/shared/contracts';
import type { CampaignView, SummaryParkView } from '@/core/api/generated/delivery';
import { NoAccess, Refusal } from '../shared';
import { useDeliveryCampaignsListQuery, useProgressListQuery, useProjectsSummaryQuery } from '../deliveryApi';
import { ProjectCard } from './ProgressDashboardPage';
import { useProgressLive } from './live';

/** One project's progress (SPEC §2 progressDashboard/projectDetails): its card, per-park turbines inspected and its campaigns; live like the dashboard. */
export function Component() {
  const { t } = useTranslation('delivery');
  const [params] = useSearchParams();
  const projectId = params.get('projectId') ?? '';
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  const show = [Rights.PROGRESS_DASHBOARD_SHOW, Rights.MENU_PROGRESS_DASHBOARD, Rights.PROJECT_CENTER_SHOW].some((r) => hasRight(denied, r));
  const progress = useProgressListQuery({ projectId }, { skip: !show || !projectId });
  const summary = useProjectsSummaryQuery({ id: projectId }, { skip: !show || !projectId });
  const campaigns = useDeliveryCampaignsListQuery({ projectId, pageSize: 100 }, { skip: !show || !projectId });
  useProgressLive(() => {
    if (!show || !projectId) return;
    void progress.refetch();
    void summary.refetch();
  });
  if (!show) return <NoAccess page="projectDetails" />;
  if (!projectId)
    return (
      <div data-testid="page-projectDetails">
        <Result status="404" title={t('progress.noProject')} />
      </div>
    );
  const row = progress.data?.results[0];
  return (
    <div data-testid="page-projectDetails" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('progress.detailsTitle')}
      </Typography.Title>
      <Refusal error={progress.error ?? summary.error} />
      {progress.isLoading ? <Skeleton active /> : row && <ProjectCard p={row} />}
      <Card size="small" title={t('fields.windFarms')}>
        <Table<SummaryParkView>
          rowKey="windFarmId"
          size="small"
          pagination={false}
          dataSource={summary.data?.windFarms ?? []}
          data-testid="details-parks"
          columns={[
            { title: t('fields.windFarms'), dataIndex: 'windFarmName' },
            { title: t('progress.inspected'), render: (_: unknown, w) => `${w.inspectedTurbineCount} / ${w.turbineCount}` },
            { title: '', render: (_: unknown, w) => <Progress percent={w.turbineCount ? Math.round((w.inspectedTurbineCount / w.turbineCount) * 100) : 0} size="small" /> },
          ]}
        />
      </Card>
      <Card size="small" title={t('campaigns.title')}>
        <Table<CampaignView>
          rowKey="campaignId"
          size="small"
          pagination={false}
          dataSource={campaigns.data?.results ?? []}
          columns={[
            { title: t('fields.campaignName'), dataIndex: 'name' },
            { title: t('fields.campaignType'), dataIndex: 'campaignType', render: (v: number) => t(`campaignTypes.${v}`) },
            { title: t('fields.status'), dataIndex: 'status', render: (v: number) => t(`status.${v}`) },
            { title: t('fields.active'), dataIndex: 'active', render: (v: boolean) => (v ? t('active') : t('inactive')) },
          ]}
        />
      </Card>
    </div>
  );
}
