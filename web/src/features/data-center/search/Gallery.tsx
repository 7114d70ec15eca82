import { Card, Empty, Pagination, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuthedObjectUrl } from '@/shared/viewer/authedFetch';
import { severityColor, type Locale } from '@/shared/contracts';
import type { ImageHitView } from '../dataCenterApi';
import { viewIndexText } from '../labels';

/** A thumbnail with its defects' outlines (polygons in image pixels, scaled by the SVG view box). */
function Thumb({ image }: { image: ImageHitView }) {
  const { src } = useAuthedObjectUrl(image.thumbUri);
  return (
    <div className="dc-thumb">
      {src ? <img src={src} alt={image.fileName} /> : <div className="dc-thumb__wait" />}
      <svg viewBox={`0 0 ${image.width} ${image.height}`} preserveAspectRatio="none" className="dc-thumb__overlay">
        {image.defects.map((d) => (
          <polygon key={d.defectId} points={d.polygon.map((p) => p.join(',')).join(' ')} fill="none" stroke={severityColor(d.severity)} strokeWidth={Math.max(2, image.width / 150)} />
        ))}
      </svg>
    </div>
  );
}

export function Gallery({
  images,
  total,
  page,
  onPage,
  onOpen,
  locale,
  loading,
}: {
  images: ImageHitView[];
  total: number;
  page: { pageIndex: number; pageSize: number };
  onPage: (pageIndex: number, pageSize: number) => void;
  onOpen: (image: ImageHitView) => void;
  locale: Locale;
  loading: boolean;
}) {
  const { t } = useTranslation('dataCenter');
  if (!loading && !images.length) return <Empty description={t('search.noImages')} />;
  return (
    <div data-testid="dc-gallery">
      <div className="dc-gallery">
        {images.map((img) => (
          <Card key={img.imageId} size="small" hoverable onClick={() => onOpen(img)} cover={<Thumb image={img} />} data-testid="dc-gallery-card">
            <div className="dc-gallery__meta">
              <strong>{img.turbineName}</strong> · {img.inspectionDate}
            </div>
            <div className="dc-gallery__meta">
              {t('search.bladeN', { n: img.bladePosition ?? '—' })} · {viewIndexText(img.pathViewIndex, locale)}
              {img.distanceToRoot !== null ? ` · ${img.distanceToRoot} m` : ''}
            </div>
            {img.defects.length > 0 && <Tag color="red">{t('search.defectsN', { count: img.defects.length })}</Tag>}
          </Card>
        ))}
      </div>
      <Pagination style={{ marginTop: 12 }} current={page.pageIndex} pageSize={page.pageSize} total={total} showSizeChanger pageSizeOptions={[12, 24, 48]} onChange={onPage} />
    </div>
  );
}
