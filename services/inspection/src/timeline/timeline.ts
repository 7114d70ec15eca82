import { DefectTimelineStatus } from '@windward/contracts';

/** What the timeline compares of a defect. */
export interface TimelineDefect {
  id: string;
  bladePosition: number | null;
  defectType: string;
  distanceToRoot: number | null;
  severity: number | null;
  sizeLength: number | null;
  sizeWidth: number | null;
}

/**
 * Two defects are the same defect seen twice when they sit on the same blade, have the same
 * type (trimmed, any case) and their distances to the root differ by at most this much.
 * Half a metre: drone distance estimates scatter by a few decimetres between flights, while
 * two distinct defects of one type rarely sit closer than that.
 */
export const TIMELINE_DISTANCE_TOLERANCE_M = 0.5;
/** A matched defect whose size grew by more than 10 % (area, else its larger side) has increased. */
export const TIMELINE_SIZE_GROWTH = 0.1;

export interface TimelineResult {
  /** Status of each current defect and the previous defect it matched (if any). */
  current: Map<string, { status: DefectTimelineStatus; previousId: string | null }>;
  /** Previous defects that no current defect matches: they count as repaired. */
  repaired: string[];
}

function sizeOf(d: TimelineDefect): number | null {
  if (d.sizeLength !== null && d.sizeWidth !== null) return d.sizeLength * d.sizeWidth;
  const known = [d.sizeLength, d.sizeWidth].filter((v): v is number => v !== null);
  return known.length ? Math.max(...known) : null;
}

function compare(cur: TimelineDefect, prev: TimelineDefect): DefectTimelineStatus {
  if (cur.severity !== null && prev.severity !== null && cur.severity > prev.severity) return DefectTimelineStatus.INCREASED;
  const a = sizeOf(cur);
  const b = sizeOf(prev);
  if (a !== null && b !== null && a > b * (1 + TIMELINE_SIZE_GROWTH)) return DefectTimelineStatus.INCREASED;
  return DefectTimelineStatus.STABLE;
}

const sameType = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Status of each defect versus the previous inspection (SPEC §4). Pure: no database, no clock.
 * Without a previous inspection every defect is "not applicable". Otherwise candidate pairs
 * (same blade, same type, distance within the tolerance) are matched one-to-one, closest
 * first (ties broken by ids, so the result never depends on input order); a matched defect is
 * increased or stable, an unmatched current one new, an unmatched previous one repaired.
 * A defect without blade or distance cannot be placed, so it can only be new.
 */
export function computeTimeline(current: readonly TimelineDefect[], previous: readonly TimelineDefect[] | null): TimelineResult {
  const result: TimelineResult = { current: new Map(), repaired: [] };
  if (previous === null) {
    for (const c of current) result.current.set(c.id, { status: DefectTimelineStatus.NOT_APPLICABLE, previousId: null });
    return result;
  }
  const pairs: { c: TimelineDefect; p: TimelineDefect; gap: number }[] = [];
  for (const c of current) {
    if (c.bladePosition === null || c.distanceToRoot === null) continue;
    for (const p of previous) {
      if (p.bladePosition !== c.bladePosition || p.distanceToRoot === null || !sameType(c.defectType, p.defectType)) continue;
      const gap = Math.abs(c.distanceToRoot - p.distanceToRoot);
      // Compare in centimetres: 0.1 + 0.4 must count as 0.5 m, not 0.5000000001.
      if (Math.round(gap * 100) <= Math.round(TIMELINE_DISTANCE_TOLERANCE_M * 100)) pairs.push({ c, p, gap });
    }
  }
  pairs.sort((x, y) => x.gap - y.gap || x.c.id.localeCompare(y.c.id) || x.p.id.localeCompare(y.p.id));
  const usedPrev = new Set<string>();
  for (const { c, p } of pairs) {
    if (result.current.has(c.id) || usedPrev.has(p.id)) continue;
    usedPrev.add(p.id);
    result.current.set(c.id, { status: compare(c, p), previousId: p.id });
  }
  for (const c of current) {
    if (!result.current.has(c.id)) result.current.set(c.id, { status: DefectTimelineStatus.NEW, previousId: null });
  }
  result.repaired = previous.filter((p) => !usedPrev.has(p.id)).map((p) => p.id);
  return result;
}
