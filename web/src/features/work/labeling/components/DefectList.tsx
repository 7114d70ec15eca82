import { memo, useEffect, useRef } from 'react';
import { Button, Empty, Space, Tag } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LabelingDefect } from '../labelingApi';
import type { Verdicts } from '../review';
import { SeveritySwatch } from './DefectForm';
import { useSeedText } from '@/shared/useSeedText';

/**
 * Defects as a list: click selects one, shift/ctrl-click adds to or removes from the selection
 * (bulk edit). Suggestions carry Accept/Reject; in review each row shows its verdict.
 */
export const DefectList = memo(function DefectList({
  defects,
  selection,
  verdicts,
  decide,
  onSelect,
  onAccept,
  onReject,
  busy,
}: {
  defects: readonly LabelingDefect[];
  selection: readonly string[];
  verdicts?: Verdicts;
  /** Accept/reject buttons on suggestions. */
  decide: boolean;
  onSelect: (id: string, additive: boolean) => void;
  onAccept: (id: string) => void;
  onReject: (id: string) => void;
  busy: boolean;
}) {
  const { t } = useTranslation('labeling');
  const st = useSeedText();
  const selected = new Set(selection);
  const host = useRef<HTMLDivElement>(null);
  const first = selection[selection.length - 1];
  useEffect(() => {
    if (first) host.current?.querySelector(`[data-defect-id="${first}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [first]);
  if (!defects.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} />;
  return (
    <div className="lbl-list" role="listbox" aria-multiselectable="true" aria-label={t('list.label')} data-testid="defect-list" ref={host}>
      {defects.map((d) => {
        const v = verdicts?.[d.defectId];
        return (
          <div
            key={d.defectId}
            role="option"
            aria-selected={selected.has(d.defectId)}
            tabIndex={-1}
            className={`lbl-list__row${selected.has(d.defectId) ? ' lbl-list__row--selected' : ''}${d.suggested ? ' lbl-list__row--suggested' : ''}`}
            data-testid="defect-row"
            data-defect-id={d.defectId}
            onClick={(e) => onSelect(d.defectId, e.shiftKey || e.ctrlKey || e.metaKey)}
          >
            <span className="lbl-list__no">#{d.defectNo}</span>
            <span className="lbl-list__type">{st(d.defectType)}</span>
            <SeveritySwatch level={d.severity} />
            {d.suggested && <Tag color="purple">{t('list.suggested')}</Tag>}
            {v && (
              <Tag color={v.decision === 'accepted' ? 'green' : 'red'} data-testid="verdict-tag">
                {t(v.decision === 'accepted' ? 'review.accepted' : 'review.rejected')}
              </Tag>
            )}
            {decide && d.suggested && (
              <Space size={4} className="lbl-list__decide" onClick={(e) => e.stopPropagation()}>
                <Button
                  size="small"
                  icon={<CheckOutlined />}
                  disabled={busy}
                  onClick={() => onAccept(d.defectId)}
                  aria-label={t('prelabel.acceptOf', { no: d.defectNo })}
                  data-testid="accept-suggestion"
                />
                <Button
                  size="small"
                  danger
                  icon={<CloseOutlined />}
                  disabled={busy}
                  onClick={() => onReject(d.defectId)}
                  aria-label={t('prelabel.rejectOf', { no: d.defectNo })}
                  data-testid="reject-suggestion"
                />
              </Space>
            )}
          </div>
        );
      })}
    </div>
  );
});
