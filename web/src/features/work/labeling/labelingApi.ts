import type { BaseQueryApi, DefinitionsFromApi, OverrideResultType, TagTypesFromApi } from '@reduxjs/toolkit/query';
import { api, baseQuery } from '@/core/api/api';
import type { ApiError, RequestArgs } from '@/core/api/baseQuery';
import {
  inspectionApi as generated,
  type BulkChangesDto,
  type DefectPage,
  type DefectTemplatesView,
  type DefectView,
  type DefectsLabelingStatusApiResponse,
  type LabelingStatusView,
  type TemplatesAllApiResponse,
} from '@/core/api/generated/inspection';
import { withFlags } from '@/core/api/requestFlags';
import { INSPECTION_API, INSPECTION_MAX_PAGE_SIZE, type Defect } from '@/shared/inspection';

/*
 * The labeling tool's calls (docs/inspection.md "Labeling", docs/task-flow.md): every defect of
 * an inspection with the pre-label suggestions, defect writes (single, bulk, accept/reject), the
 * labeled marks and labeling status — inspection's generated endpoints — plus the customer's
 * defect templates; the task's stage completion and QA results are the tasks feature's. Writes
 * are `silent`: the tool shows refusals where they happen.
 */

export const TASK_API = '/gw/task/api/v2';

/** The URLs the tool names a refusal by (errorMessage's path). */
export const labelingPaths = {
  bulk: `${INSPECTION_API}/defects/bulk`,
  complete: (taskId: string, stage: number) => `${TASK_API}/tasks/${encodeURIComponent(taskId)}/stages/${stage}/complete`,
  qa: (taskId: string) => `${TASK_API}/tasks/${encodeURIComponent(taskId)}/qa`,
} as const;

/** A defect as the service answers it, read like the inspection feature's `Defect` (polygon as `[x, y]` pairs). */
type DefectRead = Defect & Pick<DefectView, 'suggested'>;
/** A defect as the labeling tool reads it (the suggestion flag always set). */
export type LabelingDefect = Defect & { suggested: boolean };
export type LabelingStatus = LabelingStatusView;
export type DefectTemplates = DefectTemplatesView;
export type BulkChanges = BulkChangesDto;

type Run = (args: RequestArgs) => Promise<{ data?: unknown; error?: unknown }>;

/** Every defect of an inspection, suggestions included, in number order (pages of 500 read in turn). */
export async function readAllDefects(inspectionId: string, query: Run): Promise<{ data: LabelingDefect[] } | { error: ApiError }> {
  const all: LabelingDefect[] = [];
  for (let pageIndex = 1; pageIndex <= 100; pageIndex++) {
    const r = await query({
      url: `${INSPECTION_API}/defects`,
      params: { inspectionId, includeSuggested: true, pageIndex, pageSize: INSPECTION_MAX_PAGE_SIZE, fieldToSort: 'defectNo' },
      silent: true,
    });
    if (r.error) return { error: r.error as ApiError };
    const page = r.data as Omit<DefectPage, 'results'> & { results: DefectRead[] };
    all.push(...page.results.map((d) => ({ ...d, suggested: d.suggested === true })));
    if (page.results.length < INSPECTION_MAX_PAGE_SIZE) break;
  }
  return { data: all };
}

/**
 * Adds tags to what an endpoint already invalidates: the delete is the inspection feature's
 * endpoint too (its own tags, enhanced when that feature loads, before this module), and a
 * deleted defect also changes this tool's defect list, inspection and status.
 */
function alsoInvalidates(...extra: ('defects' | 'inspections' | 'LabelingStatus')[]) {
  return (definition: { invalidatesTags?: unknown }) => {
    const before = definition.invalidatesTags;
    definition.invalidatesTags = (...args: unknown[]) => {
      const tags = typeof before === 'function' ? (before as (...a: unknown[]) => unknown)(...args) : before;
      return [...((tags as unknown[] | undefined) ?? []), ...extra];
    };
  };
}

const DEFECT_ADDED = ['defects', 'inspections', 'LabelingStatus'] as const;

type Definitions = DefinitionsFromApi<typeof generated>;
/** The defect writes answer the defect, read like the inspection feature's `Defect` (polygon as `[x, y]` pairs). */
type Readings = {
  defectsCreate: OverrideResultType<Definitions['defectsCreate'], DefectRead>;
  defectsUpdate: OverrideResultType<Definitions['defectsUpdate'], DefectRead>;
  defectsAccept: OverrideResultType<Definitions['defectsAccept'], DefectRead>;
};

/** The generated endpoints only the labeling tool uses, with its tags; all writes `silent`. */
export const labelingApi = generated
  .enhanceEndpoints<TagTypesFromApi<typeof generated> | 'defects' | 'inspections' | 'LabelingStatus', Readings>({
    addTagTypes: ['defects', 'inspections', 'LabelingStatus'],
    endpoints: {
      defectsLabelingStatus: { providesTags: ['LabelingStatus'] },
      defectsCreate: { invalidatesTags: [...DEFECT_ADDED] },
      defectsUpdate: { invalidatesTags: ['defects', 'LabelingStatus'] },
      defectsBulk: { invalidatesTags: ['defects'] },
      defectsAccept: { invalidatesTags: [...DEFECT_ADDED] },
      defectsReject: { invalidatesTags: ['defects', 'LabelingStatus'] },
      defectsAcceptAll: { invalidatesTags: [...DEFECT_ADDED] },
      defectsRejectAll: { invalidatesTags: [...DEFECT_ADDED] },
      defectsSetLabeled: { invalidatesTags: ['LabelingStatus'] },
    },
  })
  .enhanceEndpoints({
    endpoints: {
      defectsCreate: withFlags(),
      defectsUpdate: withFlags(),
      defectsBulk: withFlags(),
      defectsAccept: withFlags(),
      defectsReject: withFlags(),
      defectsAcceptAll: withFlags(),
      defectsRejectAll: withFlags(),
      defectsSetLabeled: withFlags(),
      defectsRemove: withFlags(),
    },
  })
  .enhanceEndpoints({
    endpoints: { defectsRemove: alsoInvalidates(...DEFECT_ADDED) },
  });

export const {
  useDefectsLabelingStatusQuery,
  useDefectsCreateMutation,
  useDefectsUpdateMutation,
  useDefectsRemoveMutation,
  useDefectsBulkMutation,
  useDefectsAcceptMutation,
  useDefectsRejectMutation,
  useDefectsAcceptAllMutation,
  useDefectsRejectAllMutation,
  useDefectsSetLabeledMutation,
} = labelingApi;

/*
 * What stays an endpoint of the tool's own (typed with the generated shapes): every page of the
 * defect list in one entry; the templates `silent` and untagged (the inspection feature's
 * templatesAll is neither); and the submit check, a GET the tool asks afresh each time (a
 * mutation: never cached, never refetched by a tag), silent since the tool shows what is missing.
 */
const toolEndpoints = api.enhanceEndpoints({ addTagTypes: ['defects'] }).injectEndpoints({
  endpoints: (build) => ({
    labelingDefects: build.query<LabelingDefect[], string>({
      queryFn: (inspectionId, bqApi: BaseQueryApi, extra) =>
        readAllDefects(inspectionId, (args) => Promise.resolve(baseQuery(args, bqApi, extra as object)) as ReturnType<Run>),
      providesTags: ['defects'],
    }),
    labelingTemplates: build.query<TemplatesAllApiResponse, string>({
      query: (customerId) => ({ url: `${INSPECTION_API}/customers/${encodeURIComponent(customerId)}/defect-templates`, silent: true }),
    }),
    /** The submit check: 400 ALL_SIDES_MUST_BE_LABELED when a side is not labeled yet. */
    labelingRequireLabeled: build.mutation<DefectsLabelingStatusApiResponse, string>({
      query: (inspectionId) => ({
        url: `${INSPECTION_API}/inspections/${encodeURIComponent(inspectionId)}/labeling-status`,
        params: { require: true },
        silent: true,
      }),
    }),
  }),
});

export const { useLabelingDefectsQuery, useLabelingTemplatesQuery, useLabelingRequireLabeledMutation } = toolEndpoints;
