import { api } from '@/core/api/api';
import { INSPECTION_API } from '@/features/inspection';

/** The labeling edit lock of an inspection (docs/inspection.md "Edit locks"). */
export interface EditLock {
  inspectionId: string;
  locked: boolean;
  mine: boolean;
  holderId: string | null;
  holderName: string | null;
  acquiredAt: string | null;
  expiresAt: string | null;
  leaseSeconds: number;
}

export const editLockPath = (inspectionId: string) => `${INSPECTION_API}/inspections/${encodeURIComponent(inspectionId)}/edit-lock`;

export const editLockApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** Acquire or renew (heartbeat); EDIT_LOCKED (409) while someone else holds it. */
    acquireEditLock: b.mutation<EditLock, string>({
      query: (inspectionId) => ({ url: editLockPath(inspectionId), method: 'POST', silent: true }),
    }),
    releaseEditLock: b.mutation<void, string>({
      query: (inspectionId) => ({ url: editLockPath(inspectionId), method: 'DELETE', silent: true }),
    }),
  }),
});

export const { useAcquireEditLockMutation, useReleaseEditLockMutation } = editLockApi;
