import { reportApi } from '@/core/api/generated/report';

/*
 * The report service's endpoints as generated from its OpenAPI document (npm run openapi);
 * re-exported under short names for the feature's screens.
 */
export const {
  useReportTasksForProjectMutation,
  useReportTasksForParkMutation,
  useReportTasksForTurbineMutation,
  useReportTasksForInspectionMutation,
  useReportTasksForRepairCampaignMutation,
  useReportTasksListQuery,
  useReportTasksDownloadsQuery,
  useReportTasksRetryMutation,
  useReportTasksRemoveMutation,
  useReportTemplatesListQuery,
  useReportTemplatesCreateMutation,
  useReportTemplatesUpdateMutation,
  useReportTemplatesRemoveMutation,
} = reportApi;

export type { CreateReportTaskDto, ReportDownloadView, ReportTaskView, ReportTemplateView, SaveReportTemplateDto } from '@/core/api/generated/report';

export const REPORT_API = '/report/api/v1';
export type ReportScopeKind = 'project' | 'park' | 'turbine' | 'inspection' | 'repairCampaign';
const SCOPE_PATHS: Record<ReportScopeKind, string> = {
  project: 'projects',
  park: 'parks',
  turbine: 'turbines',
  inspection: 'inspections',
  repairCampaign: 'repair-campaigns',
};
/** The creation path of a scope (its ExceedLimit text is the download-list one). */
export const reportTasksPath = (scope: ReportScopeKind, id: string) => `${REPORT_API}/${SCOPE_PATHS[scope]}/${id}/report-tasks`;
export const reportFilePath = (id: string) => `${REPORT_API}/report-tasks/${id}/file`;
