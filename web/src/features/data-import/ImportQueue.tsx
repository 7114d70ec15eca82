import { useState } from 'react';
import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSheetImportsListQuery, type SheetImportView } from './importApi';

/** The import queue: imports in the caller's scope, paged on the server, newest first. */
export function ImportQueue() {
  const { t } = useTranslation('dataImport');
  const [page, setPage] = useState(1);
  const list = useSheetImportsListQuery({ pageIndex: page, pageSize: 10, fieldToSort: 'createdAt', descending: true });
  return (
    <Card size="small" title={t('queue.title')}>
      <Table<SheetImportView>
        size="small"
        data-testid="import-queue"
        rowKey="sheetImportId"
        loading={list.isFetching}
        dataSource={list.data?.results ?? []}
        pagination={{ current: page, pageSize: 10, total: list.data?.totalCount ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('basic.park'), dataIndex: 'windfarmName' },
          { title: t('queue.file'), dataIndex: 'fileName' },
          { title: t('status'), dataIndex: 'statusName' },
          { title: t('queue.task'), dataIndex: 'taskStatusName' },
          { title: t('queue.progress'), dataIndex: 'progressName' },
          { title: t('queue.created'), dataIndex: 'createdAt', render: (v: string) => v.slice(0, 16).replace('T', ' ') },
        ]}
      />
    </Card>
  );
}
