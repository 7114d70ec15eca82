import { useState } from 'react';
import { Descriptions, Empty, Segmented, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { useAuthedObjectUrl } from '@/shared/viewer/authedFetch';
import { useSar } from './store';
import { useImage } from './thumbs';
import { pathTitle } from './labels';

type Mode = 'thumbnail' | 'original';

/** The focused image large: its thumbnail (instant) or the original (fetched on demand, freed on change). */
export function Preview() {
  const { t } = useTranslation('sortAndRemove');
  const locale = useLocale();
  const [mode, setMode] = useState<Mode>('thumbnail');
  const id = useSar((s) => s.focus);
  const img = useSar((s) => (s.focus ? s.images[s.focus]! : null));
  const edit = useSar((s) => (s.focus ? s.edits[s.focus] : undefined));
  const path = useSar((s) => (s.focus ? s.paths[s.pathOf[s.focus]!]! : null));
  const position = useSar((s) => (s.focus ? s.order[s.pathOf[s.focus]!]!.indexOf(s.focus) + 1 : 0));
  const thumb = useImage(mode === 'thumbnail' ? (img?.thumbUri ?? null) : null);
  const original = useAuthedObjectUrl(mode === 'original' ? img?.uri : null);
  const shown = mode === 'thumbnail' ? thumb : original;
  const v = img && edit ? { ...img, ...edit } : img;

  return (
    <aside className="sar-preview" data-testid="sar-preview" data-id={id ?? ''}>
      <Segmented<Mode>
        size="small"
        value={mode}
        onChange={setMode}
        options={[
          { value: 'thumbnail', label: t('preview.thumbnail') },
          { value: 'original', label: t('preview.original') },
        ]}
      />
      <div className="sar-preview__frame">
        {!v ? (
          <Empty description={t('preview.none')} />
        ) : shown.src ? (
          <img src={shown.src} alt={v.fileName} className={v.isActive ? '' : 'is-inactive'} data-testid="sar-preview-image" />
        ) : (
          <span className="sar-thumb__wait">{shown.failed ? t('preview.failed') : t('preview.loading')}</span>
        )}
      </div>
      {v && path && (
        <Descriptions size="small" column={1} className="sar-preview__facts">
          <Descriptions.Item label={t('preview.file')}>{v.fileName}</Descriptions.Item>
          <Descriptions.Item label={t('preview.path')}>
            {pathTitle(path, locale, t)} · {t('preview.position', { n: position })}
          </Descriptions.Item>
          <Descriptions.Item label={t('preview.size')}>{t('preview.pixels', { width: v.width, height: v.height })}</Descriptions.Item>
          <Descriptions.Item label={t('preview.state')}>
            <Tag color={v.isActive ? 'green' : 'default'}>{v.isActive ? t('preview.active') : t('preview.inactive')}</Tag>
            {edit ? <Tag color="orange">{t('preview.edited')}</Tag> : null}
          </Descriptions.Item>
          <Descriptions.Item label={t('preview.distance')}>
            {v.distanceToRoot === null ? '–' : t('thumb.distance', { value: v.distanceToRoot.toFixed(2) })}
          </Descriptions.Item>
          <Descriptions.Item label={t('preview.keyPartTag')}>{v.keyPartTag ?? '–'}</Descriptions.Item>
        </Descriptions>
      )}
    </aside>
  );
}
