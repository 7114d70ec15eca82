import { useAppSelector } from '@/core/store';
import { Rights, hasRight } from '../contracts';

export interface TaskRights {
  /** Read tasks (docs/task-flow.md "read"): qa.show, dataManagement.show or tab.inspectionTask. */
  read: boolean;
  /** Pick, work, review, request re-inspection: qa.edit. */
  work: boolean;
  /** Assign, release, retry, terminate, time limits: dataManagement.edit. */
  admin: boolean;
  approvalShow: boolean;
  approvalEdit: boolean;
  changeRate: boolean;
}

/** The caller's task-flow rights from the denied-modules list; the server enforces the same ones. */
export function useTaskRights(): TaskRights {
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  const has = (r: string): boolean => hasRight(denied, r);
  return {
    read: has(Rights.QA_SHOW) || has(Rights.DATA_MANAGEMENT_SHOW) || has(Rights.TAB_INSPECTION_TASK),
    work: has(Rights.QA_EDIT),
    admin: has(Rights.DATA_MANAGEMENT_EDIT),
    approvalShow: has(Rights.APPROVAL_TASKS_SHOW) || has(Rights.APPROVAL_TASKS_EDIT),
    approvalEdit: has(Rights.APPROVAL_TASKS_EDIT),
    changeRate: has(Rights.TAB_CHANGE_RATE_STATISTICS),
  };
}
