import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { api, baseQuery } from '@/core/api/api';
import type { ApiError, RequestArgs } from '@/core/api/baseQuery';
import { INSPECTION_API, INSPECTION_MAX_PAGE_SIZE, type Defect } from '@/features/inspection';
import type { LabelingStatus, PageResult } from './contracts';

export type { LabelingStatus } from './contracts';

/*
 * The labeling tool's calls (docs/inspection.md "Labeling", docs/task-flow.md): every defect of
 * an inspection with the pre-label suggestions, defect writes (single, bulk, accept/reject), the
 * labeled marks and labeling status, the customer's defect templates, and the task's stage
 * completion and QA results. Writes are `silent`: the tool shows refusals where they happen.
 */

export const TASK_API = '/gw/task/api/v2';

export const labelingPaths = {
  defects: `${INSPECTION_API}/defects`,
  create: (inspectionId: string) => `${INSPECTION_API}/inspections/${encodeURIComponent(inspectionId)}/defects`,
  defect: (id: string) => `${INSPECTION_API}/defects/${encodeURIComponent(id)}`,
  bulk: `${INSPECTION_API}/defects/bulk`,
  accept: (id: string) => `${INSPECTION_API}/defects/${encodeURIComponent(id)}/accept`,
  reject: (id: string) => `${INSPECTION_API}/defects/${encodeURIComponent(id)}/reject`,
  suggestions: (inspectionId: string, decision: 'accept' | 'reject') =>
    `${INSPECTION_API}/inspections/${encodeURIComponent(inspectionId)}/suggestions/${decision}`,
  status: (inspectionId: string) => `${INSPECTION_API}/inspections/${encodeURIComponent(inspectionId)}/labeling-status`,
  labeled: (imageId: string) => `${INSPECTION_API}/images/${encodeURIComponent(imageId)}/labeled`,
  templates: (customerId: string) => `${INSPECTION_API}/customers/${encodeURIComponent(customerId)}/defect-templates`,
  complete: (taskId: string, stage: number) => `${TASK_API}/tasks/${encodeURIComponent(taskId)}/stages/${stage}/complete`,
  qa: (taskId: string) => `${TASK_API}/tasks/${encodeURIComponent(taskId)}/qa`,
} as const;

/** A defect as the labeling tool reads it (the inspection shape plus the suggestion flag). */
export interface LabelingDefect extends Defect {
  suggested: boolean;
}

export interface TemplateItem {
  id: string;
  name: string;
  level?: number | null;
}

export interface DefectTemplates {
  types: TemplateItem[];
  severities: TemplateItem[];
  recommendations: TemplateItem[];
}

export interface QaResult {
  qaResultId: string;
  taskStageType: number;
  reviewedStageType: number;
  result: number;
  defectId: string | null;
  comments: string | null;
  reviewerName: string | null;
  labelerName: string | null;
  time: string;
}

export interface BulkChanges {
  severity?: number | null;
  defectType?: string;
  layer?: string | null;
  affectedPart?: string | null;
  recommendation?: string | null;
  repairPriority?: number | null;
}

export interface QaBody {
  stage: number;
  result: number;
  comments: string;
  counts: { added: number; deleted: number; modified: number; correct: number };
  defects: { defectId: string; result: number; comments: string }[];
}

/** Every defect of an inspection, suggestions included, in number order (pages of 500 read in turn). */
export async function readAllDefects(
  inspectionId: string,
  query: (args: RequestArgs) => Promise<{ data?: unknown; error?: unknown }>,
): Promise<{ data: LabelingDefect[] } | { error: ApiError }> {
  const all: LabelingDefect[] = [];
  for (let pageIndex = 1; pageIndex <= 100; pageIndex++) {
    const r = await query({
      url: labelingPaths.defects,
      params: { inspectionId, includeSuggested: true, pageIndex, pageSize: INSPECTION_MAX_PAGE_SIZE, fieldToSort: 'defectNo' },
      silent: true,
    });
    if (r.error) return { error: r.error as ApiError };
    const page = r.data as PageResult<LabelingDefect>;
    all.push(...page.results.map((d) => ({ ...d, suggested: d.suggested === true })));
    if (page.results.length < INSPECTION_MAX_PAGE_SIZE) break;
  }
  return { data: all };
}

const withTags = api.enhanceEndpoints({ addTagTypes: ['Defect', 'Inspection', 'TaskDetail', 'LabelingStatus', 'LabelingQa', 'TaskList'] });

export const labelingApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    labelingDefects: build.query<LabelingDefect[], string>({
      async queryFn(inspectionId, bqApi: BaseQueryApi, extra) {
        return readAllDefects(
          inspectionId,
          (args) => Promise.resolve(baseQuery(args, bqApi, extra as object)) as Promise<{ data?: unknown; error?: unknown }>,
        );
      },
      providesTags: ['Defect'],
    }),
    labelingTemplates: build.query<DefectTemplates, string>({
      query: (customerId) => ({ url: labelingPaths.templates(customerId), silent: true }),
    }),
    labelingStatus: build.query<LabelingStatus, string>({
      query: (inspectionId) => ({ url: labelingPaths.status(inspectionId) }),
      providesTags: ['LabelingStatus'],
    }),
    /** The submit check: 400 ALL_SIDES_MUST_BE_LABELED when a side is not labeled yet. */
    labelingRequireLabeled: build.mutation<LabelingStatus, string>({
      query: (inspectionId) => ({ url: labelingPaths.status(inspectionId), params: { require: true }, silent: true }),
    }),
    labelingCreateDefect: build.mutation<LabelingDefect, { inspectionId: string; body: Record<string, unknown> }>({
      query: ({ inspectionId, body }) => ({ url: labelingPaths.create(inspectionId), method: 'POST', body, silent: true }),
      invalidatesTags: ['Defect', 'Inspection', 'LabelingStatus'],
    }),
    labelingUpdateDefect: build.mutation<LabelingDefect, { defectId: string; body: Record<string, unknown> }>({
      query: ({ defectId, body }) => ({ url: labelingPaths.defect(defectId), method: 'PATCH', body, silent: true }),
      invalidatesTags: ['Defect', 'LabelingStatus'],
    }),
    labelingDeleteDefect: build.mutation<void, string>({
      query: (defectId) => ({ url: labelingPaths.defect(defectId), method: 'DELETE', silent: true }),
      invalidatesTags: ['Defect', 'Inspection', 'LabelingStatus'],
    }),
    labelingBulkUpdate: build.mutation<PageResult<LabelingDefect>, { defectIds: string[]; changes: BulkChanges }>({
      query: (body) => ({ url: labelingPaths.bulk, method: 'PATCH', body, silent: true }),
      invalidatesTags: ['Defect'],
    }),
    labelingAcceptSuggestion: build.mutation<LabelingDefect, string>({
      query: (defectId) => ({ url: labelingPaths.accept(defectId), method: 'POST', silent: true }),
      invalidatesTags: ['Defect', 'Inspection', 'LabelingStatus'],
    }),
    labelingRejectSuggestion: build.mutation<void, string>({
      query: (defectId) => ({ url: labelingPaths.reject(defectId), method: 'POST', silent: true }),
      invalidatesTags: ['Defect', 'LabelingStatus'],
    }),
    labelingDecideSuggestions: build.mutation<{ defectIds: string[] }, { inspectionId: string; decision: 'accept' | 'reject' }>({
      query: ({ inspectionId, decision }) => ({
        url: labelingPaths.suggestions(inspectionId, decision),
        method: 'POST',
        body: {},
        silent: true,
      }),
      invalidatesTags: ['Defect', 'Inspection', 'LabelingStatus'],
    }),
    labelingSetImageLabeled: build.mutation<{ imageId: string; labeled: boolean }, { imageId: string; labeled: boolean }>({
      query: ({ imageId, labeled }) => ({ url: labelingPaths.labeled(imageId), method: 'PUT', body: { labeled }, silent: true }),
      invalidatesTags: ['LabelingStatus'],
    }),
    labelingQaResults: build.query<QaResult[], string>({
      query: (taskId) => ({ url: labelingPaths.qa(taskId), silent: true }),
      transformResponse: (r: PageResult<QaResult> | QaResult[]) => (Array.isArray(r) ? r : (r?.results ?? [])),
      providesTags: ['LabelingQa'],
    }),
    completeLabelingStage: build.mutation<unknown, { taskId: string; stage: number }>({
      query: ({ taskId, stage }) => ({ url: labelingPaths.complete(taskId, stage), method: 'POST', silent: true }),
      invalidatesTags: (_r, _e, { taskId }) => [{ type: 'TaskDetail', id: taskId }, 'TaskList'],
    }),
    submitLabelingQa: build.mutation<unknown, { taskId: string; body: QaBody }>({
      query: ({ taskId, body }) => ({ url: labelingPaths.qa(taskId), method: 'POST', body, silent: true }),
      invalidatesTags: (_r, _e, { taskId }) => [{ type: 'TaskDetail', id: taskId }, 'TaskList', 'LabelingQa'],
    }),
  }),
});

export const {
  useLabelingDefectsQuery,
  useLabelingTemplatesQuery,
  useLabelingStatusQuery,
  useLabelingRequireLabeledMutation,
  useLabelingCreateDefectMutation,
  useLabelingUpdateDefectMutation,
  useLabelingDeleteDefectMutation,
  useLabelingBulkUpdateMutation,
  useLabelingAcceptSuggestionMutation,
  useLabelingRejectSuggestionMutation,
  useLabelingDecideSuggestionsMutation,
  useLabelingSetImageLabeledMutation,
  useLabelingQaResultsQuery,
  useCompleteLabelingStageMutation,
  useSubmitLabelingQaMutation,
} = labelingApi;
