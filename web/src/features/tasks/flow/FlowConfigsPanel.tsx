import { Alert, Space, Table, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { COMPONENT_TYPE_LABELS, labelOf, type ComponentType } from '../contracts';
import { errorMessage } from '../logic';
import { taskPaths, useTasksFlowConfigsQuery, type CustomerFlowConfigsView, type FlowConfigView } from '../tasksApi';
import { stageLabel } from '../components/StageProgress';

/** The customers' flow configs as task-flow knows them: which optional stages run per component type. Read only (edited with the customer). */
export function FlowConfigsPanel({ canOpenCustomers }: { canOpenCustomers: boolean }) {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const q = useTasksFlowConfigsQuery();

  const config = (c: FlowConfigView) => (
    <div key={c.componentType} className="flow-config">
      <Typography.Text strong>
        {labelOf(COMPONENT_TYPE_LABELS, c.componentType as ComponentType, locale) ?? c.componentType}
      </Typography.Text>{' '}
      {c.features.length === 0 ? (
        <Typography.Text type="secondary">{t('flow.mandatoryOnly')}</Typography.Text>
      ) : (
        c.features.map((f) => (
          <Tag key={f} color="blue">
            {t(`flow.feature.${f}`, { defaultValue: f })}
          </Tag>
        ))
      )}
      {c.taskStages && c.taskStages.length > 0 && (
        <Typography.Text type="secondary">
          {t('flow.onlyStages', { stages: c.taskStages.map((s) => stageLabel(s, locale)).join(', ') })}
        </Typography.Text>
      )}
    </div>
  );

  const columns: TableProps<CustomerFlowConfigsView>['columns'] = [
    { key: 'customerName', dataIndex: 'customerName', title: t('columns.customer'), width: 240 },
    {
      key: 'configs',
      title: t('flow.configs'),
      render: (_: unknown, r: CustomerFlowConfigsView) =>
        r.flowConfigs.length === 0 ? (
          <Typography.Text type="secondary">{t('flow.noConfig')}</Typography.Text>
        ) : (
          <Space orientation="vertical" size={4}>
            {r.flowConfigs.map(config)}
          </Space>
        ),
    },
  ];

  return (
    <div data-testid="flow-configs">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        data-testid="flow-configs-note"
        title={t('flow.configsNote')}
        description={
          canOpenCustomers ? (
            <Link to="/configuration/userCenter?tab=customers">{t('flow.openCustomers')}</Link>
          ) : (
            t('flow.askCustomerAdmin')
          )
        }
      />
      {q.error && <Alert type="error" showIcon title={errorMessage(q.error, locale, taskPaths.flowConfigs)} />}
      <Table<CustomerFlowConfigsView>
        size="small"
        rowKey="customerId"
        data-testid="flow-configs-table"
        loading={q.isFetching && !q.data}
        columns={columns}
        dataSource={q.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: t('flow.noCustomers') }}
      />
    </div>
  );
}
