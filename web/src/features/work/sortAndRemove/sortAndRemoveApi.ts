import { api } from '@/core/api/api';

/*
 * Calls of the sort-and-remove tool: the task (task-flow), the inspection's sort-and-remove data
 * and path saves (inspection, docs/inspection.md), image deletes, spent time and stage completion
 * (docs/task-flow.md). Writes are `silent`: the screen shows refusals translated.
 */

const TASK = '/gw/task/api/v2';
const INSPECTION = '/gw/inspection/api/v2';

export const sarPaths = {
  task: (id: string) => `${TASK}/tasks/${encodeURIComponent(id)}`,
  pick: (id: string) => `${TASK}/tasks/${encodeURIComponent(id)}/pick`,
  spentTime: (id: string, stage: number) => `${TASK}/tasks/${encodeURIComponent(id)}/stages/${stage}/spent-time`,
  complete: (id: string, stage: number) => `${TASK}/tasks/${encodeURIComponent(id)}/stages/${stage}/complete`,
  data: (inspectionId: string) => `${INSPECTION}/inspections/${encodeURIComponent(inspectionId)}/sort-and-remove`,
  savePath: (inspectionId: string, pathGuid: string) =>
    `${INSPECTION}/inspections/${encodeURIComponent(inspectionId)}/paths/${encodeURIComponent(pathGuid)}`,
  image: (imageId: string) => `${INSPECTION}/images/${encodeURIComponent(imageId)}`,
} as const;

export interface SarStage {
  taskStageId: string;
  taskStageType: number;
  status: number;
  handlerId: string | null;
  handlerName: string | null;
  /** Seconds reported through the spent-time endpoint. */
  spentSeconds?: number;
}

/** What the tool reads of GET /tasks/{id}. */
export interface SarTask {
  taskId: string;
  inspectionId: string | null;
  windfarmName: string | null;
  turbineName: string | null;
  taskStageTypes: number[];
  taskStatusType: number;
  stages: SarStage[];
}

/** SPEC §3 sort-and-remove image. */
export interface SarImage {
  guid: string;
  uri: string;
  thumbUri: string | null;
  sortIndex: number;
  distanceToRoot: number | null;
  isActive: boolean;
  keyPartTag: string | null;
  fileName: string;
  width: number;
  height: number;
  tileStatus: string;
}

/** SPEC §3 sort-and-remove path (plus the blade position and length the tool shows). */
export interface SarPath {
  pathGuid: string;
  pathViewIndex: number | null;
  bladePosition: number | null;
  bladeGuid: string | null;
  bladeSerialNo: string | null;
  bladeLength: number | null;
  chamber: number;
  saved: boolean;
  savedAt: string | null;
  savedBy: string | null;
  CVPanoUri: string | null;
  CVPanoThumbUri: string | null;
  images: SarImage[];
}

/** SPEC §3 sort-and-remove task (spentTime lives on the task's stage: `spentSeconds`). */
export interface SarData {
  inspectionId: string;
  windfarmName: string | null;
  turbineName: string;
  inspectionTime: string;
  componentType: number;
  spentTime: number | null;
  paths: SarPath[];
}

/** One image of a path save (SPEC §3 image "on submit"). */
export interface SaveImage {
  guid: string;
  sortIndex: number;
  distanceToRoot: number | null;
  isActive: boolean;
  keyPartTag: string | null;
  isEdit: boolean;
  pathGuid?: string;
}

// `TaskDetail` is the tasks feature's tag of a task: its live updates (task.changed) make the tool read the task again.
const base = api.enhanceEndpoints({ addTagTypes: ['SortAndRemoveTask', 'SortAndRemoveData', 'TaskDetail'] });

export const sortAndRemoveApi = base.injectEndpoints({
  endpoints: (build) => ({
    sarTask: build.query<SarTask, string>({
      query: (id) => ({ url: sarPaths.task(id), silent: true }),
      providesTags: (_r, _e, id) => [
        { type: 'SortAndRemoveTask', id },
        { type: 'TaskDetail', id },
      ],
    }),
    sarData: build.query<SarData, string>({
      query: (inspectionId) => ({ url: sarPaths.data(inspectionId), silent: true }),
      providesTags: (_r, _e, id) => [{ type: 'SortAndRemoveData', id }],
    }),
    sarPick: build.mutation<SarTask, string>({
      query: (id) => ({ url: sarPaths.pick(id), method: 'POST', silent: true }),
      invalidatesTags: (_r, _e, id) => [{ type: 'SortAndRemoveTask', id }],
    }),
    sarSavePath: build.mutation<SarData, { inspectionId: string; pathGuid: string; images: SaveImage[] }>({
      query: ({ inspectionId, pathGuid, images }) => ({
        url: sarPaths.savePath(inspectionId, pathGuid),
        method: 'PUT',
        body: { images },
        silent: true,
      }),
    }),
    sarDeleteImage: build.mutation<void, { imageId: string }>({
      query: ({ imageId }) => ({ url: sarPaths.image(imageId), method: 'DELETE', silent: true }),
    }),
    sarSpentTime: build.mutation<{ spentSeconds: number }, { taskId: string; stage: number; seconds: number }>({
      query: ({ taskId, stage, seconds }) => ({ url: sarPaths.spentTime(taskId, stage), method: 'POST', body: { seconds }, silent: true }),
    }),
    sarComplete: build.mutation<SarTask, { taskId: string; stage: number }>({
      query: ({ taskId, stage }) => ({ url: sarPaths.complete(taskId, stage), method: 'POST', silent: true }),
      invalidatesTags: (_r, _e, { taskId }) => [{ type: 'SortAndRemoveTask', id: taskId }],
    }),
  }),
});

export const {
  useSarTaskQuery,
  useSarDataQuery,
  useSarPickMutation,
  useSarSavePathMutation,
  useSarDeleteImageMutation,
  useSarSpentTimeMutation,
  useSarCompleteMutation,
} = sortAndRemoveApi;
