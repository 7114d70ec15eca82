/** Percentile of sorted-or-not samples (nearest rank). */
export function percentile(samples: number[], p: number): number {
  if (!samples.length) return NaN;
  const s = [...samples].sort((a, b) => a - b);
  const rank = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[rank]!;
}

export function printTable(title: string, rows: Record<string, string | number>[]): void {
  if (!rows.length) return;
  const cols = Object.keys(rows[0]!);
  const cell = (v: string | number) => (typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toFixed(2)) : v);
  console.log(`\n### ${title}\n`);
  console.log(`| ${cols.join(' | ')} |`);
  console.log(`| ${cols.map(() => '---').join(' | ')} |`);
  for (const r of rows) console.log(`| ${cols.map((c) => cell(r[c]!)).join(' | ')} |`);
}
