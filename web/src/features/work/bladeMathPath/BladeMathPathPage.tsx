import { useMemo, useState } from 'react';
import { Alert, Empty, Modal, Segmented, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LanguageSwitch } from '@/shared/components/LanguageSwitch';
import { useLocale } from '@/shared/useLocale';
import { formatDate } from '@/shared/utils/format';
import {
  useInspectionsGetQuery,
  type InspectionImage,
  AuthedThumb,
  LoadError,
  VIEW_ORDERS,
  defectPolygons,
  diagramLength,
  lengthTicks,
  chamberText,
  pathLabel,
} from '@/shared/inspection';
import { ImageViewer } from '@/shared/viewer/ImageViewer';
import { useStitchBladeDefectsQuery, useStitchImagesQuery, useStitchingListQuery, type PanoramaSummary } from '../stitching/stitchingApi';
import { SEVERITY_PALETTE_9, type ViewSortOrder } from '../stitching/contracts';
import { DEFAULT_PIXEL_SIZE_MM, axisX, bladeRows, levelsIn, parseBlade, type ImageBox, type PathRow } from './logic';
import './bladeMathPath.css';
import { useSeedText } from '@/shared/useSeedText';

/** Drawing width of the axis (SVG units; the SVG stretches to the row). */
const AXIS_W = 1000;

function Axis({ length }: { length: number }) {
  const { t } = useTranslation('bladeMathPath');
  return (
    <div className="bmp-row bmp-row--axis">
      <div className="bmp-row__label">{t('axis', { length })}</div>
      <div className="bmp-row__track">
        <svg viewBox={`0 0 ${AXIS_W} 24`} preserveAspectRatio="none" className="bmp-axis" data-testid="blade-axis" data-length={length}>
          <line x1={0} y1={4} x2={AXIS_W} y2={4} stroke="#8c8c8c" vectorEffect="non-scaling-stroke" />
          {lengthTicks(length).map((m) => (
            <line
              key={m}
              x1={axisX(m, length, AXIS_W)}
              y1={0}
              x2={axisX(m, length, AXIS_W)}
              y2={8}
              stroke="#8c8c8c"
              vectorEffect="non-scaling-stroke"
            />
          ))}
        </svg>
        <div className="bmp-axis__labels">
          {lengthTicks(length).map((m) => (
            <span key={m} style={{ left: `${(axisX(m, length, AXIS_W) / AXIS_W) * 100}%` }} data-testid="axis-tick">
              {m}
            </span>
          ))}
        </div>
      </div>
      <div className="bmp-row__pano" />
    </div>
  );
}

function boxTitle(b: ImageBox, t: (k: string, o?: Record<string, unknown>) => string): string {
  const where = b.image.distanceToRoot === null ? t('noDistance') : t('distance', { d: b.image.distanceToRoot });
  return `${b.image.fileName} · ${where} · ${t('defects', { count: b.defects })}`;
}

function PanoramaCell({ p }: { p: PanoramaSummary | undefined }) {
  const { t } = useTranslation('bladeMathPath');
  if (!p) return <Typography.Text type="secondary">{t('panorama.none')}</Typography.Text>;
  if (p.status === 'done') return <AuthedThumb url={p.thumbUri} alt={t('panorama.alt')} width={180} height={44} />;
  return (
    <Tag color={p.status === 'failed' ? 'error' : 'processing'} data-testid="bmp-panorama-status">
      {t(`panorama.${p.status}`)}
    </Tag>
  );
}

function Row({
  row,
  length,
  panorama,
  onOpen,
}: {
  row: PathRow;
  length: number;
  panorama: PanoramaSummary | undefined;
  onOpen: (img: InspectionImage) => void;
}) {
  const { t } = useTranslation('bladeMathPath');
  const locale = useLocale();
  const chamber = chamberText(row.chamber, locale);
  return (
    <div className="bmp-row" data-testid="blade-path-row" data-view={row.pathViewIndex} data-chamber={row.chamber}>
      <div className="bmp-row__label">
        <div className="bmp-row__title" data-testid="blade-path-label">
          {pathLabel(row.pathViewIndex, locale)}
          {chamber ? ` · ${chamber}` : ''}
        </div>
        <div className="bmp-row__meta">{t('photos', { count: row.placed.length + row.unplaced.length })}</div>
      </div>
      <div className="bmp-row__track">
        <svg viewBox={`0 0 ${AXIS_W} 36`} preserveAspectRatio="none" className="bmp-track">
          <rect x={0} y={15} width={AXIS_W} height={6} fill="#f0f0f0" />
          {row.placed.map((b) => {
            const x = axisX(b.from, length, AXIS_W);
            const w = Math.max(3, axisX(b.to, length, AXIS_W) - x);
            return (
              <rect
                key={b.image.imageId}
                x={x}
                y={3}
                width={w}
                height={30}
                fill={b.color}
                fillOpacity={0.85}
                stroke="#595959"
                vectorEffect="non-scaling-stroke"
                className="bmp-box"
                data-testid="blade-path-image"
                data-image-id={b.image.imageId}
                data-level={b.level}
                onClick={() => onOpen(b.image)}
              >
                <title>{boxTitle(b, t)}</title>
              </rect>
            );
          })}
        </svg>
        {row.unplaced.length > 0 && (
          <div className="bmp-unplaced" data-testid="blade-path-unplaced">
            <span>{t('unplaced')}</span>
            {row.unplaced.map((b) => (
              <Tooltip key={b.image.imageId} title={boxTitle(b, t)}>
                <button
                  type="button"
                  className="bmp-chip"
                  style={{ background: b.color }}
                  onClick={() => onOpen(b.image)}
                  data-testid="blade-path-image"
                  data-image-id={b.image.imageId}
                  data-level={b.level}
                >
                  {b.image.sortIndex ?? '–'}
                </button>
              </Tooltip>
            ))}
          </div>
        )}
      </div>
      <div className="bmp-row__pano">
        <PanoramaCell p={panorama} />
      </div>
    </div>
  );
}

function BladeView({ inspectionId, blade }: { inspectionId: string; blade: number }) {
  const { t } = useTranslation('bladeMathPath');
  const { t: ti } = useTranslation('inspection');
  const locale = useLocale();
  const st = useSeedText();
  const [order, setOrder] = useState<ViewSortOrder>('LEADING_EDGE_FIRST');
  const [open, setOpen] = useState<InspectionImage | null>(null);
  const [, setParams] = useSearchParams();
  const inspection = useInspectionsGetQuery({ id: inspectionId });
  const images = useStitchImagesQuery({ inspectionId, bladePosition: blade, isActive: true });
  const defects = useStitchBladeDefectsQuery({ inspectionId, bladePosition: blade });
  const panoramas = useStitchingListQuery({ id: inspectionId, bladePosition: blade });
  const panoOf = (r: PathRow) => panoramas.data?.results.find((p) => p.pathViewIndex === r.pathViewIndex && p.chamber === r.chamber);
  const rows = useMemo(
    () =>
      bladeRows(images.data ?? [], defects.data ?? [], order, (view, chamber) => {
        const p = panoramas.data?.results.find((x) => x.pathViewIndex === view && x.chamber === chamber);
        return p?.pixelSizeMm ?? DEFAULT_PIXEL_SIZE_MM;
      }),
    [images.data, defects.data, order, panoramas.data],
  );
  const bladeInfo = inspection.data?.blades?.find((b) => b.position === blade);
  const length = diagramLength(bladeInfo?.length, [...(images.data ?? []), ...(defects.data ?? [])]);
  const levels = levelsIn(rows);
  const error = inspection.error ?? images.error ?? defects.error;

  return (
    <>
      <div className="bmp-toolbar">
        <Typography.Text strong data-testid="bmp-turbine">
          {inspection.data ? `${inspection.data.turbineName} · ${formatDate(inspection.data.inspectionDate, locale)}` : '…'}
        </Typography.Text>
        <Segmented
          value={blade}
          options={[1, 2, 3].map((n) => ({ value: n, label: t('blade', { n }) }))}
          onChange={(v) => setParams((q) => ({ ...Object.fromEntries(q), bladePosition: String(v) }))}
          data-testid="bmp-blade"
        />
        <Space>
          <span>{ti('images.viewOrder')}</span>
          <Segmented<ViewSortOrder>
            value={order}
            options={VIEW_ORDERS.map((o) => ({ value: o, label: ti(`images.orders.${o}`) }))}
            onChange={(v) => setOrder(v)}
            data-testid="bmp-order"
          />
        </Space>
        {bladeInfo?.serialNumber && <Tag>{t('serial', { serial: bladeInfo.serialNumber })}</Tag>}
      </div>
      {error ? (
        <LoadError error={error} onRetry={() => void Promise.all([inspection.refetch(), images.refetch(), defects.refetch()])} />
      ) : !images.data || !defects.data || !inspection.data ? (
        <Skeleton active />
      ) : rows.length === 0 ? (
        <Empty description={t('noPaths')} data-testid="bmp-empty" />
      ) : (
        <div className="bmp-rows" data-testid="blade-path-rows">
          <Axis length={length} />
          {rows.map((r) => (
            <Row key={`${r.pathViewIndex}:${r.chamber}`} row={r} length={length} panorama={panoOf(r)} onOpen={setOpen} />
          ))}
          <div className="bmp-legend" data-testid="bmp-legend">
            {levels.map((l) => (
              <span key={l} className="bmp-legend__item">
                <i style={{ background: SEVERITY_PALETTE_9[l] }} />
                {ti(`severity.levels.${l}`)}
              </span>
            ))}
          </div>
        </div>
      )}
      <Modal
        open={open !== null}
        onCancel={() => setOpen(null)}
        footer={null}
        width="min(1200px, 94vw)"
        title={
          open ? `${open.fileName} · ${open.distanceToRoot === null ? t('noDistance') : t('distance', { d: open.distanceToRoot })}` : ''
        }
        destroyOnHidden
      >
        {open && (
          <div data-testid="bmp-image-modal" data-image-id={open.imageId}>
            {open.tileStatus === 'done' ? (
              <ImageViewer image={open} polygons={defectPolygons(defects.data ?? [], open.imageId, ti, st)} height={560} keepView={false} />
            ) : (
              <Empty description={ti(open.tileStatus === 'failed' ? 'images.tilesFailed' : 'images.tilesPending')} />
            )}
          </div>
        )}
      </Modal>
    </>
  );
}

/** /bladeMathPath?inspectionId=…&bladePosition=1..3 (standalone): a blade's paths along the distance to root. */
export function Component() {
  const { t } = useTranslation('bladeMathPath');
  const [params] = useSearchParams();
  const inspectionId = params.get('inspectionId');
  const blade = parseBlade(params.get('bladePosition'));
  return (
    <div className="bmp-page" data-testid="page-bladeMathPath">
      <div className="bmp-header">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {blade ? t('titleOf', { n: blade }) : t('title')}
        </Typography.Title>
        <LanguageSwitch />
      </div>
      {!inspectionId || blade === null ? (
        <Alert type="warning" showIcon title={t('missing')} data-testid="bmp-missing" />
      ) : (
        <BladeView inspectionId={inspectionId} blade={blade} />
      )}
    </div>
  );
}
