import { useState } from 'react';
import { Alert, Table, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/core/api/errorMessage';
import { useLocale } from '@/shared/useLocale';
import { fileSize } from '../logic';
import { useReportTasksDownloadsQuery, type ReportDownloadView } from '../reportApi';

type SortField = 'downloadedAt' | 'fileName';

/**
 * The download log under the queue: which report file the caller downloaded and when (one row per
 * download, kept after the report left the queue), paged and sorted on the server.
 */
export function DownloadLog() {
  const { t } = useTranslation('report');
  const locale = useLocale();
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 10 });
  const [sort, setSort] = useState<{ fieldToSort: SortField; descending: boolean }>({ fieldToSort: 'downloadedAt', descending: true });
  const q = useReportTasksDownloadsQuery({ ...page, ...sort });
  const order = (f: SortField) => (sort.fieldToSort === f ? (sort.descending ? 'descend' : 'ascend') : null);
  return (
    <div data-testid="download-log" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('log.title')}
      </Typography.Title>
      {q.error && <Alert type="error" showIcon message={errorMessageOf(q.error, locale)} data-testid="download-log-error" />}
      <Table<ReportDownloadView>
        rowKey="id"
        size="small"
        loading={q.isLoading}
        dataSource={q.data?.results ?? []}
        locale={{ emptyText: t('log.empty') }}
        pagination={{
          current: page.pageIndex,
          pageSize: page.pageSize,
          total: q.data?.totalCount ?? 0,
        }}
        onChange={(p, _filters, sorter) => {
          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<ReportDownloadView> | undefined;
          const field = (s?.order ? s.columnKey : undefined) as SortField | undefined;
          setSort(field ? { fieldToSort: field, descending: s!.order === 'descend' } : { fieldToSort: 'downloadedAt', descending: true });
          setPage({ pageIndex: p.current ?? 1, pageSize: p.pageSize ?? 10 });
        }}
        columns={[
          {
            key: 'downloadedAt',
            title: t('log.downloadedAt'),
            sorter: true,
            sortOrder: order('downloadedAt'),
            render: (_: unknown, r) => new Date(r.downloadedAt).toLocaleString(locale === 'zh_cn' ? 'zh-CN' : 'en-GB'),
          },
          { key: 'fileName', title: t('log.file'), sorter: true, sortOrder: order('fileName'), dataIndex: 'fileName' },
          { key: 'scope', title: t('queue.subject'), dataIndex: 'scopeName' },
          { key: 'format', title: t('fields.format'), render: (_: unknown, r) => t(`formats.${r.format}`) },
          { key: 'size', title: t('queue.size'), render: (_: unknown, r) => fileSize(r.fileSize) },
          { key: 'user', title: t('log.user'), dataIndex: 'userName' },
        ]}
        data-testid="download-log-table"
      />
    </div>
  );
}
