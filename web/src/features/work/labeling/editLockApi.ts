import { inspectionApi as generated } from '@/core/api/generated/inspection';
import { withFlags } from '@/core/api/requestFlags';
import { INSPECTION_API } from '@/shared/inspection';

/** The labeling edit lock of an inspection (docs/inspection.md "Edit locks"), as the service answers it. */
export type { EditLockView as EditLock } from '@/core/api/generated/inspection';

/** The lock's URL, for the keep-alive release when the page goes away (fetch, not the store). */
export const editLockPath = (inspectionId: string) => `${INSPECTION_API}/inspections/${encodeURIComponent(inspectionId)}/edit-lock`;

/**
 * The generated edit-lock endpoints: acquire (or renew, the heartbeat; EDIT_LOCKED 409 while
 * someone else holds it) and release. Both are `silent` (the tool shows the lock's state) and
 * make nothing stale.
 */
export const editLockApi = generated.enhanceEndpoints({
  endpoints: {
    locksAcquire: { invalidatesTags: [] },
    locksRelease: { invalidatesTags: [] },
  },
}).enhanceEndpoints({
  endpoints: { locksAcquire: withFlags(), locksRelease: withFlags() },
});

export const { useLocksAcquireMutation, useLocksReleaseMutation } = editLockApi;
