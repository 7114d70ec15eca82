import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Modal, Select, Skeleton, Space, Switch, Tag, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@reduxjs/toolkit/query';
import { useLocale } from '@/shared/useLocale';
import { formatDate, formatNumber } from '@/shared/utils/format';
import { ImageViewer } from '@/shared/viewer/ImageViewer';
import { mapViewState, type ViewState } from '@/shared/viewer/geometry';
import { INSPECTION_MAX_PAGE_SIZE, useDefectsListQuery, useInspectionsGetQuery, type Defect } from '../inspectionApi';
import { useOverviewComponentResultsQuery, type ComponentInspectionView } from '../overviewApi';
import { counterpart, layoutImages, type LayoutColumn, type LayoutRow } from '../componentLayout';
import { chamberText, pathLabel } from '../labels';
import { severityFill, stepIndex } from '../logic';
import { AuthedThumb, LoadError } from './common';
import { DefectTable } from './DefectTable';
import { DefectDrawer } from './DefectDetail';
import { LpsTable } from './LpsTable';
import { TimelineBar } from './TimelineBar';
import { defectPolygons, useArrowKeys } from './ImagesTab';
import { componentName, countsText } from './ParkResults';
import { useSeedText } from '@/shared/useSeedText';

type Img = ComponentInspectionView['images'][number];
type T = (k: string, o?: Record<string, unknown>) => string;

const LPS = 0;

function columnLabel(c: LayoutColumn, t: T, locale: 'en_us' | 'zh_cn'): string {
  if (c.value === null) return t('component.unknown');
  switch (c.kind) {
    case 'side':
      return t('component.side', { side: c.value });
    case 'chamber':
      return chamberText(Number(c.value), locale) || t('component.noChamber');
    case 'path':
      return pathLabel(Number(c.value), locale);
    case 'blade':
      return t('blade.title', { position: c.value });
    default:
      return String(c.value);
  }
}

function rowLabel(r: LayoutRow<unknown>, t: T, locale: 'en_us' | 'zh_cn'): string {
  if (r.kind === 'all') return '';
  if (r.value === null) return t('component.unknown');
  return t(r.kind === 'height' ? 'component.height' : 'component.distance', { value: formatNumber(r.value, locale) });
}

/** The photos of one inspection laid out the way the component is inspected; a badge counts each photo's defects. */
function PhotoLayout({ componentType, images, defects, onOpen }: { componentType: number; images: Img[]; defects: Defect[]; onOpen: (imageId: string) => void }) {
  const { t } = useTranslation('inspection');
  const locale = useLocale();
  const sections = useMemo(() => layoutImages(componentType, images), [componentType, images]);
  if (!images.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('images.none')} />;
  return (
    <div data-testid="component-layout">
      {sections.map((s) => (
        <div key={s.key} className="insp-layout" data-testid={`layout-${s.key}`}>
          {s.bladePosition !== null && <Typography.Text strong>{t('blade.title', { position: s.bladePosition })}</Typography.Text>}
          <table>
            <thead>
              <tr>
                <th>{t(`component.axis.${s.rows[0]?.kind ?? 'all'}`)}</th>
                {s.columns.map((c) => (
                  <th key={c.key}>{columnLabel(c, t, locale)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {s.rows.map((r) => (
                <tr key={r.key}>
                  <th>{rowLabel(r, t, locale)}</th>
                  {r.cells.map((cell, i) => (
                    <td key={s.columns[i]!.key}>
                      <div className="insp-layout__cell">
                        {cell.map((img) => {
                          const own = defects.filter((d) => d.imageId === img.imageId);
                          const worst = own.reduce<number | null>((w, d) => (d.severity !== null && (w === null || d.severity > w) ? d.severity : w), null);
                          return (
                            <button
                              type="button"
                              key={img.imageId}
                              className="insp-layout__photo"
                              onClick={() => onOpen(img.imageId)}
                              title={img.fileName}
                              data-testid={`photo-${img.fileName}`}
                            >
                              <AuthedThumb url={img.thumbUri} alt={img.fileName} width={120} height={90} />
                              {own.length > 0 && (
                                <span className="insp-layout__badge" style={{ background: severityFill(worst) }} data-testid="photo-defects">
                                  {own.length}
                                </span>
                              )}
                            </button>
                          );
                        })}
                      </div>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}

/** One side of the viewer dialog: a photo in the deep-zoom viewer with its defect polygons. */
function ViewerSide({ title, image, defects, follow, onView, testId }: { title: string; image: Img | null; defects: Defect[]; follow: ViewState | null; onView: (v: ViewState, aspect: number) => void; testId: string }) {
  const { t } = useTranslation('inspection');
  const st = useSeedText();
  const polygons = useMemo(() => defectPolygons(defects, image?.imageId, t, st), [defects, image, t, st]);
  return (
    <Card size="small" title={title} data-testid={testId}>
      {!image ? (
        <Empty description={t('component.noCounterpart')} />
      ) : (
        <>
          {image.tileStatus !== 'done' && <Alert type="info" showIcon title={t(image.tileStatus === 'failed' ? 'images.tilesFailed' : 'images.tilesPending')} />}
          <ImageViewer image={image.tileStatus === 'done' ? image : null} polygons={polygons} follow={follow} onViewChange={onView} height="62vh" />
          <Typography.Text type="secondary">
            {image.fileName} · {t('images.defectsOnImage', { count: polygons.length })}
          </Typography.Text>
        </>
      )}
    </Card>
  );
}

/**
 * The component page's results (issue #23): the chosen inspection's photos laid out per component,
 * each opening in the deep-zoom viewer with its defect polygons, side by side with the same place
 * in the compared inspection (zoom and pan synchronised); the defects list; LPS readings.
 */
export function ComponentResults({
  turbineId,
  componentType,
  inspectionId,
  compareTo,
  onCompareTo,
}: {
  turbineId: string;
  componentType: number;
  inspectionId: string | null;
  compareTo: string | null;
  onCompareTo: (id: string | null) => void;
}) {
  const { t } = useTranslation('inspection');
  const locale = useLocale();
  const q = useOverviewComponentResultsQuery({
    turbineId,
    componentType: String(componentType),
    inspectionId: inspectionId ?? undefined,
    compareTo: compareTo ?? undefined,
  });
  const current = q.data?.current ?? null;
  const previous = q.data?.previous ?? null;
  const currentId = current?.inspection.inspectionId ?? null;
  const previousId = previous?.inspection.inspectionId ?? null;
  const defectsQ = useDefectsListQuery(currentId ? { inspectionId: currentId, pageIndex: 1, pageSize: INSPECTION_MAX_PAGE_SIZE } : skipToken);
  const prevDefectsQ = useDefectsListQuery(previousId ? { inspectionId: previousId, pageIndex: 1, pageSize: INSPECTION_MAX_PAGE_SIZE } : skipToken);
  const inspection = useInspectionsGetQuery(currentId ? { id: currentId } : skipToken);
  const defects = useMemo(() => defectsQ.data?.results ?? [], [defectsQ.data]);
  const prevDefects = useMemo(() => prevDefectsQ.data?.results ?? [], [prevDefectsQ.data]);
  const [openId, setOpenId] = useState<string | null>(null);
  const [compare, setCompare] = useState(true);
  const [defectId, setDefectId] = useState<string | null>(null);
  const [sync, setSync] = useState<{ left: ViewState | null; right: ViewState | null }>({ left: null, right: null });
  const aspects = useMemo(() => ({ left: 1, right: 1 }), []);

  // Photos in layout order: the viewer's previous / next follow the table.
  const ordered = useMemo(
    () => layoutImages(componentType, current?.images ?? []).flatMap((s) => s.rows.flatMap((r) => r.cells.flat())),
    [componentType, current],
  );
  const index = ordered.findIndex((i) => i.imageId === openId);
  const open = index >= 0 ? ordered[index]! : null;
  const other = open && previous ? counterpart(componentType, open, previous.images) : null;
  const step = useCallback(
    (d: number) => {
      const next = ordered[stepIndex(index, d, ordered.length)];
      if (next) setOpenId(next.imageId);
    },
    [ordered, index],
  );
  useArrowKeys(step, !!open && ordered.length > 1);
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

  if (q.error) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Skeleton active />;
  const data = q.data;
  if (!current) return <Empty description={t('component.noInspection', { component: componentName(componentType, locale) })} data-testid="component-empty" />;
  const dateOf = (v: ComponentInspectionView) => formatDate(v.inspection.inspectionDate, locale);
  const showImage = (d: Pick<Defect, 'imageId'>) => {
    setDefectId(null);
    setOpenId(d.imageId);
  };

  return (
    <div data-testid="component-results">
      <Card size="small" data-testid="component-summary">
        <Space wrap size="middle">
          <span>
            <Typography.Text type="secondary">{t('component.chosen')}</Typography.Text> <Typography.Text strong>{dateOf(current)}</Typography.Text>
          </span>
          <Typography.Text data-testid="component-counts">{countsText(current.counts, t)}</Typography.Text>
          <span>{t('compare.compareWith')}</span>
          <Select
            style={{ minWidth: 180 }}
            allowClear
            value={previousId ?? undefined}
            placeholder={t('compare.pickInspection')}
            onChange={(v?: string) => onCompareTo(v ?? null)}
            options={data.inspections.filter((i) => i.inspectionId !== currentId).map((i) => ({ value: i.inspectionId, label: formatDate(i.inspectionDate, locale) }))}
            aria-label={t('compare.compareWith')}
            data-testid="component-compare-with"
          />
          {previous && <Typography.Text type="secondary">{countsText(previous.counts, t)}</Typography.Text>}
          {!data.canEdit && <Tag data-testid="component-read-only">{t('component.readOnly')}</Tag>}
        </Space>
      </Card>

      {componentType !== LPS && inspection.data && <TimelineBar inspection={inspection.data} onOpenDefect={setDefectId} />}

      <Card size="small" title={t('component.photos', { count: current.images.length })} style={{ marginTop: 12 }}>
        {defectsQ.error ? <LoadError error={defectsQ.error} /> : <PhotoLayout componentType={componentType} images={current.images} defects={defects} onOpen={setOpenId} />}
      </Card>

      {componentType === LPS && (
        <Card size="small" title={t('tabs.lps')} style={{ marginTop: 12 }}>
          <LpsTable inspectionId={current.inspection.inspectionId} inspection={inspection.data} />
        </Card>
      )}

      <Card size="small" title={t('defects.all')} style={{ marginTop: 12 }}>
        <DefectTable inspectionId={current.inspection.inspectionId} bladePosition={null} onOpen={setDefectId} />
      </Card>
      <DefectDrawer defectId={defectId} onClose={() => setDefectId(null)} onShowImage={showImage} />

      <Modal
        open={!!open}
        onCancel={() => setOpenId(null)}
        footer={null}
        width="96vw"
        style={{ top: 16 }}
        destroyOnHidden
        title={
          <Space wrap>
            <span>{open?.fileName}</span>
            <Button size="small" icon={<LeftOutlined />} onClick={() => step(-1)} disabled={index <= 0} aria-label={t('images.previous')} />
            <Typography.Text>{t('images.position', { index: index + 1, count: ordered.length })}</Typography.Text>
            <Button size="small" icon={<RightOutlined />} onClick={() => step(1)} disabled={index >= ordered.length - 1} aria-label={t('images.next')} />
            <Switch size="small" checked={compare && !!previous} disabled={!previous} onChange={setCompare} data-testid="component-compare-switch" />
            <span>{previous ? t('component.compareWith', { date: dateOf(previous) }) : t('component.nothingToCompare')}</span>
            {compare && previous && <Typography.Text type="secondary">{t('compare.synced')}</Typography.Text>}
          </Space>
        }
      >
        {open && (
          <div className={compare && previous ? 'insp-compare' : undefined} data-testid="component-viewer">
            <ViewerSide title={dateOf(current)} image={open} defects={defects} follow={compare ? sync.left : null} onView={onLeft} testId="component-viewer-current" />
            {compare && previous && (
              <ViewerSide title={dateOf(previous)} image={other} defects={prevDefects} follow={sync.right} onView={onRight} testId="component-viewer-previous" />
            )}
          </div>
        )}
      </Modal>
    </div>
  );
}
