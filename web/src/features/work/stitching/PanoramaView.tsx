import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, InputNumber, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '@/core/api/baseQuery';
import { useLocale } from '@/shared/useLocale';
import { errorMessageOf } from '@/core/api/errorMessage';
import { severityFill } from '@/shared/inspection';
import { ImageViewer } from '@/shared/viewer/ImageViewer';
import type { OverlayPolygon } from '@/shared/viewer/PolygonOverlay';
import { isNudgeKey, nudge, placementPolygon, previewDefects, previewPlacements, sameOffsets, withOffset, MAX_OFFSET_PX } from './logic';
import { useStitchingSetOffsetsMutation, type Offsets, type Panorama } from './stitchingApi';
import { useSeedText } from '@/shared/useSeedText';

const PLACEMENT_COLOR = '#d9d9d9';
const SELECTED_COLOR = '#1677ff';

/** The panorama with its photos outlined and the path's defects; in work mode photos are nudged here. */
export function PanoramaView({ pano, editable }: { pano: Panorama; editable: boolean }) {
  const { t } = useTranslation('stitching');
  const { t: ti } = useTranslation('inspection');
  const st = useSeedText();
  const locale = useLocale();
  const [selected, setSelected] = useState<string | null>(null);
  const [pending, setPending] = useState<Offsets>(pano.offsets);
  const [apply, applied] = useStitchingSetOffsetsMutation();
  // A new run brings its own offsets: the edits start again from them.
  useEffect(() => setPending(pano.offsets), [pano.panoramaId, pano.version, pano.offsets]);

  const placements = useMemo(() => previewPlacements(pano.placements, pano.offsets, pending), [pano, pending]);
  const defects = useMemo(() => previewDefects(pano.defects, pano.placements, pano.offsets, pending), [pano, pending]);
  const changed = !sameOffsets(pano.offsets, pending);

  const polygons = useMemo<OverlayPolygon[]>(
    () => [
      ...placements.map((p) => ({
        id: `image:${p.imageId}`,
        points: placementPolygon(p),
        color: p.imageId === selected ? SELECTED_COLOR : PLACEMENT_COLOR,
        title: p.fileName,
        subtitle: p.distanceToRoot === null ? t('images.noDistance') : t('images.distance', { d: p.distanceToRoot }),
      })),
      ...defects.map((d) => ({
        id: `defect:${d.defectId}`,
        points: d.polygon,
        color: severityFill(d.severity),
        title: st(d.defectType),
        subtitle: `${d.severity === null ? ti('severity.tbd') : ti('severity.value', { level: d.severity })} · #${d.defectNo}`,
      })),
    ],
    [placements, defects, selected, t, ti, st],
  );

  // Arrow keys move the selected photo (Shift: ×10); not while typing, and before the viewer pans.
  useEffect(() => {
    if (!editable || !selected) return;
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName))) return;
      if (!isNudgeKey(e.key)) return;
      e.preventDefault();
      e.stopPropagation();
      setPending((cur) => nudge(cur, selected, e.key as Parameters<typeof nudge>[2], e.shiftKey));
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [editable, selected]);

  const sel = pano.placements.find((p) => p.imageId === selected) ?? null;
  const off = selected ? (pending[selected] ?? { dx: 0, dy: 0 }) : { dx: 0, dy: 0 };
  return (
    <div className="stitch-body">
      <div className="stitch-viewer">
        <ImageViewer
          image={{ imageId: `${pano.panoramaId}@${pano.version}`, dziUri: pano.dziUri, width: pano.width ?? 1, height: pano.height ?? 1 }}
          polygons={polygons}
          selectedPolygonId={selected ? `image:${selected}` : null}
          onSelectPolygon={(id) => id.startsWith('image:') && setSelected(id.slice(6))}
          height="calc(100vh - 190px)"
        />
        <div className="stitch-viewer__caption" data-testid="panorama-size">
          {t('panorama.size', { width: pano.width, height: pano.height, count: pano.imageCount ?? 0 })}
        </div>
      </div>
      <Card size="small" className="stitch-side" title={t('images.title')}>
        {editable && <Typography.Paragraph type="secondary">{t('images.hint')}</Typography.Paragraph>}
        <div className="stitch-images" data-testid="placement-list">
          {pano.placements.map((p) => {
            const o = pending[p.imageId];
            return (
              <button
                type="button"
                key={p.imageId}
                className={`stitch-images__item${p.imageId === selected ? ' stitch-images__item--selected' : ''}`}
                onClick={() => setSelected(p.imageId === selected ? null : p.imageId)}
                data-testid="placement-item"
                data-image-id={p.imageId}
                data-selected={p.imageId === selected ? 'yes' : 'no'}
              >
                <span className="stitch-images__name">{p.fileName}</span>
                <span className="stitch-images__meta">
                  {p.distanceToRoot === null ? t('images.noDistance') : t('images.distance', { d: p.distanceToRoot })}
                  {o ? ` · ${t('images.offset', { dx: o.dx, dy: o.dy })}` : ''}
                </span>
              </button>
            );
          })}
        </div>
        {editable && sel && (
          <Space className="stitch-offset" data-testid="offset-inputs" wrap>
            {(['dx', 'dy'] as const).map((axis) => (
              <InputNumber
                key={axis}
                prefix={axis}
                suffix={t('images.sourcePx')}
                precision={0}
                min={-MAX_OFFSET_PX}
                max={MAX_OFFSET_PX}
                value={off[axis]}
                onChange={(v) => setPending((cur) => withOffset(cur, sel.imageId, { ...off, [axis]: Number(v ?? 0) }))}
                data-testid={`offset-${axis}`}
              />
            ))}
          </Space>
        )}
        {editable && (
          <div className="stitch-actions">
            {changed && <Alert type="info" showIcon title={t('images.pendingChanges')} data-testid="offsets-pending" />}
            <Space wrap>
              <Button
                type="primary"
                disabled={!changed}
                loading={applied.isLoading}
                onClick={() => void apply({ panoramaId: pano.panoramaId, panoramaOffsetsDto: { offsets: pending } })}
                data-testid="apply-offsets"
              >
                {t('apply')}
              </Button>
              <Button disabled={!changed} onClick={() => setPending(pano.offsets)} data-testid="reset-offsets">
                {t('reset')}
              </Button>
            </Space>
            {applied.error && (
              <Alert type="error" showIcon title={errorMessageOf(applied.error as ApiError, locale)} data-testid="apply-error" />
            )}
          </div>
        )}
      </Card>
    </div>
  );
}
