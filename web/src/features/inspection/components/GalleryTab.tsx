import { useMemo, useState } from 'react';
import { Badge, Card, Empty, Pagination, Select, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { formatNumber } from '@/shared/utils/format';
import { SEVERITY_LEVELS } from '../contracts';
import { INSPECTION_MAX_PAGE_SIZE, useImagesListQuery, type Defect, type InspectionImage } from '../inspectionApi';
import { severityFill } from '../logic';
import { chamberText, pathLabel } from '../labels';
import { AuthedThumb, LoadError } from './common';

export type HasDefects = 'all' | 'with' | 'without';

export interface ImageDefectSummary {
  count: number;
  maxSeverity: number | null;
  severities: Set<number>;
}

/** Defect count, highest severity and severities present per image. */
export function summariseDefects(defects: readonly Defect[]): Map<string, ImageDefectSummary> {
  const out = new Map<string, ImageDefectSummary>();
  for (const d of defects) {
    const s = out.get(d.imageId) ?? { count: 0, maxSeverity: null, severities: new Set<number>() };
    s.count++;
    if (d.severity !== null) {
      s.severities.add(d.severity);
      s.maxSeverity = s.maxSeverity === null ? d.severity : Math.max(s.maxSeverity, d.severity);
    }
    out.set(d.imageId, s);
  }
  return out;
}

/** The defect filters (has defects, severities) applied to a list of images. */
export function filterByDefects(images: readonly InspectionImage[], summary: Map<string, ImageDefectSummary>, has: HasDefects, severities: readonly number[]): InspectionImage[] {
  return images.filter((img) => {
    const s = summary.get(img.imageId);
    if (has === 'with' && !s) return false;
    if (has === 'without' && s) return false;
    if (severities.length && !(s && severities.some((v) => s.severities.has(v)))) return false;
    return true;
  });
}

/**
 * Thumbnails of the chosen inspection (park, turbine and inspection come from the page's
 * selectors), filtered by blade, path, severity and "has defects". Paged on the server; the
 * defect filters are not known to the image list, so with one of them the inspection's
 * images are read at once and paged here.
 */
export function GalleryTab({ inspectionId, defects, onOpenImage }: { inspectionId: string; defects: readonly Defect[]; onOpenImage: (img: InspectionImage) => void }) {
  const { t } = useTranslation('inspection');
  const locale = useLocale();
  const [blade, setBlade] = useState<number | undefined>();
  const [path, setPath] = useState<number | undefined>();
  const [severities, setSeverities] = useState<number[]>([]);
  const [has, setHas] = useState<HasDefects>('all');
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 12 });
  const defectFilter = has !== 'all' || severities.length > 0;
  const q = useImagesListQuery({
    id: inspectionId,
    bladePosition: blade,
    path,
    ...(defectFilter ? { pageIndex: 1, pageSize: INSPECTION_MAX_PAGE_SIZE } : page),
  });
  const summary = useMemo(() => summariseDefects(defects), [defects]);
  const filtered = useMemo(() => (defectFilter ? filterByDefects(q.data?.results ?? [], summary, has, severities) : (q.data?.results ?? [])), [q.data, summary, has, severities, defectFilter]);
  const total = defectFilter ? filtered.length : (q.data?.totalCount ?? 0);
  const shown = defectFilter ? filtered.slice((page.pageIndex - 1) * page.pageSize, page.pageIndex * page.pageSize) : filtered;
  const reset = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage((p) => ({ ...p, pageIndex: 1 }));
  };

  return (
    <div data-testid="gallery-tab">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select allowClear placeholder={t('gallery.allBlades')} style={{ minWidth: 140 }} value={blade} onChange={reset(setBlade)} options={[1, 2, 3].map((p) => ({ value: p, label: t('blade.title', { position: p }) }))} aria-label={t('gallery.blade')} />
        <Select allowClear placeholder={t('gallery.allPaths')} style={{ minWidth: 200 }} value={path} onChange={reset(setPath)} options={[5, 6, 7, 8, 1, 2, 3, 4].map((p) => ({ value: p, label: pathLabel(p, locale) }))} aria-label={t('gallery.path')} />
        <Select
          mode="multiple"
          allowClear
          placeholder={t('gallery.allSeverities')}
          style={{ minWidth: 200 }}
          value={severities}
          onChange={reset(setSeverities)}
          options={SEVERITY_LEVELS.map((s) => ({ value: s, label: t('severity.value', { level: s }) }))}
          aria-label={t('gallery.severity')}
        />
        <Select<HasDefects>
          style={{ minWidth: 180 }}
          value={has}
          onChange={reset(setHas)}
          options={(['all', 'with', 'without'] as const).map((v) => ({ value: v, label: t(`gallery.has.${v}`) }))}
          aria-label={t('gallery.hasDefects')}
          data-testid="gallery-has-defects"
        />
      </Space>
      {q.error ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : q.isLoading ? (
        <Skeleton active />
      ) : !shown.length ? (
        <Empty description={t('gallery.none')} />
      ) : (
        <>
          <div className="insp-gallery">
            {shown.map((img) => {
              const s = summary.get(img.imageId);
              return (
                <Card key={img.imageId} size="small" hoverable onClick={() => onOpenImage(img)} data-testid="gallery-item" className="insp-gallery__item">
                  <Badge count={s?.count ?? 0} color={s ? severityFill(s.maxSeverity) : undefined} offset={[-6, 6]}>
                    <AuthedThumb url={img.thumbUri} alt={img.fileName} width={220} height={74} />
                  </Badge>
                  <Typography.Text ellipsis style={{ display: 'block' }}>
                    {img.bladePosition ? t('blade.title', { position: img.bladePosition }) : '–'} · {pathLabel(img.pathViewIndex, locale)}
                    {chamberText(img.chamber, locale) && ` · ${chamberText(img.chamber, locale)}`}
                  </Typography.Text>
                  <Typography.Text type="secondary">{s ? t('gallery.defects', { count: s.count }) : t('gallery.noDefects')}</Typography.Text>
                </Card>
              );
            })}
          </div>
          <Pagination
            style={{ marginTop: 12 }}
            current={page.pageIndex}
            pageSize={page.pageSize}
            total={total}
            showSizeChanger
            pageSizeOptions={[12, 24, 48]}
            showTotal={(n) => t('common.total', { count: n, total: formatNumber(n, locale) })}
            onChange={(pageIndex, pageSize) => setPage({ pageIndex, pageSize })}
          />
        </>
      )}
    </div>
  );
}
