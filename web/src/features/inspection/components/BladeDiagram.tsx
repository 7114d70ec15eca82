import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { formatNumber } from '@/shared/utils/format';
import type { Defect } from '../inspectionApi';
import { DIAGRAM, bladeOutlinePath, defectToDiagram, diagramLength, diagramX, lengthTicks } from '../logic';
import { useSeedText } from '@/shared/useSeedText';

const OUTLINE = bladeOutlinePath();

/**
 * One blade seen from above: root on the left, tip on the right, leading edge on top. Every
 * defect sits at its distance to root and chordwise position, in its severity colour.
 */
export function BladeDiagram({
  title,
  length,
  width,
  defects,
  selected,
  onSelect,
  onDefect,
}: {
  title: string;
  length: number | null;
  width: number | null;
  defects: readonly Defect[];
  selected?: boolean;
  onSelect?: () => void;
  onDefect: (defectId: string) => void;
}) {
  const { t } = useTranslation('inspection');
  const locale = useLocale();
  const st = useSeedText();
  const L = diagramLength(length, defects);
  const marks = defects.map((d) => ({ d, m: defectToDiagram(d, L, width) }));
  return (
    <div className={`insp-blade${selected ? ' insp-blade--selected' : ''}`} data-testid="blade-diagram" data-defects={defects.length}>
      <div className="insp-blade__head">
        <button type="button" className="insp-linkbutton" onClick={onSelect} aria-pressed={!!selected}>
          {title}
        </button>
        <span className="insp-blade__meta">
          {t('blade.defectCount', { count: defects.length })} · {length ? t('common.meters', { value: formatNumber(length, locale) }) : t('blade.lengthUnknown')}
        </span>
      </div>
      <svg viewBox={`0 0 ${DIAGRAM.width} ${DIAGRAM.height}`} className="insp-blade__svg" role="group" aria-label={title}>
        <path d={OUTLINE} className="insp-blade__outline" />
        <text x={4} y={DIAGRAM.top + 12} className="insp-blade__label">
          {t('blade.root')}
        </text>
        <text x={DIAGRAM.width - 4} y={DIAGRAM.top + 12} textAnchor="end" className="insp-blade__label">
          {t('blade.tip')}
        </text>
        <text x={DIAGRAM.left + 4} y={DIAGRAM.top - 6} className="insp-blade__edge">
          {t('blade.leadingEdge')}
        </text>
        {lengthTicks(L).map((v) => (
          <g key={v}>
            <line x1={diagramX(v, L)} x2={diagramX(v, L)} y1={DIAGRAM.height - DIAGRAM.bottom + 2} y2={DIAGRAM.height - DIAGRAM.bottom + 7} className="insp-blade__tick" />
            <text x={diagramX(v, L)} y={DIAGRAM.height - 4} textAnchor="middle" className="insp-blade__label">
              {formatNumber(v, locale)}
            </text>
          </g>
        ))}
        {marks.map(({ d, m }) => (
          <g
            key={d.defectId}
            data-testid="diagram-defect"
            data-defect-id={d.defectId}
            data-x={m.x.toFixed(1)}
            data-y={m.y.toFixed(1)}
            data-level={m.level}
            className="insp-blade__mark"
            role="button"
            tabIndex={0}
            onClick={() => onDefect(d.defectId)}
            onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onDefect(d.defectId)}
          >
            <title>
              {t('blade.markTitle', {
                no: d.defectNo,
                type: st(d.defectType),
                severity: d.severity ?? t('severity.tbd'),
                distance: d.distanceToRoot === null ? '–' : formatNumber(d.distanceToRoot, locale),
              })}
            </title>
            {m.y1 !== null && m.y2 !== null && m.y2 - m.y1 > 6 ? (
              <rect x={m.x - 6} y={m.y1} width={12} height={m.y2 - m.y1} rx={4} fill={m.color} stroke="#262626" strokeWidth={1} />
            ) : (
              <circle cx={m.x} cy={m.y} r={7} fill={m.color} stroke="#262626" strokeWidth={1} strokeDasharray={m.placed ? undefined : '2 2'} />
            )}
          </g>
        ))}
      </svg>
    </div>
  );
}
