import type { ApiError } from '@/core/api/baseQuery';
import { deliveryApi, type DprPhotoView } from '@/core/api/generated/delivery';
import { postForm } from '@/core/api/postForm';

/** The delivery service's generated endpoints (npm run openapi), as hooks. */
export const {
  useProjectsListQuery,
  useProjectsCreateMutation,
  useProjectsUpdateMutation,
  useProjectsRemoveMutation,
  useProjectsStatusMutation,
  useDeliveryCampaignsListQuery,
  useDeliveryCampaignsCreateMutation,
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
  useInvestigationsParksQuery,
  useInvestigationsPoolQuery,
  useInvestigationsListQuery,
  useInvestigationsCreateMutation,
  useInvestigationsStatusMutation,
  useInvestigationsRemoveMutation,
  useInvestigationsGetQuery,
  useInvestigationsDefectsQuery,
  useInvestigationsSetResultMutation,
  useProjectsSummaryQuery,
} = deliveryApi;

/** Uploads a photo for a daily progress report (JPG/JPEG/PNG; the service checks the content); its id goes into the report. */
export async function uploadDprPhoto(file: Blob & { name?: string }): Promise<{ ok: true; data: DprPhotoView } | { ok: false; error: ApiError }> {
  const form = new FormData();
  form.append('file', file, file.name ?? 'photo.jpg');
  return postForm<DprPhotoView>('/gw/delivery/api/v2/dpr-photos', form);
}

/** URL of a report photo's bytes (read with the Authorization header, never a token in the URL). */
export const dprPhotoUrl = (photoId: string) => `/gw/delivery/api/v2/dpr-photos/${photoId}`;
