import { Button, Form, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '@/core/store';
import { hasRight, Rights } from '@/shared/contracts';
import { Refusal, NoAccess } from '../shared';
import { DprPhotos } from './DprPhotos';
import { useDprConfigTemplatesQuery, useDprsSubmitMutation, useProjectsListQuery } from '../deliveryApi';

interface Line {
  activityId: string;
  name: string;
  planned: number;
  done: number;
}

/**
 * Daily progress submission (SPEC §2 /deliveryManagement/dpr): the campaign manager picks a
 * project and a day and reports planned versus done for each activity of the project's DPR
 * template, with weather, downtime and comments.
 */
export function Component() {
  const { t } = useTranslation('delivery');
  const navigate = useNavigate();
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  const may = hasRight(denied, Rights.CAMPAIGN_MANAGER_SHOW);
  const projects = useProjectsListQuery({ pageSize: 500, fieldToSort: 'projectName', descending: false, projectStatusType: 2 }, { skip: !may });
  const templates = useDprConfigTemplatesQuery({ pageSize: 500, fieldToSort: 'name', descending: false }, { skip: !may });
  const [submit, submitted] = useDprsSubmitMutation();
  const [projectId, setProjectId] = useState<string | undefined>();
  const [lines, setLines] = useState<Line[]>([]);
  const [photos, setPhotos] = useState<string[]>([]);
  const [form] = Form.useForm<{ reportDate: string; weather?: string; downtimeHours?: number; comments?: string }>();
  if (!may) return <NoAccess page="dpr" />;
  const pick = (id: string) => {
    setProjectId(id);
    const p = projects.data?.results.find((x) => x.projectId === id);
    const tpl = templates.data?.results.find((x) => x.templateId === p?.dprTemplateId);
    setLines((tpl?.activities ?? []).map((a) => ({ activityId: a.activityId, name: a.name, planned: 0, done: 0 })));
  };
  const setLine = (i: number, key: 'planned' | 'done', v: number | null) => setLines((ls) => ls.map((l, j) => (j === i ? { ...l, [key]: v ?? 0 } : l)));
  return (
    <div data-testid="page-dpr" style={{ display: 'flex', flexDirection: 'column', gap: 12, maxWidth: 760 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('dpr.submitTitle')}
      </Typography.Title>
      <Select
        placeholder={t('fields.project')}
        value={projectId}
        onChange={pick}
        options={(projects.data?.results ?? []).map((p) => ({ value: p.projectId, label: p.projectName }))}
        data-testid="dpr-project"
      />
      <Table<Line>
        rowKey="activityId"
        size="small"
        pagination={false}
        dataSource={lines}
        locale={{ emptyText: t('dpr.noActivities') }}
        columns={[
          { title: t('dpr.activity'), dataIndex: 'name' },
          { title: t('dpr.planned'), render: (_: unknown, l, i) => <InputNumber min={0} value={l.planned} onChange={(v) => setLine(i, 'planned', v)} data-testid={`dpr-planned-${i}`} /> },
          { title: t('dpr.done'), render: (_: unknown, l, i) => <InputNumber min={0} value={l.done} onChange={(v) => setLine(i, 'done', v)} data-testid={`dpr-done-${i}`} /> },
        ]}
      />
      <Form
        form={form}
        layout="vertical"
        onFinish={async (v) => {
          if (!projectId) return;
          const r = await submit({
            saveDprDto: {
              projectId,
              reportDate: v.reportDate,
              items: lines.map((l) => ({ activityId: l.activityId, planned: l.planned, done: l.done })),
              ...(v.weather ? { weather: v.weather } : {}),
              ...(v.downtimeHours != null ? { downtimeHours: v.downtimeHours } : {}),
              ...(v.comments ? { comments: v.comments } : {}),
              photos,
            },
          });
          if (!('error' in r)) navigate(`/deliveryManagement/dprList/dprDetail?id=${r.data.dprId}`);
        }}
      >
        <Space>
          <Form.Item name="reportDate" label={t('dpr.date')} rules={[{ required: true, message: t('required') }]}>
            <Input type="date" data-testid="dpr-date" />
          </Form.Item>
          <Form.Item name="weather" label={t('dpr.weather')}>
            <Input data-testid="dpr-weather" />
          </Form.Item>
          <Form.Item name="downtimeHours" label={t('dpr.downtime')}>
            <InputNumber min={0} max={24} data-testid="dpr-downtime" />
          </Form.Item>
        </Space>
        <Form.Item name="comments" label={t('dpr.comments')}>
          <Input.TextArea rows={3} data-testid="dpr-comments" />
        </Form.Item>
        <Form.Item label={t('dpr.photos')}>
          <DprPhotos photoIds={photos} onChange={setPhotos} />
        </Form.Item>
        <Refusal error={submitted.error} testId="dpr-submit-error" />
        <Button type="primary" htmlType="submit" disabled={!projectId} loading={submitted.isLoading} data-testid="dpr-submit" style={{ marginTop: 12 }}>
          {t('dpr.submit')}
        </Button>
      </Form>
    </div>
  );
}
