import { useEffect, useState } from 'react';
import { Alert, Button, Drawer, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SHORTCUT_ACTIONS, assignShortcut, cloneDefaults, comboLabel, comboOf, type ShortcutAction, type ShortcutMap } from '../shortcuts';

/**
 * The shortcut help panel (?): every action with its keys; "Change" waits for the next key
 * press and takes it unless another action uses it; "Reset" restores the defaults. The page
 * keeps the map in localStorage.
 */
export function ShortcutHelp({
  open,
  onClose,
  map,
  onChange,
  onCapturing,
}: {
  open: boolean;
  onClose: () => void;
  map: ShortcutMap;
  onChange: (map: ShortcutMap) => void;
  /** True while a key is being captured (the page's shortcuts pause). */
  onCapturing: (capturing: boolean) => void;
}) {
  const { t } = useTranslation('labeling');
  const [capturing, setCapturing] = useState<ShortcutAction | null>(null);
  const [conflict, setConflict] = useState<{ action: ShortcutAction; other: ShortcutAction; combo: string } | null>(null);

  useEffect(() => {
    onCapturing(capturing !== null);
  }, [capturing, onCapturing]);
  useEffect(() => {
    if (!capturing) return;
    const onKey = (e: KeyboardEvent) => {
      const combo = comboOf(e);
      if (!combo) return;
      e.preventDefault();
      e.stopPropagation();
      if (combo === 'Escape') {
        setCapturing(null);
        return;
      }
      const r = assignShortcut(map, capturing, combo);
      if ('conflict' in r) setConflict({ action: capturing, other: r.conflict, combo });
      else {
        setConflict(null);
        onChange(r.map);
      }
      setCapturing(null);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [capturing, map, onChange]);

  return (
    <Drawer open={open} onClose={onClose} title={t('help.title')} size={520} data-testid="shortcut-help" destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('help.intro')}</Typography.Paragraph>
      {conflict && (
        <Alert
          type="warning"
          showIcon
          closable
          onClose={() => setConflict(null)}
          title={t('help.conflict', { key: comboLabel(conflict.combo), action: t(`actions.${conflict.other}`) })}
          data-testid="shortcut-conflict"
        />
      )}
      <Table
        size="small"
        pagination={false}
        rowKey="action"
        dataSource={SHORTCUT_ACTIONS.map((action) => ({ action }))}
        columns={[
          { key: 'action', title: t('help.action'), render: (_: unknown, r: { action: ShortcutAction }) => t(`actions.${r.action}`) },
          {
            key: 'keys',
            title: t('help.keys'),
            render: (_: unknown, r: { action: ShortcutAction }) => (
              <Space size={4} wrap data-testid={`keys-${r.action}`}>
                {map[r.action].map((k) => (
                  <Tag key={k} className="lbl-key">
                    {comboLabel(k)}
                  </Tag>
                ))}
              </Space>
            ),
          },
          {
            key: 'change',
            title: '',
            render: (_: unknown, r: { action: ShortcutAction }) => (
              <Button
                size="small"
                type={capturing === r.action ? 'primary' : 'default'}
                onClick={() => setCapturing(capturing === r.action ? null : r.action)}
                data-testid={`change-${r.action}`}
              >
                {capturing === r.action ? t('help.pressKey') : t('help.change')}
              </Button>
            ),
          },
        ]}
      />
      <Button style={{ marginTop: 12 }} onClick={() => onChange(cloneDefaults())} data-testid="reset-shortcuts">
        {t('help.reset')}
      </Button>
    </Drawer>
  );
}
