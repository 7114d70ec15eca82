import { useEffect, useSyncExternalStore } from 'react';
import { useStore } from 'react-redux';
import type { Socket } from 'socket.io-client';
import { openLiveSocket } from '@/core/realtime/liveSocket';
import { socketPath } from '@windward/contracts';
import type { AppDispatch, RootState } from '@/core/store';
import { reportApi } from '@/core/api/generated/report';
import { applyReportChange, type ReportTaskChange } from './logic';

/*
 * Live download queue (docs/reports.md "Live progress"): one socket.io connection to
 * /gw/report/socket.io, shared by the header badge and the queue page, with the access token in
 * the handshake. `report-task.changed` messages (only the caller's own tasks) move the cached
 * pages' progress bars in place; a status change, a new or removed task refetches the lists.
 * While the socket is not connected, the screens fall back to polling.
 */

export const REPORT_SOCKET_PATH = socketPath('report');
export const REPORT_TASK_CHANGED = 'report-task.changed';

export type LiveStatus = 'connecting' | 'live' | 'offline';

type ReportState = Parameters<typeof reportApi.util.selectCachedArgsForQuery>[0];

/** Applies one pushed change to every cached page of the download list. */
export function applyPushedChange(dispatch: AppDispatch, state: RootState, change: ReportTaskChange): void {
  let refetch = false;
  const s = state as unknown as ReportState;
  for (const args of reportApi.util.selectCachedArgsForQuery(s, 'reportTasksList')) {
    const cached = reportApi.endpoints.reportTasksList.select(args)(s).data;
    if (!cached) continue;
    const out = applyReportChange(cached, change);
    if (out.page) {
      const page = out.page;
      dispatch(reportApi.util.updateQueryData('reportTasksList', args, () => page));
    }
    refetch ||= out.refetch;
  }
  if (refetch) dispatch(reportApi.util.invalidateTags(['report tasks']));
}

let socket: Socket | null = null;
let users = 0;
let status: LiveStatus = 'connecting';
const watchers = new Set<() => void>();
const setStatus = (s: LiveStatus) => {
  status = s;
  watchers.forEach((w) => w());
};

function acquire(dispatch: AppDispatch, getState: () => RootState): () => void {
  users += 1;
  if (!socket) {
    setStatus('connecting');
    const s = openLiveSocket(REPORT_SOCKET_PATH);
    socket = s;
    let connectedBefore = false;
    s.on('connect', () => {
      setStatus('live');
      // Messages missed while disconnected: the lists refetch once.
      if (connectedBefore) dispatch(reportApi.util.invalidateTags(['report tasks']));
      connectedBefore = true;
    });
    s.on('disconnect', () => setStatus('offline'));
    s.on('connect_error', () => setStatus('offline'));
    s.on(REPORT_TASK_CHANGED, (change: ReportTaskChange) => applyPushedChange(dispatch, getState(), change ?? {}));
  }
  return () => {
    users -= 1;
    if (users === 0 && socket) {
      socket.removeAllListeners();
      socket.disconnect();
      socket = null;
      setStatus('connecting');
    }
  };
}

/** Keeps the download list live while mounted (one shared connection); returns the connection state. */
export function useReportLive(enabled = true): LiveStatus {
  const store = useStore<RootState>();
  useEffect(() => (enabled ? acquire(store.dispatch as AppDispatch, store.getState) : undefined), [store, enabled]);
  return useSyncExternalStore(
    (w) => {
      watchers.add(w);
      return () => watchers.delete(w);
    },
    () => status,
  );
}
