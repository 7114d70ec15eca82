import { io, type Socket } from 'socket.io-client';
import { getAccessToken } from '@/core/session/session';
import { renewAccess } from '@/core/session/renew';
import { LIVE_TRANSPORTS } from './transports';

/** What a service says when the user's roles, rights or data scope changed (issue #16). */
export const ACCESS_CHANGED = 'ACCESS_CHANGED';

/**
 * The one way the console opens a live connection to a service: socket.io through the gateway,
 * the current access token in every handshake. A socket's rooms follow the scope of the token it
 * connected with, so when the user's access changes the service closes it (`access_changed`) or
 * refuses its handshake (ACCESS_CHANGED): the token is renewed and the socket connects again
 * with the new scope. A socket its screen has let go of (listeners removed) stays closed.
 */
export function openLiveSocket(path: string): Socket {
  const socket = io(window.location.origin, { path, ...LIVE_TRANSPORTS, auth: (cb) => cb({ token: getAccessToken(localStorage) ?? '' }) });
  const renewAndReconnect = (): void => {
    void renewAccess().then((renewed) => {
      if (renewed && socket.hasListeners('access_changed')) socket.connect();
    });
  };
  socket.on('access_changed', renewAndReconnect);
  socket.on('connect_error', (error: Error & { data?: { code?: unknown } }) => {
    if (error?.data?.code === ACCESS_CHANGED) renewAndReconnect();
  });
  return socket;
}
