import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { Tooltip } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { whenVisible } from '@/shared/utils/whenVisible';
import { type InspectionImage, AuthedThumb, chamberText, pathLabel } from '@/shared/inspection';
import type { LabelingStatus } from '../labelingApi';

export interface StripGroup {
  key: string;
  bladePosition: number | null;
  pathViewIndex: number | null;
  images: InspectionImage[];
}

/** Consecutive images of the same blade and path (the server's gallery order) form a group. */
export function groupImages(images: readonly InspectionImage[]): StripGroup[] {
  const groups: StripGroup[] = [];
  for (const img of images) {
    const key = `${img.bladePosition ?? ''}/${img.pathViewIndex ?? ''}`;
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.images.push(img);
    else groups.push({ key, bladePosition: img.bladePosition, pathViewIndex: img.pathViewIndex, images: [img] });
  }
  return groups;
}

/** A thumbnail fetched only once it scrolls into view (a task may have hundreds of images). */
function LazyThumb({ url, alt }: { url: string | null; alt: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (visible || !host.current) return;
    return whenVisible(host.current, () => setVisible(true));
  }, [visible]);
  return (
    <div ref={host}>
      {visible ? (
        <AuthedThumb url={url} alt={alt} width={132} height={44} />
      ) : (
        <div className="insp-thumb" style={{ width: 132, height: 44 }} />
      )}
    </div>
  );
}

/**
 * Row geometry of the strip, in CSS pixels (labeling.css gives the rows these sizes): a group's
 * title, an image's button with the gap under it, and the space after a group's last image.
 */
export const STRIP_TITLE_PX = 22;
export const STRIP_ITEM_PX = 74;
export const STRIP_GROUP_GAP_PX = 10;
/** Rows kept rendered above and below the visible part, so a short scroll shows no gap. */
const OVERSCAN_PX = 400;

type StripRow = { kind: 'title'; top: number; group: StripGroup } | { kind: 'image'; top: number; image: InspectionImage };

/** The strip's rows with their offsets, and its whole height. */
export function stripRows(groups: readonly StripGroup[]): { rows: StripRow[]; height: number } {
  const rows: StripRow[] = [];
  let top = 0;
  for (const group of groups) {
    rows.push({ kind: 'title', top, group });
    top += STRIP_TITLE_PX;
    for (const image of group.images) {
      rows.push({ kind: 'image', top, image });
      top += STRIP_ITEM_PX;
    }
    top += STRIP_GROUP_GAP_PX;
  }
  return { rows, height: top };
}

/** Index of the first row whose bottom lies below `y` (rows are sorted by `top`). */
function firstRowBelow(rows: readonly StripRow[], y: number): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const r = rows[mid]!;
    if (r.top + (r.kind === 'title' ? STRIP_TITLE_PX : STRIP_ITEM_PX) <= y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The image list by blade and path: per group how many images are labeled, per image its
 * defect count and labeled mark; images still to label are outlined once a submit found them.
 *
 * A task may hold hundreds of images, so only the rows in (and near) the visible part are
 * rendered: every row has a fixed height, the strip's full height is kept by its inner box, and
 * the rows shown follow the scroll. Rendering, laying out and observing all 300 items of a large
 * task took a quarter of a second of the opening on a slow machine (docs/performance.md).
 */
export const Filmstrip = memo(function Filmstrip({
  images,
  status,
  currentId,
  showMissing,
  onPick,
}: {
  images: readonly InspectionImage[];
  status: LabelingStatus | undefined;
  currentId: string | null;
  showMissing: boolean;
  onPick: (imageId: string) => void;
}) {
  const { t } = useTranslation('labeling');
  const locale = useLocale();
  const byImage = useMemo(() => new Map((status?.images ?? []).map((i) => [i.imageId, i])), [status]);
  const { rows, height } = useMemo(() => stripRows(groupImages(images)), [images]);
  const scroller = useRef<HTMLDivElement>(null);
  // The visible part: the scroll offset from scroll events, the height from a ResizeObserver (no
  // forced layout); until it has measured, the window's height stands in for the strip's.
  const [view, setView] = useState(() => ({ top: 0, height: typeof window === 'undefined' ? 800 : window.innerHeight, measured: false }));
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([entry]) => {
      const h = entry?.contentRect.height ?? 0;
      if (h > 0) setView((v) => (v.height === h && v.measured ? v : { ...v, height: h, measured: true }));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const onScroll = () => {
    const top = scroller.current?.scrollTop ?? 0;
    setView((v) => (v.top === top ? v : { ...v, top }));
  };

  // Keep the current image in view ("nearest", like scrollIntoView), from the rows' offsets.
  const currentTop = rows.find((r) => r.kind === 'image' && r.image.imageId === currentId)?.top;
  useEffect(() => {
    const el = scroller.current;
    if (!el || currentTop === undefined) return;
    const bottom = currentTop + STRIP_ITEM_PX;
    const target = currentTop < view.top ? currentTop - STRIP_TITLE_PX : bottom > view.top + view.height ? bottom - view.height : null;
    if (target === null) return;
    el.scrollTop = target;
    // The rows follow at once; the scroll event that comes after corrects a clamped offset.
    setView((v) => ({ ...v, top: Math.max(0, target) }));
    // Only when the image changes or the strip is first measured, not on every scroll.
  }, [currentId, currentTop, view.measured]);

  const from = firstRowBelow(rows, view.top - OVERSCAN_PX);
  const to = firstRowBelow(rows, view.top + view.height + OVERSCAN_PX);
  const shown = rows.slice(from, Math.min(rows.length, to + 1));

  return (
    <div className="lbl-strip" data-testid="filmstrip" data-images={images.length} ref={scroller} onScroll={onScroll}>
      <div className="lbl-strip__rows" style={{ height }}>
        {shown.map((row) => {
          if (row.kind === 'title') {
            const g = row.group;
            const done = g.images.filter((i) => byImage.get(i.imageId)?.done).length;
            return (
              <header
                key={`g:${g.key}:${row.top}`}
                className="lbl-strip__row lbl-strip__title"
                style={{ top: row.top }}
                data-testid="strip-group"
                data-side-labeled={done === g.images.length ? 'true' : 'false'}
              >
                <span>
                  {g.bladePosition ? t('strip.blade', { position: g.bladePosition }) : '–'} · {pathLabel(g.pathViewIndex, locale)}
                </span>
                <span
                  className={done === g.images.length ? 'lbl-strip__count lbl-strip__count--done' : 'lbl-strip__count'}
                  data-testid="strip-group-count"
                >
                  {t('strip.count', { done, total: g.images.length })}
                </span>
              </header>
            );
          }
          const img = row.image;
          const s = byImage.get(img.imageId);
          const isCurrent = img.imageId === currentId;
          const missing = showMissing && s !== undefined && !s.done;
          return (
            <button
              type="button"
              key={img.imageId}
              style={{ top: row.top }}
              className={`lbl-strip__row lbl-strip__item${isCurrent ? ' lbl-strip__item--current' : ''}${missing ? ' lbl-strip__item--missing' : ''}`}
              onClick={() => onPick(img.imageId)}
              data-testid="strip-image"
              data-image-id={img.imageId}
              data-done={s?.done ? 'true' : 'false'}
              aria-current={isCurrent}
              title={img.fileName}
            >
              <LazyThumb url={img.thumbUri} alt={img.fileName} />
              <span className="lbl-strip__caption">
                <span className="lbl-strip__name">{chamberText(img.chamber, locale) || img.fileName}</span>
                {/* A plain count chip: antd's Badge brings scroll-number motion and style hooks per badge. */}
                <span
                  className={s?.defectCount ? 'lbl-strip__defects lbl-strip__defects--some' : 'lbl-strip__defects'}
                  data-testid="strip-defect-count"
                  title={t('strip.defects', { count: s?.defectCount ?? 0 })}
                >
                  {s?.defectCount ?? 0}
                </span>
                {s?.labeled && (
                  <Tooltip title={t('strip.labeled')}>
                    <CheckCircleFilled className="lbl-strip__check" data-testid="strip-labeled" />
                  </Tooltip>
                )}
              </span>
            </button>
          );
        })}
      </div>
    </div>
  );
});
