import { Badge, Button } from 'antd';
import { CloudDownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '@/core/store';
import { ReportTaskStatus } from '@/shared/contracts';
import { canReport } from '../logic';
import { useReportTasksListQuery } from '../reportApi';
import { DOWNLOAD_QUEUE_PATH } from '../dialog/ReportDialog';
import { useReportLive } from '../live';

/**
 * The header's download-queue button: how many reports are still queued or rendering. Kept current
 * by the report socket (pushed changes); polled only while the socket is not connected.
 */
export function DownloadQueueBadge() {
  const { t } = useTranslation('report');
  const navigate = useNavigate();
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  const allowed = canReport(denied);
  const live = useReportLive(allowed);
  const q = useReportTasksListQuery(
    { pageSize: 1, status: [ReportTaskStatus.QUEUED, ReportTaskStatus.RENDERING] },
    { skip: !allowed, pollingInterval: live === 'live' ? 0 : 5000 },
  );
  if (!allowed) return null;
  const count = q.data?.totalCount ?? 0;
  return (
    // data-count: the count now (antd keeps the old number on screen while its zoom-out runs).
    <Badge count={count} size="small" data-testid="queue-badge" data-count={count}>
      <Button
        type="text"
        icon={<CloudDownloadOutlined />}
        onClick={() => navigate(DOWNLOAD_QUEUE_PATH)}
        aria-label={t('queue.title')}
        data-testid="queue-badge-button"
      />
    </Badge>
  );
}
