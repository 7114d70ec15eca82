import type { StageCenterRow, TaskItemRow, TaskStageRecord } from './task.repository.js';
import type { StageCenterItemView, TaskStageView, TaskView } from './task.view.js';

/** SPEC §3 task item of a task row. */
export function taskItem(r: TaskItemRow): TaskView {
  return {
    taskId: r.id,
    inspectionId: r.inspection_id,
    uploadTaskId: r.upload_task_id,
    customerId: r.customer_id,
    customerName: r.customer_name,
    windFarmId: r.wind_farm_id,
    windfarmName: r.windfarm_name,
    turbineId: r.turbine_id,
    turbineName: r.turbine_name,
    handlebyIds: r.handler_id ? [r.handler_id] : [],
    handlebyNames: r.handler_name ? [r.handler_name] : [],
    taskStageTypes: r.current_stage != null ? [r.current_stage] : [],
    taskStageStatus: r.current_stage_status,
    taskStatusType: r.status,
    updateTime: r.updated_at,
    createTime: r.created_at,
    completeTime: r.completed_at,
    inspectionDate: r.inspection_day,
    packageType: r.package_type,
    uploadedTime: r.uploaded_time,
    organizationId: r.organization_id,
    organizationName: r.organization_name,
    inspectionStaffId: r.inspection_staff_id,
    inspectionStaffName: r.inspection_staff_name,
    projectType: r.project_type,
    campaignId: r.campaign_id,
    features: r.features,
    version: Number(r.version),
  };
}

export function stageItem(r: TaskStageRecord): TaskStageView {
  return {
    taskStageId: r.id,
    taskStageType: r.stage,
    status: r.status,
    handlerId: r.handler_id,
    handlerName: r.handler_name,
    readyTime: r.ready_at,
    startTime: r.started_at,
    completeTime: r.completed_at,
    deadline: r.deadline,
    errorMessage: r.error_message,
    progressMessage: r.progress_message,
    spentSeconds: r.spent_seconds ?? 0,
  };
}

export function stageCenterItem(r: StageCenterRow): StageCenterItemView {
  return {
    ...stageItem(r),
    taskId: r.task_id,
    inspectionId: r.inspection_id,
    windfarmName: r.windfarm_name,
    turbineName: r.turbine_name,
    customerName: r.customer_name,
    taskStatusType: r.task_status,
  };
}
