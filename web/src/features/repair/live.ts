import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { openLiveSocket } from '@/core/realtime/liveSocket';
import { api } from '@/core/api/api';
import { socketPath } from './contracts';

/** Where the repair service pushes `campaign.changed` (docs/repair.md "Live updates"). */
export const REPAIR_SOCKET_PATH = socketPath('repair');

export type LiveStatus = 'connecting' | 'live' | 'offline';

/**
 * Live campaign progress: one socket.io connection with the access token in the handshake; a
 * `campaign.changed` message makes every repair campaign query refetch (the HTTP answers apply
 * the caller's scope, so the socket carries only ids).
 */
export function useCampaignLive(enabled = true): LiveStatus {
  const dispatch = useDispatch();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  useEffect(() => {
    if (!enabled) return undefined;
    const socket = openLiveSocket(REPAIR_SOCKET_PATH);
    socket.on('connect', () => setStatus('live'));
    socket.on('disconnect', () => setStatus('offline'));
    socket.on('connect_error', () => setStatus('offline'));
    socket.on('campaign.changed', () => {
      dispatch(api.util.invalidateTags(['repair campaigns' as never]));
    });
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [dispatch, enabled]);
  return status;
}
