import type { Row } from '../common/sql.js';

/** Columns every task item reads (`inspection_day` keeps the date a plain YYYY-MM-DD). */
export const TASK_COLUMNS = `t.*, to_char(t.inspection_date, 'YYYY-MM-DD') AS inspection_day`;

/** SPEC §3 task item (plus ids, the current stage status and the version live screens compare). */
export function taskItem(r: Row) {
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
export type TaskItem = ReturnType<typeof taskItem>;

export function stageItem(r: Row) {
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
    /** Seconds the handlers reported working on the stage (work tools, while their page is visible). */
    spentSeconds: r.spent_seconds ?? 0,
  };
}
