import { deliveryApi } from '@/core/api/generated/delivery';

/** The delivery service's generated endpoints (npm run openapi), as hooks. */
export const {
  useProjectsListQuery,
  useProjectsCreateMutation,
  useProjectsUpdateMutation,
  useProjectsRemoveMutation,
  useProjectsStatusMutation,
  useCampaignsListQuery,
  useCampaignsCreateMutation,
  useCampaignsActiveMutation,
  useCampaignsStatusMutation,
  useDprConfigActivitiesQuery,
  useDprConfigCreateActivityMutation,
  useDprConfigRemoveActivityMutation,
  useDprConfigTemplatesQuery,
  useDprConfigCreateTemplateMutation,
  useDprConfigRemoveTemplateMutation,
  useDprsListQuery,
  useDprsGetQuery,
  useDprsSubmitMutation,
  useDprsApproveMutation,
  useDprsRejectMutation,
  useProgressListQuery,
  useStatisticsGetQuery,
} = deliveryApi;
