import { useEffect, useRef } from 'react';
import { openLiveSocket } from '@/core/realtime/liveSocket';

/** The event delivery pushes when a project's progress changed (docs/delivery.md). */
export const PROGRESS_CHANGED = 'progress.changed';
/** contracts `socketPath('delivery')`: the gateway routes it to delivery. */
export const PROGRESS_SOCKET_PATH = '/gw/delivery/socket.io';

/**
 * Keeps an open progress dashboard current: one socket.io connection to /gw/delivery/socket.io
 * with the access token; every nudge (a stage completed for a project in the caller's scope)
 * calls `onChange`, and the screen refetches.
 */
export function useProgressLive(onChange: () => void): void {
  // The latest callback, so the one connection lives as long as the screen.
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const socket = openLiveSocket(PROGRESS_SOCKET_PATH);
    socket.on(PROGRESS_CHANGED, () => latest.current());
    return () => {
      socket.close();
    };
  }, []);
}
