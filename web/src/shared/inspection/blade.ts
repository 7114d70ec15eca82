/** Severity colours and path order of a blade, shared by the inspection screens and the work tools. */
import type { Defect } from './inspectionApi';
import { SEVERITY_PALETTE_9, VIEW_SORT_ORDERS, bladeColorLevel, type ViewSortOrder } from '@/shared/contracts';

/** Colour of a severity on the 9-colour blade scheme (levels 0..8, SPEC §3 / §9). */
export function severityFill(severity: number | null | undefined): string {
  if (severity === null || severity === undefined) return SEVERITY_PALETTE_9[1]; // not rated yet: TBD
  return SEVERITY_PALETTE_9[bladeColorLevel(severity)];
}

/** Colour level 0..8 of a defect's severity: null (not rated) is TBD (1). */
export function severityLevel(severity: number | null | undefined): number {
  return severity === null || severity === undefined ? 1 : bladeColorLevel(severity);
}

/** The paths of a view order followed by the other paths that occur. */
export function pathsInOrder(order: ViewSortOrder, present: readonly number[]): number[] {
  const list: readonly number[] = VIEW_SORT_ORDERS[order];
  const rest = [...new Set(present)].filter((p) => !list.includes(p)).sort((a, b) => a - b);
  return [...list.filter((p) => present.includes(p)), ...rest];
}

/** Length to draw a blade with: its length, else a little beyond the farthest defect, else 100 m. */
export function diagramLength(length: number | null | undefined, defects: ReadonlyArray<Pick<Defect, 'distanceToRoot'>>): number {
  if (length && length > 0) return length;
  const far = Math.max(0, ...defects.map((d) => d.distanceToRoot ?? 0));
  return far > 0 ? Math.ceil(far * 1.1) : 100;
}

/** Tick marks (m) along the blade: about 5 round steps. */
export function lengthTicks(length: number): number[] {
  const raw = length / 5;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((k) => k * pow).find((k) => k >= raw) ?? raw;
  const ticks: number[] = [];
  for (let v = 0; v <= length + 1e-9; v += step) ticks.push(Math.round(v * 100) / 100);
  return ticks;
}
