import { useMemo } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { INSPECTION_MAX_PAGE_SIZE, useImagesListQuery, useInspectionsGetQuery, type InspectionImage } from '@/shared/inspection';
import { useQaResultsQuery } from '@/features/tasks';
import { useDefectsLabelingStatusQuery, useLabelingDefectsQuery, useLabelingTemplatesQuery } from '../labelingApi';

/**
 * What the workspace reads: the inspection, its images, the defects, the labeling status, the
 * templates and the QA findings, and what follows from the current image.
 */
export function useWorkspaceData({
  taskId,
  inspectionId,
  imageId,
  reviewing,
}: {
  taskId: string;
  inspectionId: string;
  imageId: string | null;
  reviewing: boolean;
}) {
  const inspection = useInspectionsGetQuery({ id: inspectionId });
  const imagesQ = useImagesListQuery({ id: inspectionId, isActive: true, pageIndex: 1, pageSize: INSPECTION_MAX_PAGE_SIZE });
  const defectsQ = useLabelingDefectsQuery(inspectionId);
  const statusQ = useDefectsLabelingStatusQuery({ id: inspectionId });
  const templatesQ = useLabelingTemplatesQuery(inspection.data?.customerId ?? skipToken);
  const qaQ = useQaResultsQuery({ id: taskId });
  const templates = templatesQ.data;

  const images = useMemo(() => imagesQ.data?.results ?? [], [imagesQ.data]);
  const index = Math.max(
    0,
    images.findIndex((i) => i.imageId === imageId),
  );
  const current: InspectionImage | null = images[index] ?? null;
  const allDefects = useMemo(() => defectsQ.data ?? [], [defectsQ.data]);
  const visibleDefects = useMemo(() => (reviewing ? allDefects.filter((d) => !d.suggested) : allDefects), [allDefects, reviewing]);
  const imageDefects = useMemo(() => visibleDefects.filter((d) => d.imageId === current?.imageId), [visibleDefects, current?.imageId]);
  const bladeLength = inspection.data?.blades?.find((b) => b.position === current?.bladePosition)?.length ?? null;
  const imageStatus = statusQ.data?.images.find((i) => i.imageId === current?.imageId);
  // The review goes through every defect in image order.
  const reviewList = useMemo(() => {
    const order = new Map(images.map((img, i) => [img.imageId, i]));
    return [...visibleDefects].sort(
      (a, b) => (order.get(a.imageId) ?? 1e9) - (order.get(b.imageId) ?? 1e9) || a.defectNo.localeCompare(b.defectNo),
    );
  }, [images, visibleDefects]);
  const reviewIds = useMemo(() => reviewList.map((d) => d.defectId), [reviewList]);

  return {
    imagesQ,
    defectsQ,
    statusQ,
    qaQ,
    templates,
    images,
    index,
    current,
    allDefects,
    visibleDefects,
    imageDefects,
    bladeLength,
    imageStatus,
    reviewList,
    reviewIds,
  };
}

export type WorkspaceData = ReturnType<typeof useWorkspaceData>;
