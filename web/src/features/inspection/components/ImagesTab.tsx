import { useEffect, useMemo } from 'react';
import { Button, Empty, Segmented, Skeleton, Space, Tag, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { formatNumber } from '@/shared/utils/format';
import type { ViewSortOrder } from '../contracts';
import { useImagesListQuery, useInspectionsGetQuery, INSPECTION_MAX_PAGE_SIZE, type Defect, type InspectionImage } from '../inspectionApi';
import { sortImages, stepIndex } from '../logic';
import { chamberText, pathLabel, viewLabel } from '../labels';
import { ImageViewer } from '@/shared/viewer/ImageViewer';
import { AuthedThumb, LoadError, useCanEdit } from './common';
import { VIEW_ORDERS, defectPolygons } from '@/shared/inspection/viewer';

export { VIEW_ORDERS, defectPolygons } from '@/shared/inspection/viewer';
import { ImageUpload } from './ImageUpload';
import { ImageActions } from './ImageActions';
import { useSeedText } from '@/shared/useSeedText';


/** How often the image list is read again while some image's tiles are being made. */
export const TILE_POLL_MS = 2000;


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
function Strip({
  images,
  current,
  onPick,
}: {
  images: readonly InspectionImage[];
  current: string | undefined;
  onPick: (id: string) => void;
}) {
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

/** The deep-zoom viewer over one inspection's images with the defects drawn on them; upload, edit and delete for engineers. */
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
  const st = useSeedText();
  // The whole inspection in the strip (blade, path, chamber); without a chosen image, the chosen blade's first.
  const q = useImagesListQuery({ id: inspectionId, pageIndex: 1, viewOrder, pageSize: INSPECTION_MAX_PAGE_SIZE });
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
  const polygons = useMemo(() => defectPolygons(defects, current?.imageId, t, st), [defects, current, t, st]);
  const inspection = useInspectionsGetQuery({ id: inspectionId });
  const canEdit = useCanEdit(inspection.data?.componentType);

  // Images whose tiles are still being made are asked for again until they are done (or failed).
  const waiting = images.some((i) => i.tileStatus !== 'done' && i.tileStatus !== 'failed');
  useImagesListQuery(
    { id: inspectionId, pageIndex: 1, viewOrder, pageSize: INSPECTION_MAX_PAGE_SIZE },
    { pollingInterval: waiting ? TILE_POLL_MS : 0, skip: !waiting },
  );

  if (q.error) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (q.isLoading) return <Skeleton active />;
  // The upload keeps one place in the tree whether or not there are images yet: its file list and
  // tile polling must survive the first image arriving.
  return (
    <div data-testid="images-tab">
      <Space wrap style={{ marginBottom: 8 }}>
        {current && <span>{t('images.viewOrder')}</span>}
        {current && (
          <Segmented<ViewSortOrder>
            value={viewOrder}
            onChange={onViewOrder}
            options={VIEW_ORDERS.map((o) => ({ value: o, label: t(`images.orders.${o}`) }))}
            data-testid="view-order"
          />
        )}
        {canEdit && inspection.data && <ImageUpload inspection={inspection.data} />}
      </Space>
      {!current && <Empty description={t('images.none')} />}
      {current && <Strip images={images} current={current.imageId} onPick={onImage} />}
      {current && (
        <div className="insp-viewer-bar">
          <Button icon={<LeftOutlined />} disabled={index <= 0} onClick={() => step(-1)} aria-label={t('images.previous')} />
          <Typography.Text data-testid="image-position">
            {t('images.position', { index: index + 1, count: images.length })} · {current.fileName} ·{' '}
            {pathLabel(current.pathViewIndex, locale)}
            {chamberText(current.chamber, locale) && ` · ${chamberText(current.chamber, locale)}`}
            {current.distanceToRoot !== null && ` · ${t('common.meters', { value: formatNumber(current.distanceToRoot, locale) })}`}
          </Typography.Text>
          <Button icon={<RightOutlined />} disabled={index >= images.length - 1} onClick={() => step(1)} aria-label={t('images.next')} />
          <Tag>{t('images.defectsOnImage', { count: polygons.length })}</Tag>
          {!current.isActive && <Tag color="default">{t('images.inactive')}</Tag>}
          <Typography.Text type="secondary">{t('images.keysHint')}</Typography.Text>
          {canEdit && (
            <ImageActions
              key={current.imageId}
              image={current}
              blades={inspection.data?.blades}
              onDeleted={() => {
                const next = images[index + 1] ?? images[index - 1];
                if (next) onImage(next.imageId);
              }}
            />
          )}
        </div>
      )}
      {current &&
        (current.tileStatus !== 'done' ? (
          <Empty description={t(current.tileStatus === 'failed' ? 'images.tilesFailed' : 'images.tilesPending')} />
        ) : (
          <ImageViewer image={current} polygons={polygons} onSelectPolygon={onOpenDefect} />
        ))}
    </div>
  );
}
