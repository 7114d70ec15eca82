import { useCallback } from 'react';
import { Card, Col, Empty, Progress, Row, Space, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppSelector } from '@/core/store';
import { hasRight, Rights } from '@/shared/contracts';
import type { ProjectProgressView } from '@/core/api/generated/delivery';
import { Refusal, NoAccess } from '../shared';
import { useProgressListQuery } from '../deliveryApi';
import { useProgressLive } from './live';
import { useSeedText } from '@/shared/useSeedText';

const percent = (n: number, of: number) => (of > 0 ? Math.min(100, Math.round((n / of) * 100)) : 0);

export function ProjectCard({ p }: { p: ProjectProgressView }) {
  const { t } = useTranslation('delivery');
  const st = useSeedText();
  return (
    <Card size="small" title={<Link to={`/deliveryManagement/progressDashboard/projectDetails?projectId=${p.projectId}`}>{p.projectName}</Link>} extra={<Tag>{p.customerName}</Tag>} data-testid={`progress-${p.projectId}`}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Statistic title={t('progress.inspected')} value={p.turbinesInspected} suffix={`/ ${p.turbinesPlanned}`} />
        <Progress percent={percent(p.turbinesInspected, p.turbinesPlanned)} aria-label={t('progress.inspected')} />
        {p.stages.map((s) => (
          <div key={s.stage} data-testid={`stage-${s.stage}`} data-count={s.inspections}>
            <Typography.Text>{t(`stages.${s.stage}`, { defaultValue: String(s.stage) })}</Typography.Text>
            <Progress percent={percent(s.inspections, p.turbinesPlanned)} format={() => String(s.inspections)} size="small" aria-label={t(`stages.${s.stage}`, { defaultValue: String(s.stage) })} />
          </div>
        ))}
        {p.dpr.map((d) => (
          <div key={d.activityName}>
            <Typography.Text type="secondary">{st(d.activityName)}</Typography.Text>
            <Progress percent={percent(d.done, d.planned)} format={() => `${d.done}/${d.planned}`} size="small" status="normal" strokeColor="#faad14" aria-label={st(d.activityName)} />
          </div>
        ))}
      </Space>
    </Card>
  );
}

/**
 * Progress dashboard (SPEC §2 /deliveryManagement/progressDashboard): projects in progress with
 * turbines inspected against planned, inspections per completed task stage and approved DPR
 * totals; it refetches when delivery pushes a change over socket.io.
 */
export function Component() {
  const { t } = useTranslation('delivery');
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  const show = [Rights.PROGRESS_DASHBOARD_SHOW, Rights.MENU_PROGRESS_DASHBOARD, Rights.PROJECT_CENTER_SHOW].some((r) => hasRight(denied, r));
  const q = useProgressListQuery({ pageSize: 100 }, { skip: !show });
  const refetch = q.refetch;
  const onChange = useCallback(() => {
    if (show) void refetch();
  }, [refetch, show]);
  useProgressLive(onChange);
  if (!show) return <NoAccess page="progressDashboard" />;
  const projects = q.data?.results ?? [];
  return (
    <div data-testid="page-progressDashboard" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('progress.title')}
      </Typography.Title>
      <Refusal error={q.error} />
      {projects.length === 0 && !q.isFetching ? (
        <Empty description={t('progress.none')} />
      ) : (
        <Row gutter={[12, 12]}>
          {projects.map((p) => (
            <Col key={p.projectId} xs={24} md={12} xl={8}>
              <ProjectCard p={p} />
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
