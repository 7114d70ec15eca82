/** The tasks feature's public API: what the shell and other features may import. */
// The task-flow endpoints the work tools share with the task screens (one set of tags and flags).
export {
  useQaResultsQuery,
  useQaSubmitMutation,
  useTasksCompleteMutation,
  useTasksGetQuery,
  useTasksPickMutation,
  useTasksSpentTimeMutation,
  type QaResultView,
  type SubmitQaDto,
  type TaskDetailView,
  type TaskStageView,
} from './tasksApi';
export { StageClosedNotice, closedStageOf, useStageWindow, type StageTask } from './stageWindow';
export * from './pages';
