import { useEffect, useState } from 'react';
import { Alert, Button, Popconfirm, Progress, Result, Select, Space, Table, Tag, Tooltip, Typography, message } from 'antd';
import { DeleteOutlined, DownloadOutlined, ExportOutlined, RedoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/core/api/errorMessage';
import { useAppSelector } from '@/core/store';
import { ReportTaskStatus } from '@/shared/contracts';
import { fetchProtected, saveBlob } from '@/shared/download';
import { useLocale } from '@/shared/useLocale';
import { canReport, fileSize, isUnfinished, openReportWindow } from '../logic';
import {
  reportFilePath,
  useReportTasksListQuery,
  useReportTasksRemoveMutation,
  useReportTasksRetryMutation,
  type ReportTaskView,
} from '../reportApi';
import { useReportLive } from '../live';
import { DownloadLog } from './DownloadLog';
import { api } from '@/core/api/api';
import { useDispatch } from 'react-redux';

/** How often the queue asks again while a report is queued or rendering and the socket is not connected. */
export const QUEUE_POLL_MS = 2000;

const STATUS_COLOR: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'success', 3: 'error', 4: 'default' };

/**
 * The download queue (SPEC §2 "Download queue"): the caller's report tasks, paged on the server,
 * with live progress pushed over socket.io (polled every 2 s only while the socket is not connected
 * and a report is unfinished), download, open in a window
 * (PDF; the loaded-report memory), retry of a failed one and removal.
 */
export function Component() {
  const { t } = useTranslation('report');
  const locale = useLocale();
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 10 });
  const [status, setStatus] = useState<number[] | undefined>();
  const [busy, setBusy] = useState(false);
  const allowed = canReport(denied);
  const live = useReportLive(allowed);
  const [poll, setPoll] = useState(0);
  const q = useReportTasksListQuery(
    { ...page, status, fieldToSort: 'createdAt', descending: true },
    { skip: !allowed, pollingInterval: poll },
  );
  const unfinished = (q.data?.results ?? []).some((r) => isUnfinished(r.status));
  useEffect(() => setPoll(unfinished && live !== 'live' ? QUEUE_POLL_MS : 0), [unfinished, live]);
  const [retry, retrying] = useReportTasksRetryMutation();
  const [remove] = useReportTasksRemoveMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const dispatch = useDispatch();

  if (!allowed) return <Result status="403" title={t('noAccess')} data-testid="queue-no-access" />;

  const download = async (r: ReportTaskView) => {
    setBusy(true);
    setFailure(null);
    try {
      const f = await fetchProtected(reportFilePath(r.id));
      saveBlob(f.blob, f.name ?? r.fileName ?? `report.${r.format}`);
      // The download is in the log now.
      dispatch(api.util.invalidateTags(['report tasks' as never]));
    } catch (e) {
      setFailure((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const open = (r: ReportTaskView, force: boolean) => {
    setFailure(null);
    openReportWindow(r.id, async () => URL.createObjectURL((await fetchProtected(reportFilePath(r.id))).blob), { force }).then(
      (outcome) => outcome === 'focused' && void message.info(t('queue.alreadyOpen')),
      (e: Error) => setFailure(e.message),
    );
  };

  return (
    <div data-testid="page-downloadQueue" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('queue.title')}
      </Typography.Title>
      <Space>
        <Select
          allowClear
          style={{ minWidth: 180 }}
          placeholder={t('queue.allStatuses')}
          options={Object.values(ReportTaskStatus).map((s) => ({ value: s, label: t(`status.${s}`) }))}
          onChange={(v?: number) => {
            setStatus(v === undefined ? undefined : [v]);
            setPage((p) => ({ ...p, pageIndex: 1 }));
          }}
          data-testid="queue-status"
        />
      </Space>
      {(failure || q.error || retrying.error) && (
        <Alert type="error" showIcon message={failure ?? errorMessageOf(q.error ?? retrying.error, locale)} data-testid="queue-error" />
      )}
      <Table<ReportTaskView>
        rowKey="id"
        size="small"
        loading={q.isLoading}
        dataSource={q.data?.results ?? []}
        locale={{ emptyText: t('queue.empty') }}
        pagination={{
          current: page.pageIndex,
          pageSize: page.pageSize,
          total: q.data?.totalCount ?? 0,
          onChange: (pageIndex, pageSize) => setPage({ pageIndex, pageSize }),
        }}
        data-testid="queue-table"
        columns={[
          { key: 'scope', title: t('queue.subject'), render: (_: unknown, r) => `${t(`scopes.${r.scopeType}`)}: ${r.scopeName}` },
          { key: 'format', title: t('fields.format'), render: (_: unknown, r) => t(`formats.${r.format}`) },
          { key: 'defects', title: t('queue.defects'), dataIndex: 'defectCount' },
          {
            key: 'status',
            title: t('queue.status'),
            render: (_: unknown, r) =>
              isUnfinished(r.status) ? (
                <div data-testid="queue-progress">
                  <Progress percent={r.progress} size="small" status="active" />
                  <Typography.Text type="secondary">{t(`steps.${r.step ?? 'queued'}`, { defaultValue: r.step ?? '' })}</Typography.Text>
                </div>
              ) : (
                <Tooltip title={r.error?.message}>
                  <Tag color={STATUS_COLOR[r.status]} data-testid="queue-status-tag">
                    {t(`status.${r.status}`)}
                  </Tag>
                </Tooltip>
              ),
          },
          { key: 'why', title: t('queue.reason'), render: (_: unknown, r) => r.error?.message ?? '' },
          { key: 'size', title: t('queue.size'), render: (_: unknown, r) => fileSize(r.fileSize) },
          {
            key: 'created',
            title: t('queue.created'),
            render: (_: unknown, r) => new Date(r.createdAt).toLocaleString(locale === 'zh_cn' ? 'zh-CN' : 'en-GB'),
          },
          {
            key: 'actions',
            render: (_: unknown, r) => (
              <Space size="small">
                {r.status === ReportTaskStatus.DONE && (
                  <Button
                    size="small"
                    icon={<DownloadOutlined />}
                    loading={busy}
                    onClick={() => void download(r)}
                    data-testid="queue-download"
                  >
                    {t('queue.download')}
                  </Button>
                )}
                {r.status === ReportTaskStatus.DONE && r.format === 'pdf' && (
                  <Tooltip title={t('queue.openHint')}>
                    <Button size="small" icon={<ExportOutlined />} onClick={(e) => open(r, e.shiftKey)} data-testid="queue-open">
                      {t('queue.open')}
                    </Button>
                  </Tooltip>
                )}
                {r.status === ReportTaskStatus.FAILED && (
                  <Button size="small" icon={<RedoOutlined />} onClick={() => void retry({ id: r.id })} data-testid="queue-retry">
                    {t('queue.retry')}
                  </Button>
                )}
                <Popconfirm
                  title={t('queue.removeConfirm')}
                  okText={t('queue.remove')}
                  cancelText={t('dialog.cancel')}
                  onConfirm={() => void remove({ id: r.id })}
                >
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('queue.remove')}
                    data-testid="queue-remove"
                  />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <DownloadLog />
    </div>
  );
}
