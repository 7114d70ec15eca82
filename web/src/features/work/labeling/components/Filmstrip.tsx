import { memo, useEffect, useRef, useState } from 'react';
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
 * The image list by blade and path: per group how many images are labeled, per image its
 * defect count and labeled mark; images still to label are outlined once a submit found them.
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
  const byImage = new Map((status?.images ?? []).map((i) => [i.imageId, i]));
  const current = useRef<HTMLButtonElement>(null);
  // Braces: scrollIntoView returns a promise in recent Chromium, and an effect may return only a cleanup.
  useEffect(() => {
    current.current?.scrollIntoView?.({ block: 'nearest' });
  }, [currentId]);
  return (
    <div className="lbl-strip" data-testid="filmstrip">
      {groupImages(images).map((g) => {
        const done = g.images.filter((i) => byImage.get(i.imageId)?.done).length;
        return (
          <section
            key={g.key}
            className="lbl-strip__group"
            data-testid="strip-group"
            data-side-labeled={done === g.images.length ? 'true' : 'false'}
          >
            <header className="lbl-strip__title">
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
            {g.images.map((img) => {
              const s = byImage.get(img.imageId);
              const isCurrent = img.imageId === currentId;
              const missing = showMissing && s !== undefined && !s.done;
              return (
                <button
                  type="button"
                  key={img.imageId}
                  ref={isCurrent ? current : undefined}
                  className={`lbl-strip__item${isCurrent ? ' lbl-strip__item--current' : ''}${missing ? ' lbl-strip__item--missing' : ''}`}
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
                    {/* A plain count chip: antd's Badge brings scroll-number motion and style hooks per badge, and a task renders hundreds. */}
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
          </section>
        );
      })}
    </div>
  );
});
