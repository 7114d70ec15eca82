import { useEffect, useRef } from 'react';
import { io } from 'socket.io-client';
import { getAccessToken } from '@/core/session/session';

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
    const socket = io(window.location.origin, { path: PROGRESS_SOCKET_PATH, auth: (cb) => cb({ token: getAccessToken() ?? '' }) });
    socket.on(PROGRESS_CHANGED, () => latest.current());
    return () => {
      socket.close();
    };
  }, []);
}
