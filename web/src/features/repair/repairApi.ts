import { repairApi as generated } from '@/core/api/generated/repair';

export type * from '@/core/api/generated/repair';

/**
 * The repair endpoints as generated from the service's OpenAPI document, with the cross-list
 * invalidations the document cannot know: a campaign changes its plan's counts, a plan's
 * repair steps change whether a template is in use.
 */
export const repairApi = generated.enhanceEndpoints({
  endpoints: {
    campaignsCreate: { invalidatesTags: ['repair campaigns', 'repair plans'] },
    campaignsRemove: { invalidatesTags: ['repair campaigns', 'repair plans'] },
    plansSetSteps: { invalidatesTags: ['repair plans', 'repair templates'] },
    plansRemove: { invalidatesTags: ['repair plans', 'repair templates'] },
    plansUpdate: { invalidatesTags: ['repair plans', 'repair campaigns'] },
  },
});

export const {
  useCampaignsListQuery,
  useCampaignsCreateMutation,
  useCampaignsRemoveMutation,
  useCampaignsGetQuery,
  useCampaignsSetStatusMutation,
  useCampaignsDefectsQuery,
  useCampaignsSetRepairStatusMutation,
  useCampaignsRecordsQuery,
  useCampaignsRecordMutation,
  useCampaignsGrantMutation,
  useCampaignsSetTurbineStatusMutation,
  useCampaignsTechniciansQuery,
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
  useTemplatesRemoveMutation,
  useTemplatesUpdateMutation,
} = repairApi;
