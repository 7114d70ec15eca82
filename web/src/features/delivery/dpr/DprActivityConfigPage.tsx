import { Button, Card, Form, Input, Popconfirm, Select, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/core/store';
import { hasRight, Rights } from '@/shared/contracts';
import type { DprActivityView, DprTemplateView } from '@/core/api/generated/delivery';
import { Refusal, NoAccess } from '../shared';
import {
  useDprConfigActivitiesQuery,
  useDprConfigCreateActivityMutation,
  useDprConfigCreateTemplateMutation,
  useDprConfigRemoveActivityMutation,
  useDprConfigRemoveTemplateMutation,
  useDprConfigTemplatesQuery,
} from '../deliveryApi';
import { useSeedText } from '@/shared/useSeedText';

/**
 * DPR activity configuration (SPEC §2 /configuration/dprActivityConfig): activities and the
 * templates listing them. An activity a template lists (-8001) and a template a project uses
 * (-8002) stay; the server's refusal is shown translated.
 */
export function Component() {
  const { t } = useTranslation('delivery');
  const st = useSeedText();
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  const edit = hasRight(denied, Rights.DPR_ACTIVITY_CONFIG_EDIT);
  const show = edit || hasRight(denied, Rights.DPR_ACTIVITY_CONFIG_SHOW);
  const activities = useDprConfigActivitiesQuery({ pageSize: 500, fieldToSort: 'name', descending: false }, { skip: !show });
  const templates = useDprConfigTemplatesQuery({ pageSize: 500, fieldToSort: 'name', descending: false }, { skip: !show });
  const [addActivity, addedActivity] = useDprConfigCreateActivityMutation();
  const [removeActivity, removedActivity] = useDprConfigRemoveActivityMutation();
  const [addTemplate, addedTemplate] = useDprConfigCreateTemplateMutation();
  const [removeTemplate, removedTemplate] = useDprConfigRemoveTemplateMutation();
  const [activityForm] = Form.useForm<{ name: string; unit?: string }>();
  const [templateForm] = Form.useForm<{ name: string; activityIds: string[] }>();
  if (!show) return <NoAccess page="dprActivityConfig" />;
  const reset = () => [addedActivity, removedActivity, addedTemplate, removedTemplate].forEach((x) => x.reset());
  const deleteButton = (onConfirm: () => void, testId: string) => (
    <Popconfirm title={t('confirmDelete')} okText={t('delete')} cancelText={t('cancel')} onConfirm={onConfirm}>
      <Button size="small" danger data-testid={testId}>
        {t('delete')}
      </Button>
    </Popconfirm>
  );
  return (
    <div data-testid="page-dprActivityConfig" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('dprConfig.title')}
      </Typography.Title>
      <Refusal error={addedActivity.error ?? removedActivity.error ?? addedTemplate.error ?? removedTemplate.error} testId="dpr-config-error" />
      <Card size="small" title={t('dprConfig.activities')}>
        {edit && (
          <Form
            form={activityForm}
            layout="inline"
            style={{ marginBottom: 12 }}
            onFinish={async (v) => {
              reset();
              const r = await addActivity({ saveDprActivityDto: { name: v.name, unit: v.unit || null } });
              if (!('error' in r)) activityForm.resetFields();
            }}
          >
            <Form.Item name="name" rules={[{ required: true, whitespace: true, message: t('required') }]}>
              <Input placeholder={t('dprConfig.activityName')} data-testid="activity-name" />
            </Form.Item>
            <Form.Item name="unit">
              <Input placeholder={t('dprConfig.unit')} data-testid="activity-unit" />
            </Form.Item>
            <Button type="primary" htmlType="submit" data-testid="activity-add">
              {t('add')}
            </Button>
          </Form>
        )}
        <Table<DprActivityView>
          rowKey="activityId"
          size="small"
          pagination={false}
          loading={activities.isFetching}
          dataSource={activities.data?.results ?? []}
          data-testid="activity-table"
          columns={[
            { title: t('dprConfig.activityName'), dataIndex: 'name', render: (v: string) => st(v) },
            { title: t('dprConfig.unit'), dataIndex: 'unit', render: (v: string | null) => st(v) },
            { title: t('dprConfig.templateCount'), dataIndex: 'templateCount' },
            ...(edit ? [{ title: t('actions'), render: (_: unknown, a: DprActivityView) => deleteButton(() => { reset(); void removeActivity({ id: a.activityId }); }, 'activity-delete') }] : []),
          ]}
        />
      </Card>
      <Card size="small" title={t('dprConfig.templates')}>
        {edit && (
          <Form
            form={templateForm}
            layout="inline"
            style={{ marginBottom: 12 }}
            onFinish={async (v) => {
              reset();
              const r = await addTemplate({ saveDprTemplateDto: { name: v.name, activityIds: v.activityIds ?? [] } });
              if (!('error' in r)) templateForm.resetFields();
            }}
          >
            <Form.Item name="name" rules={[{ required: true, whitespace: true, message: t('required') }]}>
              <Input placeholder={t('dprConfig.templateName')} data-testid="template-name" />
            </Form.Item>
            <Form.Item name="activityIds">
              <Select
                mode="multiple"
                style={{ minWidth: 260 }}
                placeholder={t('dprConfig.activities')}
                options={(activities.data?.results ?? []).map((a) => ({ value: a.activityId, label: a.name }))}
                data-testid="template-activities"
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" data-testid="template-add">
              {t('add')}
            </Button>
          </Form>
        )}
        <Table<DprTemplateView>
          rowKey="templateId"
          size="small"
          pagination={false}
          loading={templates.isFetching}
          dataSource={templates.data?.results ?? []}
          data-testid="dpr-template-table"
          columns={[
            { title: t('dprConfig.templateName'), dataIndex: 'name', render: (v: string) => st(v) },
            { title: t('dprConfig.activities'), render: (_: unknown, x: DprTemplateView) => x.activities.map((a) => a.name).join(', ') },
            { title: t('dprConfig.projectCount'), dataIndex: 'projectCount' },
            ...(edit ? [{ title: t('actions'), render: (_: unknown, x: DprTemplateView) => deleteButton(() => { reset(); void removeTemplate({ id: x.templateId }); }, 'dpr-template-delete') }] : []),
          ]}
        />
      </Card>
    </div>
  );
}
