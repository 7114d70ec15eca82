/** The tasks feature's public API: what the shell and other features may import. */
export {
  useCompleteStageMutation,
  usePickTaskMutation,
  useSubmitQaMutation,
  useTaskQuery,
  type TaskDetail,
  type TaskStageRow,
} from './tasksApi';
export { StageClosedNotice, closedStageOf, useStageWindow, type StageTask } from './stageWindow';
export * from './pages';
