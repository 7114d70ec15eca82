import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { SEVERITY_PALETTE_9, severityColor } from '@/shared/contracts';

export interface SeverityRow {
  label: string;
  severities: number[];
  unrated: number;
}

const SEVERITIES = [0, 1, 2, 3, 4, 5];

/**
 * A bar chart stacked by severity (SPEC §9 palette: severity n has colour level n + 2, TBD the
 * blue of level 1). recharts is loaded with this route only.
 */
export function SeverityStack({ rows, severityLabel, unratedLabel, height = 280 }: { rows: SeverityRow[]; severityLabel: (s: number) => string; unratedLabel: string; height?: number }) {
  const data = rows.map((r) => ({ label: r.label, unrated: r.unrated, ...Object.fromEntries(SEVERITIES.map((s) => [`s${s}`, r.severities[s] ?? 0])) }));
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={data}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="label" />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        {SEVERITIES.map((s) => (
          <Bar key={s} dataKey={`s${s}`} name={severityLabel(s)} stackId="a" fill={severityColor(s)} isAnimationActive={false} />
        ))}
        <Bar dataKey="unrated" name={unratedLabel} stackId="a" fill={SEVERITY_PALETTE_9[1]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
