import { useState } from 'react';
import { Button, Input, Popover, Space, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EyeInvisibleOutlined, QuestionCircleOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { BLADE_ROOT_LOWER_BOUND_M, checkDistanceToRoot, errorText, type Locale } from './contracts';
import { selection, setDistance, setKeyPartTag, toggleActive, type SarState } from './model';
import { useSar, useSarStore } from './store';

/** The shortest blade among the selected images' paths bounds their distance to root (null: unknown). */
function boundOf(s: SarState, ids: readonly string[]): number | null {
  const lengths = ids.map((id) => s.paths[s.pathOf[id]!]?.bladeLength ?? null).filter((l): l is number => l !== null);
  return lengths.length ? Math.min(...lengths) : null;
}

/** Parses the distance field: empty clears, otherwise SPEC §5 (−5 m .. blade length, 2 decimals). */
export function parseDistance(text: string, bladeLength: number | null, locale: Locale): { value: number | null } | { error: string } {
  const v = text.trim();
  if (!v) return { value: null };
  const r = checkDistanceToRoot(v, bladeLength);
  if (!r.ok) return { error: errorText(r.code, locale, r.params) };
  return { value: Number(v) };
}

const KEYS: { keys: string; action: string }[] = [
  { keys: '← / →', action: 'previousNextImage' },
  { keys: '↑ / ↓', action: 'previousNextPath' },
  { keys: 'Alt + ← / →', action: 'moveImage' },
  { keys: 'Alt + ↑ / ↓', action: 'moveToPath' },
  { keys: 'Space', action: 'toggleActive' },
  { keys: 'Ctrl + S', action: 'save' },
  { keys: 'Delete', action: 'delete' },
  { keys: 'Shift / Ctrl + click', action: 'select' },
  { keys: '?', action: 'help' },
];

export function ShortcutHelp({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('sortAndRemove');
  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      trigger="click"
      placement="bottomRight"
      title={t('shortcuts.title')}
      content={
        <table className="sar-help" data-testid="sar-help">
          <tbody>
            {KEYS.map((k) => (
              <tr key={k.action}>
                <td>
                  <kbd>{k.action === 'toggleActive' ? t('shortcuts.space') : k.keys}</kbd>
                </td>
                <td>{t(`shortcuts.${k.action}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <Button icon={<QuestionCircleOutlined />} aria-label={t('shortcuts.title')} data-testid="sar-help-button" />
    </Popover>
  );
}

/** Actions on the selection: active flag, delete, distance to root, key-part tag; Save of the current path. */
export function Toolbar({
  readOnly,
  onDelete,
  onSaveCurrent,
  saving,
}: {
  readOnly: boolean;
  onDelete: () => void;
  onSaveCurrent: () => void;
  saving: boolean;
}) {
  const { t } = useTranslation('sortAndRemove');
  const locale = useLocale();
  const store = useSarStore();
  const count = useSar((s) => Object.keys(s.selected).length || (s.focus ? 1 : 0));
  const bound = useSar((s) => boundOf(s, selection(s)));
  const [distance, setDistanceText] = useState('');
  const [tag, setTag] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const none = readOnly || count === 0;

  const applyDistance = () => {
    const r = parseDistance(distance, bound, locale);
    if ('error' in r) return setProblem(r.error);
    setProblem(null);
    store.update((s) => setDistance(s, selection(s), r.value));
  };
  const applyTag = () => {
    if (tag.trim().length > 100) return setProblem(errorText('TEXT_TOO_LONG', locale, { max: 100 }));
    setProblem(null);
    store.update((s) => setKeyPartTag(s, selection(s), tag));
  };

  return (
    <div className="sar-toolbar" data-testid="sar-toolbar">
      <Typography.Text type="secondary" data-testid="sar-selection-count">
        {t('toolbar.selected', { count })}
      </Typography.Text>
      <Tooltip title={t('shortcuts.toggleActive')}>
        <Button
          icon={<EyeInvisibleOutlined />}
          disabled={none}
          onClick={() => store.update((s) => toggleActive(s, selection(s)))}
          data-testid="sar-toggle-active"
        >
          {t('toolbar.toggleActive')}
        </Button>
      </Tooltip>
      <Button danger icon={<DeleteOutlined />} disabled={none} onClick={onDelete} data-testid="sar-delete">
        {t('toolbar.delete')}
      </Button>
      <Space.Compact>
        <Input
          style={{ width: 150 }}
          value={distance}
          disabled={none}
          onChange={(e) => setDistanceText(e.target.value)}
          onPressEnter={applyDistance}
          placeholder={t('toolbar.distance')}
          aria-label={t('toolbar.distance')}
          suffix="m"
          data-testid="sar-distance"
        />
        <Button disabled={none} onClick={applyDistance} data-testid="sar-distance-apply">
          {t('toolbar.apply')}
        </Button>
      </Space.Compact>
      <Typography.Text type="secondary" className="sar-toolbar__bounds" data-testid="sar-distance-bounds">
        {bound === null
          ? t('toolbar.boundsOpen', { min: BLADE_ROOT_LOWER_BOUND_M })
          : t('toolbar.bounds', { min: BLADE_ROOT_LOWER_BOUND_M, max: bound })}
      </Typography.Text>
      <Space.Compact>
        <Input
          style={{ width: 150 }}
          value={tag}
          disabled={none}
          maxLength={100}
          onChange={(e) => setTag(e.target.value)}
          onPressEnter={applyTag}
          placeholder={t('toolbar.keyPartTag')}
          aria-label={t('toolbar.keyPartTag')}
          data-testid="sar-tag"
        />
        <Button disabled={none} onClick={applyTag} data-testid="sar-tag-apply">
          {t('toolbar.apply')}
        </Button>
      </Space.Compact>
      <Button icon={<SaveOutlined />} disabled={readOnly} loading={saving} onClick={onSaveCurrent} data-testid="sar-save-current">
        {t('toolbar.saveCurrent')}
      </Button>
      {problem && (
        <Typography.Text type="danger" data-testid="sar-input-error">
          {problem}
        </Typography.Text>
      )}
    </div>
  );
}
