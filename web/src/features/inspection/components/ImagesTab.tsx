import { useEffect, useMemo } from 'react';
import { Button, Empty, Segmented, Skeleton, Space, Tag, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { formatNumber } from '@/shared/utils/format';
import type { ViewSortOrder } from '../contracts';
import { useImagesQuery, INSPECTION_MAX_PAGE_SIZE, type Defect, type InspectionImage } from '../inspectionApi';
import { severityFill, sortImages, stepIndex } from '../logic';
import { chamberText, pathLabel, viewLabel } from '../labels';
import { ImageViewer } from '../viewer/ImageViewer';
import type { OverlayPolygon } from '../viewer/PolygonOverlay';
import { AuthedThumb, LoadError } from './common';

export const VIEW_ORDERS: readonly ViewSortOrder[] = ['LEADING_EDGE_FIRST', 'TRAILING_EDGE_FIRST', 'MIDDLE_FIRST'];

/** Polygons of the defects on one image, coloured by severity, with hover words. */
export function defectPolygons(defects: readonly Defect[], imageId: string | undefined, t: (k: string, o?: Record<string, unknown>) => string): OverlayPolygon[] {
  return defects
    .filter((d) => d.imageId === imageId && d.polygon?.length >= 3)
    .map((d) => ({
      id: d.defectId,
      points: d.polygon,
      color: severityFill(d.severity),
      title: d.defectType,
      subtitle: `${d.severity === null ? t('severity.tbd') : t('severity.value', { level: d.severity })} · ${t('defect.numberShort', { no: d.defectNo })}`,
    }));
}

/** Left/right arrows move through the strip (not while typing in a field). */
export function useArrowKeys(onStep: (delta: number) => void, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const handler = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName))) return;
      if (e.key === 'ArrowLeft') onStep(-1);
      else if (e.key === 'ArrowRight') onStep(1);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', handler);
    return () => window.removeEventListener('keydown', handler);
  }, [onStep, enabled]);
}

/** Strip groups: blade, then path (in the view order), each image with its chamber label. */
function Strip({ images, current, onPick }: { images: readonly InspectionImage[]; current: string | undefined; onPick: (id: string) => void }) {
  const { t } = useTranslation('inspection');
  const locale = useLocale();
  const groups: Array<{ key: string; title: string; items: InspectionImage[] }> = [];
  for (const img of images) {
    const key = `${img.bladePosition ?? 0}-${img.pathViewIndex ?? 0}`;
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.items.push(img);
    else
      groups.push({
        key,
        title: `${img.bladePosition ? t('blade.title', { position: img.bladePosition }) : '–'} · ${pathLabel(img.pathViewIndex, locale)}`,
        items: [img],
      });
  }
  return (
    <div className="insp-strip" data-testid="image-strip">
      {groups.map((g) => (
        <div key={g.key} className="insp-strip__group" data-testid="strip-group">
          <div className="insp-strip__title">{g.title}</div>
          <div className="insp-strip__items">
            {g.items.map((img) => (
              <button
                type="button"
                key={img.imageId}
                className={`insp-strip__item${img.imageId === current ? ' insp-strip__item--current' : ''}`}
                onClick={() => onPick(img.imageId)}
                data-testid="strip-image"
                aria-current={img.imageId === current}
                title={img.fileName}
              >
                <AuthedThumb url={img.thumbUri} alt={img.fileName} width={120} height={44} />
                <span className="insp-strip__caption">
                  {viewLabel(img.pathViewIndex, locale)}
                  {chamberText(img.chamber, locale) && ` · ${chamberText(img.chamber, locale)}`}
                </span>
              </button>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/** The deep-zoom viewer over one inspection's images with the defects drawn on them. */
export function ImagesTab({
  inspectionId,
  bladePosition,
  defects,
  imageId,
  onImage,
  viewOrder,
  onViewOrder,
  onOpenDefect,
}: {
  inspectionId: string;
  bladePosition: number | null;
  defects: readonly Defect[];
  imageId: string | null;
  onImage: (id: string) => void;
  viewOrder: ViewSortOrder;
  onViewOrder: (o: ViewSortOrder) => void;
  onOpenDefect: (id: string) => void;
}) {
  const { t } = useTranslation('inspection');
  const locale = useLocale();
  // The whole inspection in the strip (blade, path, chamber); without a chosen image, the chosen blade's first.
  const q = useImagesQuery({ inspectionId, viewOrder, pageSize: INSPECTION_MAX_PAGE_SIZE });
  const images = useMemo(() => sortImages(q.data?.results ?? [], viewOrder), [q.data, viewOrder]);
  const chosen = images.findIndex((i) => i.imageId === imageId);
  const index = Math.max(0, chosen >= 0 ? chosen : images.findIndex((i) => i.bladePosition === bladePosition));
  const current = images[index];
  const step = useMemo(
    () => (delta: number) => {
      const next = stepIndex(index, delta, images.length);
      if (next >= 0 && images[next]) onImage(images[next].imageId);
    },
    [index, images, onImage],
  );
  useArrowKeys(step, images.length > 1);
  const polygons = useMemo(() => defectPolygons(defects, current?.imageId, t), [defects, current, t]);

  if (q.error) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (q.isLoading) return <Skeleton active />;
  if (!images.length) return <Empty description={t('images.none')} />;
  return (
    <div data-testid="images-tab">
      <Space wrap style={{ marginBottom: 8 }}>
        <span>{t('images.viewOrder')}</span>
        <Segmented<ViewSortOrder>
          value={viewOrder}
          onChange={onViewOrder}
          options={VIEW_ORDERS.map((o) => ({ value: o, label: t(`images.orders.${o}`) }))}
          data-testid="view-order"
        />
      </Space>
      <Strip images={images} current={current?.imageId} onPick={onImage} />
      <div className="insp-viewer-bar">
        <Button icon={<LeftOutlined />} disabled={index <= 0} onClick={() => step(-1)} aria-label={t('images.previous')} />
        <Typography.Text data-testid="image-position">
          {t('images.position', { index: index + 1, count: images.length })} · {current.fileName} · {pathLabel(current.pathViewIndex, locale)}
          {chamberText(current.chamber, locale) && ` · ${chamberText(current.chamber, locale)}`}
          {current.distanceToRoot !== null && ` · ${t('common.meters', { value: formatNumber(current.distanceToRoot, locale) })}`}
        </Typography.Text>
        <Button icon={<RightOutlined />} disabled={index >= images.length - 1} onClick={() => step(1)} aria-label={t('images.next')} />
        <Tag>{t('images.defectsOnImage', { count: polygons.length })}</Tag>
        <Typography.Text type="secondary">{t('images.keysHint')}</Typography.Text>
      </div>
      {current.tileStatus !== 'done' ? (
        <Empty description={t(current.tileStatus === 'failed' ? 'images.tilesFailed' : 'images.tilesPending')} />
      ) : (
        <ImageViewer image={current} polygons={polygons} onSelectPolygon={onOpenDefect} />
      )}
    </div>
  );
}
