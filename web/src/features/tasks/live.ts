import { useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import { openLiveSocket } from '@/core/realtime/liveSocket';
import type { AppDispatch, RootState } from '@/core/store';
import { socketPath } from './contracts';
import { applyTaskChange, maxVersion } from './logic';
import { tasksApi, type TaskChangesView, type TaskListKind, type TaskView } from './tasksApi';

/*
 * Live task lists (docs/task-flow.md "Live updates"): one socket.io connection to
 * /gw/task/socket.io with the access token in the handshake; `task.changed` items are applied to
 * the cached pool / my-tasks / today / history pages in place (or the lists refetch when a task newly belongs),
 * `dashboard.changed` refetches the summary, and after a reconnect (or on `resync`) a `sync`
 * with the last version seen catches up — `complete: false` refetches everything.
 */

export const TASK_SOCKET_PATH = socketPath('task-flow');

type TasksState = Parameters<typeof tasksApi.util.selectCachedArgsForQuery>[0];
type ListEndpoint = 'tasksPool' | 'tasksMine' | 'tasksAll' | 'tasksToday';
const cachedArgs = (state: RootState, endpoint: ListEndpoint) =>
  tasksApi.util.selectCachedArgsForQuery(state as unknown as TasksState, endpoint);

const LIST_ENDPOINTS: Record<TaskListKind, ListEndpoint> = { pool: 'tasksPool', mine: 'tasksMine', all: 'tasksAll', today: 'tasksToday' };
const LIST_KINDS = Object.keys(LIST_ENDPOINTS) as TaskListKind[];

/** The answer to `sync`: the same shape as GET /tasks/changes. */
export type SyncAnswer = TaskChangesView;

/** Applies one changed task to every cached list page; returns whether anything must refetch. */
export function applyChangedTask(dispatch: AppDispatch, state: RootState, task: TaskView, userId: string | null | undefined): void {
  let refetch = false;
  for (const kind of LIST_KINDS) {
    const endpoint = LIST_ENDPOINTS[kind];
    for (const args of cachedArgs(state, endpoint)) {
      const cached = tasksApi.endpoints[endpoint].select(args)(state as unknown as TasksState).data;
      if (!cached) continue;
      const outcome = applyTaskChange(cached, task, kind, args, userId);
      if (outcome.kind === 'updated') dispatch(tasksApi.util.updateQueryData(endpoint, args, () => outcome.page));
      else if (outcome.kind === 'refetch') refetch = true;
    }
  }
  const tags: Parameters<typeof tasksApi.util.invalidateTags>[0] = [{ type: 'TaskDetail', id: task.taskId }, 'StageCenter'];
  if (refetch) tags.push('TaskList');
  dispatch(tasksApi.util.invalidateTags(tags));
}

/** The highest version among the cached list rows (the `since` when no message was seen yet). */
export function cachedVersion(state: RootState): number {
  let v = 0;
  for (const endpoint of Object.values(LIST_ENDPOINTS)) {
    for (const args of cachedArgs(state, endpoint)) {
      v = maxVersion(tasksApi.endpoints[endpoint].select(args)(state as unknown as TasksState).data?.results ?? [], v);
    }
  }
  return v;
}

export type LiveStatus = 'connecting' | 'live' | 'offline';

export interface LiveDeps {
  dispatch: AppDispatch;
  getState: () => RootState;
  onStatus?: (status: LiveStatus) => void;
}

/** Wires a socket to the store; returns the disconnect. */
export function startTaskLive(deps: LiveDeps): () => void {
  const socket = openLiveSocket(TASK_SOCKET_PATH);
  const userId = (): string | null => deps.getState().session.personalInfo?.id ?? null;
  let lastVersion = 0;
  let connectedBefore = false;

  const sync = (): void => {
    const since = Math.max(lastVersion, cachedVersion(deps.getState()));
    socket.emit('sync', since > 0 ? { since } : {}, (answer: SyncAnswer | undefined) => {
      if (!answer) return;
      lastVersion = Math.max(lastVersion, answer.latestVersion ?? 0);
      if (!answer.complete) {
        deps.dispatch(tasksApi.util.invalidateTags(['TaskList', 'TaskSummary', 'StageCenter', 'TaskDetail']));
        return;
      }
      for (const task of answer.tasks ?? []) applyChangedTask(deps.dispatch, deps.getState(), task, userId());
      deps.dispatch(tasksApi.util.invalidateTags(['TaskSummary']));
    });
  };

  socket.on('connect', () => {
    deps.onStatus?.('live');
    // The first connection follows the lists' own fetch; every later one has missed messages.
    if (connectedBefore || lastVersion > 0) sync();
    connectedBefore = true;
  });
  socket.on('disconnect', () => deps.onStatus?.('offline'));
  socket.on('connect_error', () => deps.onStatus?.('offline'));
  socket.on('task.changed', (task: TaskView) => {
    if (!task || typeof task.taskId !== 'string') return;
    lastVersion = Math.max(lastVersion, task.version ?? 0);
    applyChangedTask(deps.dispatch, deps.getState(), task, userId());
  });
  socket.on('dashboard.changed', () => deps.dispatch(tasksApi.util.invalidateTags(['TaskSummary'])));
  socket.on('resync', () => sync());

  return () => {
    socket.removeAllListeners();
    socket.disconnect();
  };
}

/** Keeps the task lists of the mounted screen live; returns the connection state. */
export function useTaskLive(enabled = true): LiveStatus {
  const store = useStore<RootState>();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  useEffect(
    () => (enabled ? startTaskLive({ dispatch: store.dispatch as AppDispatch, getState: store.getState, onStatus: setStatus }) : undefined),
    [store, enabled],
  );
  return status;
}
