import {
  inspectionApi as generated,
  type PathImageView,
  type PathView,
  type SavePathImageDto,
  type SortAndRemoveTaskView,
} from '@/core/api/generated/inspection';
import { withFlags } from '@/core/api/requestFlags';
import type { TaskDetailView } from '@/features/tasks';

/*
 * Calls of the sort-and-remove tool: the inspection's sort-and-remove data, path saves and image
 * deletes — inspection's generated endpoints (docs/inspection.md) — and, from the tasks feature,
 * the task, pick, spent time and stage completion (docs/task-flow.md). Writes are `silent`: the
 * screen shows refusals translated.
 */

const TASK = '/gw/task/api/v2';

/** The spent-time URL, for the keep-alive report when the page goes away (fetch, not the store). */
export const sarPaths = {
  spentTime: (id: string, stage: number) => `${TASK}/tasks/${encodeURIComponent(id)}/stages/${stage}/spent-time`,
} as const;

/** What the tool reads of GET /tasks/{id} (the stage rows carry `spentSeconds`). */
export type SarTask = Pick<TaskDetailView, 'taskId' | 'inspectionId' | 'windfarmName' | 'turbineName' | 'taskStageTypes' | 'taskStatusType' | 'stages'>;

/** SPEC §3 sort-and-remove task (spentTime lives on the task's stage: `spentSeconds`). */
export type SarData = SortAndRemoveTaskView;
/** SPEC §3 sort-and-remove path (plus the blade position and length the tool shows). */
export type SarPath = PathView;
/** SPEC §3 sort-and-remove image. */
export type SarImage = PathImageView;

/**
 * One image of a path save as the tool sends it (SPEC §3 image "on submit"): every attribute set,
 * the distance as a number (the service also reads it as text).
 */
export type SaveImage = Required<Pick<SavePathImageDto, 'guid' | 'isActive' | 'isEdit'>> &
  Pick<SavePathImageDto, 'pathGuid'> & { sortIndex: number; distanceToRoot: number | null; keyPartTag: string | null };

// A task's tags (its reads, pick, spent time and completion) are the tasks feature's; the data is the tool's own.
export const sortAndRemoveApi = generated
  .enhanceEndpoints({
    addTagTypes: ['SortAndRemoveData'],
    endpoints: {
      pathsTask: { providesTags: (_r, _e, { id }) => [{ type: 'SortAndRemoveData', id }] },
      pathsSave: { invalidatesTags: [] },
    },
  })
  .enhanceEndpoints({
    // imagesRemove's tags are the inspection feature's (its lists refresh after a delete); silent either way.
    endpoints: { pathsTask: withFlags(), pathsSave: withFlags(), imagesRemove: withFlags() },
  });

export const { usePathsTaskQuery, usePathsSaveMutation, useImagesRemoveMutation } = sortAndRemoveApi;
