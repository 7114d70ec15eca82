import { memo, useEffect, useRef, type DragEvent, type MouseEvent } from 'react';
import { Button, Tag, Tooltip } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { click, isDirty, moveImages, selection, valueOf, type SarState } from './model';
import { useSar, useSarStore } from './store';
import { useLazyImage } from './thumbs';
import { pathTitle } from './labels';

/** Images being dragged (the whole selection when a selected image is dragged). */
let dragging: string[] | null = null;
const DRAG_TYPE = 'application/x-windward-images';

const activeCount = (s: SarState, pathGuid: string) => s.order[pathGuid]!.reduce((n, id) => n + (valueOf(s, id).isActive ? 1 : 0), 0);

/** One thumbnail: subscribes to its own image, edit, selection and focus only. */
const Thumb = memo(function Thumb({ id, index, pathGuid, readOnly }: { id: string; index: number; pathGuid: string; readOnly: boolean }) {
  const { t } = useTranslation('sortAndRemove');
  const store = useSarStore();
  const img = useSar((s) => s.images[id]!);
  const edit = useSar((s) => s.edits[id]);
  const selected = useSar((s) => s.selected[id] === true);
  const focused = useSar((s) => s.focus === id);
  const ref = useRef<HTMLDivElement>(null);
  const { src, failed } = useLazyImage(img.thumbUri, ref);
  const v = edit ? { ...img, ...edit } : img;

  useEffect(() => {
    if (focused) ref.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [focused]);

  const onClick = (e: MouseEvent) => store.update((s) => click(s, id, e.shiftKey ? 'range' : e.ctrlKey || e.metaKey ? 'toggle' : 'single'));
  const onDragStart = (e: DragEvent) => {
    const s = store.get();
    dragging = s.selected[id] ? selection(s) : [id];
    if (!s.selected[id]) store.update((st) => click(st, id, 'single'));
    e.dataTransfer.effectAllowed = 'move';
    e.dataTransfer.setData(DRAG_TYPE, dragging.join(','));
    e.dataTransfer.setData('text/plain', dragging.join(','));
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const ids = dragging;
    dragging = null;
    if (!ids || readOnly) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const after = e.clientX > rect.left + rect.width / 2;
    const list = store.get().order[pathGuid]!;
    const at = list.indexOf(id);
    store.update((s) => moveImages(s, ids, pathGuid, after ? (list[at + 1] ?? null) : id));
  };
  const label = t('thumb.label', { n: index + 1, name: img.fileName });

  return (
    <div
      ref={ref}
      className={`sar-thumb${selected ? ' is-selected' : ''}${focused ? ' is-focused' : ''}${v.isActive ? '' : ' is-inactive'}${edit ? ' is-edited' : ''}`}
      data-testid="sar-thumb"
      data-id={id}
      data-active={String(v.isActive)}
      data-selected={String(selected)}
      data-focused={String(focused)}
      role="option"
      aria-selected={selected}
      aria-label={label}
      title={label}
      draggable={!readOnly}
      onClick={onClick}
      onDragStart={onDragStart}
      onDragOver={(e) => e.preventDefault()}
      onDrop={onDrop}
      onDragEnd={() => (dragging = null)}
    >
      {src ? (
        <img src={src} alt={img.fileName} loading="lazy" decoding="async" draggable={false} />
      ) : (
        <span className="sar-thumb__wait">{failed || !img.thumbUri ? t('thumb.noThumbnail') : '…'}</span>
      )}
      <span className="sar-thumb__no">{index + 1}</span>
      {!v.isActive && <span className="sar-thumb__off">{t('thumb.inactive')}</span>}
      {v.distanceToRoot !== null && <span className="sar-thumb__dist">{t('thumb.distance', { value: v.distanceToRoot.toFixed(2) })}</span>}
      {v.keyPartTag && <span className="sar-thumb__tag">{v.keyPartTag}</span>}
    </div>
  );
});

/** One path: its label, saved state and Save, and a horizontal strip of its thumbnails (drop target). */
export const PathStrip = memo(function PathStrip({
  pathGuid,
  readOnly,
  saving,
  onSave,
}: {
  pathGuid: string;
  readOnly: boolean;
  saving: boolean;
  onSave: (pathGuid: string) => void;
}) {
  const { t } = useTranslation('sortAndRemove');
  const locale = useLocale();
  const store = useSarStore();
  const ids = useSar((s) => s.order[pathGuid]!);
  const path = useSar((s) => s.paths[pathGuid]!);
  const dirty = useSar((s) => isDirty(s, pathGuid));
  const current = useSar((s) => s.focusPath === pathGuid);
  const active = useSar((s) => activeCount(s, pathGuid));
  const title = pathTitle(path, locale, t);

  const onDropEnd = (e: DragEvent) => {
    e.preventDefault();
    const moving = dragging;
    dragging = null;
    if (moving && !readOnly) store.update((s) => moveImages(s, moving, pathGuid, null));
  };

  const state = dirty ? 'dirty' : path.saved ? 'saved' : 'unsaved';
  return (
    <section
      className={`sar-strip${current ? ' is-current' : ''}`}
      data-testid="sar-strip"
      data-path={pathGuid}
      data-state={state}
      aria-label={title}
    >
      <header className="sar-strip__head">
        <span className="sar-strip__title" data-testid="sar-strip-title">
          {title}
        </span>
        {path.bladeSerialNo && <span className="sar-strip__meta">{t('path.serial', { serial: path.bladeSerialNo })}</span>}
        <span className="sar-strip__meta">{t('path.count', { active, total: ids.length })}</span>
        <Tag color={state === 'saved' ? 'green' : state === 'dirty' ? 'orange' : 'default'} data-testid="sar-strip-state">
          {t(`path.state.${state}`)}
        </Tag>
        <Tooltip title={t('shortcuts.save')}>
          <Button
            size="small"
            icon={<SaveOutlined />}
            type={dirty ? 'primary' : 'default'}
            disabled={readOnly || (!dirty && path.saved)}
            loading={saving}
            onClick={() => onSave(pathGuid)}
            data-testid="sar-save-path"
            aria-label={t('path.saveOf', { path: title })}
          >
            {t('path.save')}
          </Button>
        </Tooltip>
      </header>
      <div
        className="sar-strip__images"
        role="listbox"
        aria-multiselectable
        aria-label={title}
        onDragOver={(e) => e.preventDefault()}
        onDrop={onDropEnd}
      >
        {ids.length === 0 ? <span className="sar-strip__empty">{t('path.empty')}</span> : null}
        {ids.map((id, i) => (
          <Thumb key={id} id={id} index={i} pathGuid={pathGuid} readOnly={readOnly} />
        ))}
      </div>
    </section>
  );
});
