import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Empty, Select, Skeleton, Space, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@reduxjs/toolkit/query';
import { useLocale } from '@/shared/useLocale';
import { formatDate } from '@/shared/utils/format';
import { INSPECTION_MAX_PAGE_SIZE, useDefectsListQuery, useImagesListQuery, useInspectionsListQuery, type Inspection } from '../inspectionApi';
import { pathsInOrder, sortImages, stepIndex } from '../logic';
import { mapViewState, type ViewState } from '@/shared/viewer/geometry';
import { pathLabel } from '../labels';
import { ImageViewer } from '@/shared/viewer/ImageViewer';
import { LoadError } from './common';
import { defectPolygons, useArrowKeys } from './ImagesTab';
import { useSeedText } from '@/shared/useSeedText';

/** Who moved last, and the view the other side follows. */
interface Sync {
  left: ViewState | null;
  right: ViewState | null;
}

function Side({
  inspectionId,
  bladePosition,
  path,
  index,
  follow,
  onView,
  onCount,
  testId,
}: {
  inspectionId: string | null;
  bladePosition: number | null;
  path: number | null;
  index: number;
  follow: ViewState | null;
  onView: (v: ViewState, aspect: number) => void;
  onCount?: (n: number) => void;
  testId: string;
}) {
  const { t } = useTranslation('inspection');
  const st = useSeedText();
  const images = useImagesListQuery(
    inspectionId && path ? { id: inspectionId, pageIndex: 1, bladePosition: bladePosition ?? undefined, path, pageSize: INSPECTION_MAX_PAGE_SIZE } : skipToken,
  );
  const defects = useDefectsListQuery(inspectionId ? { inspectionId, pageIndex: 1, pageSize: INSPECTION_MAX_PAGE_SIZE } : skipToken);
  const list = useMemo(() => sortImages(images.data?.results ?? [], 'LEADING_EDGE_FIRST'), [images.data]);
  useEffect(() => onCount?.(list.length), [list.length, onCount]);
  const img = list[Math.min(index, list.length - 1)];
  const polygons = useMemo(() => defectPolygons(defects.data?.results ?? [], img?.imageId, t, st), [defects.data, img, t, st]);
  if (!inspectionId) return <Empty description={t('compare.pickInspection')} />;
  if (images.error) return <LoadError error={images.error} />;
  if (images.isLoading) return <Skeleton active />;
  if (!img) return <Empty description={t('compare.noImage')} />;
  return (
    <div data-testid={testId}>
      <ImageViewer image={img.tileStatus === 'done' ? img : null} polygons={polygons} follow={follow} onViewChange={onView} height={440} />
      <Typography.Text type="secondary">{img.fileName}</Typography.Text>
    </div>
  );
}

/** Two inspections of the same turbine, blade and path side by side; zoom and pan move together. */
export function CompareTab({ turbineId, inspectionId, componentType, bladePosition }: { turbineId: string; inspectionId: string; componentType: number; bladePosition: number | null }) {
  const { t } = useTranslation('inspection');
  const locale = useLocale();
  const list = useInspectionsListQuery({ turbineId, componentType: [componentType], pageSize: 100 });
  const inspections: Inspection[] = list.data?.results ?? [];
  const current = inspections.find((i) => i.inspectionId === inspectionId);
  const fallbackRight = current?.previousInspectionId ?? inspections.find((i) => i.inspectionId !== inspectionId)?.inspectionId ?? null;
  const [right, setRight] = useState<string | null>(null);
  const rightId = right ?? fallbackRight;
  const leftImages = useImagesListQuery({ id: inspectionId, pageIndex: 1, bladePosition: bladePosition ?? undefined, pageSize: INSPECTION_MAX_PAGE_SIZE });
  const paths = useMemo(
    () => pathsInOrder('LEADING_EDGE_FIRST', (leftImages.data?.results ?? []).map((i) => i.pathViewIndex).filter((p): p is number => p !== null)),
    [leftImages.data],
  );
  const [pathChoice, setPath] = useState<number | null>(null);
  const path = pathChoice !== null && paths.includes(pathChoice) ? pathChoice : (paths[0] ?? null);
  const [index, setIndex] = useState(0);
  const [count, setCount] = useState(0);
  const [sync, setSync] = useState<Sync>({ left: null, right: null });
  const aspects = useMemo(() => ({ left: 1, right: 1 }), []);

  const onLeft = useCallback(
    (v: ViewState, aspect: number) => {
      aspects.left = aspect;
      setSync({ left: null, right: mapViewState(v, aspect, aspects.right) });
    },
    [aspects],
  );
  const onRight = useCallback(
    (v: ViewState, aspect: number) => {
      aspects.right = aspect;
      setSync({ right: null, left: mapViewState(v, aspect, aspects.left) });
    },
    [aspects],
  );
  const step = useCallback((d: number) => setIndex((i) => Math.max(0, stepIndex(i, d, count))), [count]);
  useArrowKeys(step, count > 1);

  if (list.error) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  if (list.isLoading || leftImages.isLoading) return <Skeleton active />;
  const label = (i: Inspection) => `${formatDate(i.inspectionDate, locale)}${i.inspectionId === inspectionId ? ` (${t('compare.current')})` : ''}`;
  return (
    <div data-testid="compare-tab">
      <Space wrap style={{ marginBottom: 8 }}>
        <span>{t('compare.path')}</span>
        <Select style={{ minWidth: 200 }} value={path ?? undefined} onChange={(v: number) => (setPath(v), setIndex(0))} options={paths.map((p) => ({ value: p, label: pathLabel(p, locale) }))} />
        <span>{t('compare.compareWith')}</span>
        <Select
          style={{ minWidth: 200 }}
          value={rightId ?? undefined}
          placeholder={t('compare.pickInspection')}
          onChange={(v: string) => setRight(v)}
          options={inspections.filter((i) => i.inspectionId !== inspectionId).map((i) => ({ value: i.inspectionId, label: label(i) }))}
          data-testid="compare-with"
        />
        <Button icon={<LeftOutlined />} onClick={() => step(-1)} disabled={index <= 0} aria-label={t('images.previous')} />
        <Typography.Text>{t('images.position', { index: Math.min(index + 1, Math.max(count, 1)), count })}</Typography.Text>
        <Button icon={<RightOutlined />} onClick={() => step(1)} disabled={index >= count - 1} aria-label={t('images.next')} />
        <Typography.Text type="secondary">{t('compare.synced')}</Typography.Text>
      </Space>
      <div className="insp-compare">
        <Card size="small" title={current ? label(current) : '–'}>
          <Side inspectionId={inspectionId} bladePosition={bladePosition} path={path} index={index} follow={sync.left} onView={onLeft} onCount={setCount} testId="compare-left" />
        </Card>
        <Card size="small" title={rightId ? label(inspections.find((i) => i.inspectionId === rightId) ?? ({ inspectionDate: '', inspectionId: rightId } as Inspection)) : '–'}>
          <Side inspectionId={rightId} bladePosition={bladePosition} path={path} index={index} follow={sync.right} onView={onRight} testId="compare-right" />
        </Card>
      </div>
    </div>
  );
}
