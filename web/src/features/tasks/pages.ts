/** Route modules of the task centre, loaded on demand (the shell's routes). */
export const taskPages = {
  approvalTasks: () => import('./approval/ApprovalTasksPage'),
  taskPool: () => import('./pool/TaskPoolPage'),
  myTasks: () => import('./mine/MyTasksPage'),
  todayTasks: () => import('./today/TodayTasksPage'),
  history: () => import('./history/TaskHistoryPage'),
  dataManagement: () => import('./stageCenter/DataManagementPage'),
  flowManagement: () => import('./flow/FlowManagementPage'),
};
