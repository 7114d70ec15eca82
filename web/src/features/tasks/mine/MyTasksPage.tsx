import { TaskListScreen } from '../components/TaskListScreen';

/** /qaCenter/myTasks: the tasks whose current stage I hold, with release and details (SPEC §2, §3). */
export function Component() {
  return <TaskListScreen kind="mine" />;
}
