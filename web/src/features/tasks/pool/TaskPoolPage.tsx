import { TaskListScreen } from '../components/TaskListScreen';

/** /qaCenter/taskPool: unheld ready/overtime tasks to pick, with today's and per-stage summary (SPEC §2, §3). */
export function Component() {
  return <TaskListScreen kind="pool" />;
}
