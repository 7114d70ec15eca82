import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { io } from 'socket.io-client';
import { api } from '@/core/api/api';
import { getAccessToken } from '@/core/session/session';
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
    const socket = io(window.location.origin, { path: REPAIR_SOCKET_PATH, auth: (cb) => cb({ token: getAccessToken() ?? '' }) });
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
