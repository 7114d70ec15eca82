import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LiveStatus } from '../live';

/** The state of the live connection (socket.io) of a task screen. */
export function LiveBadge({ live }: { live: LiveStatus }) {
  const { t } = useTranslation('tasks');
  return (
    <Badge
      status={live === 'live' ? 'success' : live === 'connecting' ? 'processing' : 'default'}
      text={t(`live.${live}`)}
      data-testid="live-status"
      data-live={live}
    />
  );
}
