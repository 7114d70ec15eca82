import type { ApiError } from '@/core/api/baseQuery';
import { repairApi as generated } from '@/core/api/generated/repair';
import { postForm } from '@/core/api/postForm';

export type * from '@/core/api/generated/repair';

/**
 * The repair endpoints as generated from the service's OpenAPI document, with the cross-list
 * invalidations the document cannot know: a campaign changes its plan's counts, a plan's
 * repair steps change whether a template is in use.
 */
export const repairApi = generated.enhanceEndpoints({
  endpoints: {
    repairCampaignsCreate: { invalidatesTags: ['repair campaigns', 'repair plans'] },
    campaignsRemove: { invalidatesTags: ['repair campaigns', 'repair plans'] },
    plansSetSteps: { invalidatesTags: ['repair plans', 'repair templates'] },
    plansRemove: { invalidatesTags: ['repair plans', 'repair templates'] },
    plansUpdate: { invalidatesTags: ['repair plans', 'repair campaigns'] },
  },
});

export const {
  useRepairCampaignsListQuery,
  useRepairCampaignsCreateMutation,
  useCampaignsRemoveMutation,
  useRepairCampaignsGetQuery,
  useRepairCampaignsSetStatusMutation,
  useCampaignsDefectsQuery,
  useCampaignsSetRepairStatusMutation,
  useCampaignsRecordsQuery,
  useCampaignsRecordMutation,
  useCampaignsGrantMutation,
  useCampaignsSetTurbineStatusMutation,
  useCampaignsTechniciansQuery,
  useCampaignsOmProjectsQuery,
  usePlansCandidatesQuery,
  usePlansParksQuery,
  usePlansListQuery,
  usePlansCreateMutation,
  usePlansRemoveMutation,
  usePlansGetQuery,
  usePlansUpdateMutation,
  usePlansCreateBatchMutation,
  usePlansDefectsQuery,
  usePlansSetStepsMutation,
  useTemplatesListQuery,
  useTemplatesCreateMutation,
  useRepairTemplatesRemoveMutation,
  useTemplatesUpdateMutation,
} = repairApi;

/**
 * A before/after photo of a repair record. Multipart, so it is sent with fetch (the RTK base
 * query sends JSON) with the headers every call carries; a refusal comes back as an ApiError
 * for the usual message lookup.
 */
export async function uploadRecordPhoto(
  ids: { campaignId: string; defectId: string; recordId: string },
  kind: 'before' | 'after',
  file: Blob & { name?: string },
): Promise<{ ok: true } | { ok: false; error: ApiError }> {
  const form = new FormData();
  form.append('file', file, file.name ?? 'photo.jpg');
  form.append('kind', kind);
  const r = await postForm(`/gw/repair/api/v2/campaigns/${ids.campaignId}/defects/${ids.defectId}/records/${ids.recordId}/photos`, form);
  return r.ok ? { ok: true } : r;
}

/** URL of a record photo's bytes (read with the Authorization header, never a token in the URL). */
export const photoUrl = (campaignId: string, photoId: string) => `/gw/repair/api/v2/campaigns/${campaignId}/photos/${photoId}`;
