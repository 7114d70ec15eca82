import { useState } from 'react';
import { Alert, App, Button, DatePicker, Form, Segmented, Select, Space, Table, Typography } from 'antd';
import type { TableProps } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { errorMessage, percent } from '../logic';
import {
  taskPaths,
  useQaChangeRatesQuery,
  useTaskCustomersQuery,
  type ChangeRateView,
  type QaChangeRatesApiArg,
} from '../tasksApi';
import { DownloadError, downloadFile } from './download';

type ChangeRateGroup = NonNullable<QaChangeRatesApiArg['groupBy']>;

interface Query {
  groupBy: ChangeRateGroup;
  range: [Dayjs, Dayjs] | null;
  customerId?: string;
}

/** The change-rate query: whole days of the range as instants, the customer when chosen. */
function changeRateParams(q: Query): QaChangeRatesApiArg {
  const p: QaChangeRatesApiArg = { groupBy: q.groupBy };
  if (q.range) {
    p.startTime = q.range[0].startOf('day').toISOString();
    p.endTime = q.range[1].endOf('day').toISOString();
  }
  if (q.customerId) p.customerId = q.customerId;
  return p;
}

/**
 * Change-rate statistics (tab.changeRateStatistics): per labeler or reviewer, the review counts and
 * (added + deleted + modified) / (correct + modified + added) with and without deletions, computed
 * by the server; the same figures download as an Excel workbook.
 */
export function ChangeRatePanel() {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const { message } = App.useApp();
  const [query, setQuery] = useState<Query>({ groupBy: 'labeler', range: null });
  const [exporting, setExporting] = useState(false);
  const params = changeRateParams(query);
  const q = useQaChangeRatesQuery(params);
  const customers = useTaskCustomersQuery();

  const exportExcel = async (): Promise<void> => {
    setExporting(true);
    try {
      await downloadFile(taskPaths.changeRateExport, params, 'change-rate.xlsx');
    } catch (e) {
      void message.error(e instanceof DownloadError ? e.message : t('flow.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const who = query.groupBy === 'labeler' ? t('flow.labeler') : t('flow.reviewer');
  const columns: TableProps<ChangeRateView>['columns'] = [
    { key: 'userName', dataIndex: 'userName', title: who, render: (v: string | null) => v || '–' },
    { key: 'reviewCount', dataIndex: 'reviewCount', title: t('flow.reviews'), align: 'right' },
    { key: 'failCount', dataIndex: 'failCount', title: t('flow.failed'), align: 'right' },
    { key: 'added', dataIndex: 'added', title: t('qa.counts.added'), align: 'right' },
    { key: 'deleted', dataIndex: 'deleted', title: t('qa.counts.deleted'), align: 'right' },
    { key: 'modified', dataIndex: 'modified', title: t('qa.counts.modified'), align: 'right' },
    { key: 'correct', dataIndex: 'correct', title: t('qa.counts.correct'), align: 'right' },
    { key: 'changeRate', dataIndex: 'changeRate', title: t('flow.changeRate'), align: 'right', render: (v: number) => percent(v) },
    {
      key: 'changeRateWithoutDeletions',
      dataIndex: 'changeRateWithoutDeletions',
      title: t('flow.changeRateWithoutDeletions'),
      align: 'right',
      render: (v: number) => percent(v),
    },
  ];

  return (
    <div data-testid="change-rate">
      <Typography.Paragraph type="secondary">{t('flow.changeRateIntro')}</Typography.Paragraph>
      <Form layout="inline" className="tasks-page__filters">
        <Form.Item label={t('flow.groupBy')}>
          <Segmented<ChangeRateGroup>
            data-testid="change-rate-group"
            value={query.groupBy}
            onChange={(groupBy) => setQuery((s) => ({ ...s, groupBy }))}
            options={[
              { value: 'labeler', label: t('flow.labeler') },
              { value: 'reviewer', label: t('flow.reviewer') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('flow.period')}>
          <DatePicker.RangePicker
            value={query.range}
            onChange={(r) => setQuery((s) => ({ ...s, range: r && r[0] && r[1] ? [r[0], r[1]] : null }))}
          />
        </Form.Item>
        <Form.Item label={t('filters.customer')} htmlFor="change-rate-customer">
          <Select
            id="change-rate-customer"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 180 }}
            value={query.customerId}
            onChange={(customerId?: string) => setQuery((s) => ({ ...s, customerId }))}
            options={(customers.data ?? []).map((c) => ({ value: c.customerId, label: c.customerName }))}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button icon={<FileExcelOutlined />} loading={exporting} onClick={() => void exportExcel()} data-testid="change-rate-export">
              {t('flow.export')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      {q.error && <Alert type="error" showIcon title={errorMessage(q.error, locale, taskPaths.changeRate)} />}
      <Table<ChangeRateView>
        size="small"
        rowKey="userId"
        data-testid="change-rate-table"
        loading={q.isFetching}
        columns={columns}
        dataSource={q.data?.results ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: t('flow.noChangeRates') }}
      />
    </div>
  );
}
