/**
 * Pure rules of the inspection screens: blade diagram geometry, severity colours, polygon
 * scaling to the viewer, view sort orders, synchronised viewports, DPS buttons, LPS ranges,
 * the engineers' write rights, new-inspection choices, timeline and defect-link pairs.
 */
import {
  DPS_TRANSITIONS,
  DefectTimelineStatus,
  PACKAGE_TYPE_LABELS,
  Rights,
  VIEW_SORT_ORDERS,
  compareChambers,
  componentTypeOfPackage,
  hasRight,
  isDpsStatus,
  repairDueDate,
  type RepairPriority,
  type RightEntry,
  type ViewSortOrder,
} from './contracts';
import type { Defect, Inspection, InspectionImage, LpsMeasurementView } from './inspectionApi';

// ------------------------------------------------------------------ severity colours

import { severityFill, severityLevel } from '@/shared/inspection/blade';

export { pathsInOrder, severityFill, severityLevel } from '@/shared/inspection/blade';

// ------------------------------------------------------------------ blade diagram

/** The diagram's drawing box: root on the left, tip on the right, leading edge on top. */
export const DIAGRAM = { width: 1000, height: 170, left: 48, right: 24, top: 20, bottom: 24 } as const;
const SPAN = DIAGRAM.width - DIAGRAM.left - DIAGRAM.right;
const MAX_CHORD = DIAGRAM.height - DIAGRAM.top - DIAGRAM.bottom;

/**
 * Chord of the drawn blade (share of the maximum) at a share `s` of its length: round root,
 * widest at 20 %, tapering to 20 % at the tip.
 */
export function chordShare(s: number): number {
  const x = Math.min(1, Math.max(0, s));
  if (x <= 0.2) return 0.55 + (0.45 * x) / 0.2;
  return 1 - (0.8 * (x - 0.2)) / 0.8;
}

/** Outline path (SVG `d`) of the blade: leading edge straight on top, trailing edge below. */
export function bladeOutlinePath(steps = 40): string {
  const top: string[] = [];
  const bottom: string[] = [];
  for (let i = 0; i <= steps; i++) {
    const s = i / steps;
    const x = DIAGRAM.left + s * SPAN;
    top.push(`${x.toFixed(1)},${DIAGRAM.top}`);
    bottom.unshift(`${x.toFixed(1)},${(DIAGRAM.top + chordShare(s) * MAX_CHORD).toFixed(1)}`);
  }
  return `M${top.join(' L')} L${bottom.join(' L')} Z`;
}

/** Chordwise share (0 leading edge .. 1 trailing edge) of a blade side when no chordwise position is known. */
export const VIEW_CHORD_SHARE: Readonly<Record<number, number>> = {
  5: 0.06, // LE
  1: 0.25, // PSLE
  4: 0.25, // SSLE
  6: 0.5, // PS
  8: 0.5, // SS
  2: 0.78, // PSTE
  3: 0.78, // SSTE
  7: 0.94, // TE
};

export interface DiagramMark {
  defectId: string;
  /** Centre in diagram units. */
  x: number;
  y: number;
  /** Chordwise extent when start/end are known (diagram units), else null. */
  y1: number | null;
  y2: number | null;
  color: string;
  level: number;
  /** false when the defect has no distance to root (drawn at the root, hatched). */
  placed: boolean;
}

/**
 * A defect on the blade diagram: x from its distance to root over the blade length; y from
 * its chordwise start/end (m from the leading edge, over the blade's width = maximum chord)
 * or, without them, from its blade side (view index).
 */
export function defectToDiagram(
  d: Pick<Defect, 'defectId' | 'distanceToRoot' | 'chordwiseStart' | 'chordwiseEnd' | 'position' | 'severity'>,
  bladeLength: number,
  bladeWidth: number | null,
): DiagramMark {
  const placed = d.distanceToRoot !== null && d.distanceToRoot !== undefined;
  const s = placed && bladeLength > 0 ? Math.min(1, Math.max(0, d.distanceToRoot! / bladeLength)) : 0;
  const x = DIAGRAM.left + s * SPAN;
  const chord = chordShare(s) * MAX_CHORD;
  const toY = (share: number) => DIAGRAM.top + Math.min(1, Math.max(0, share)) * chord;
  let y1: number | null = null;
  let y2: number | null = null;
  let share: number;
  if (d.chordwiseStart !== null && d.chordwiseStart !== undefined && bladeWidth && bladeWidth > 0) {
    const end = d.chordwiseEnd ?? d.chordwiseStart;
    y1 = toY(d.chordwiseStart / bladeWidth);
    y2 = toY(end / bladeWidth);
    share = (d.chordwiseStart + end) / 2 / bladeWidth;
  } else {
    share = VIEW_CHORD_SHARE[d.position ?? 0] ?? 0.5;
  }
  return { defectId: d.defectId, x, y: toY(share), y1, y2, color: severityFill(d.severity), level: severityLevel(d.severity), placed };
}

export { diagramLength, lengthTicks } from '@/shared/inspection/blade';

export const diagramX = (distance: number, length: number) => DIAGRAM.left + (Math.min(length, Math.max(0, distance)) / length) * SPAN;

/** Index of the next/previous image, staying inside the strip. */
export function stepIndex(current: number, delta: number, count: number): number {
  if (count <= 0) return -1;
  return Math.min(count - 1, Math.max(0, current + delta));
}

// ------------------------------------------------------------------ image order

/**
 * The gallery order (the server's): blade, the view sort order (paths outside it after it,
 * by number), chamber display order, sort index.
 */
export function sortImages<T extends Pick<InspectionImage, 'bladePosition' | 'pathViewIndex' | 'chamber' | 'sortIndex'>>(
  images: readonly T[],
  order: ViewSortOrder,
): T[] {
  const list: readonly number[] = VIEW_SORT_ORDERS[order];
  const rank = (v: number | null) => {
    const i = v === null ? -1 : list.indexOf(v);
    return i < 0 ? list.length + (v ?? 99) : i;
  };
  return [...images].sort(
    (a, b) =>
      (a.bladePosition ?? 99) - (b.bladePosition ?? 99) ||
      rank(a.pathViewIndex) - rank(b.pathViewIndex) ||
      compareChambers(a.chamber ?? 0, b.chamber ?? 0) ||
      (a.sortIndex ?? 0) - (b.sortIndex ?? 0),
  );
}

// ------------------------------------------------------------------ DPS review

/** Rights that may move a defect through the review flow (docs/inspection.md). */
export const DPS_RIGHTS = [Rights.INSPECTION_DATA, Rights.QA_EDIT, Rights.APPROVAL_TASKS_EDIT] as const;

export function canReviewDps(denied: ReadonlyArray<RightEntry> | null | undefined): boolean {
  return DPS_RIGHTS.some((r) => hasRight(denied, r));
}

/** The buttons to show for a defect: the contracts' transitions from its status, none without a review right. */
export function dpsButtons(current: number, denied: ReadonlyArray<RightEntry> | null | undefined): number[] {
  if (!isDpsStatus(current) || !canReviewDps(denied)) return [];
  return [...DPS_TRANSITIONS[current]];
}

// ------------------------------------------------------------------ repair, LPS

/** Due date of a repair: the inspection day plus the priority's months; null without both. */
export function repairDue(inspectionDate: string | null | undefined, priority: number | null | undefined): Date | null {
  if (!inspectionDate || !priority || priority < 1 || priority > 4) return null;
  const from = new Date(`${inspectionDate.slice(0, 10)}T00:00:00.000Z`);
  if (Number.isNaN(from.getTime())) return null;
  return repairDueDate(from, priority as RepairPriority);
}

/** An LPS reading is out of range when it is an open circuit or lies outside its bounds. */
export function lpsOutOfRange(m: Pick<LpsMeasurementView, 'openCircuit' | 'ohm' | 'minOhm' | 'maxOhm' | 'withinRange'>): boolean {
  if (typeof m.withinRange === 'boolean') return !m.withinRange;
  if (m.openCircuit || m.ohm === null) return true;
  return (m.minOhm !== null && m.ohm < m.minOhm) || (m.maxOhm !== null && m.ohm > m.maxOhm);
}

/** Blade position of a blade-type inspection is 1..3; other inspections have none. */
export const BLADE_COMPONENT_TYPES: readonly number[] = [1, 5];
export const LPS_COMPONENT_TYPE = 0;

// ------------------------------------------------------------------ engineer rights

/** Edit right of each component (docs/inspection.md "write rights"); inspectionData.manage edits them all. */
export const COMPONENT_EDIT_RIGHT: Readonly<Record<number, string>> = {
  1: Rights.BLADE_EDIT,
  5: Rights.BLADE_EDIT,
  2: Rights.TOWER_EDIT,
  3: Rights.FOUNDATION_EDIT,
  4: Rights.NACELLE_EDIT,
  0: Rights.LPS_EDIT,
};

/** May the user write inspections, images, timelines and LPS readings of this component? (the service's `assertCanEdit`) */
export function canEditComponent(denied: ReadonlyArray<RightEntry> | null | undefined, componentType: number | null | undefined): boolean {
  if (hasRight(denied, Rights.INSPECTION_DATA)) return true;
  const right = componentType === null || componentType === undefined ? undefined : COMPONENT_EDIT_RIGHT[componentType];
  return !!right && hasRight(denied, right);
}

/** Components the user may create inspections of (empty: no "New inspection" button). */
export function editableComponents(denied: ReadonlyArray<RightEntry> | null | undefined, components: readonly number[]): number[] {
  return components.filter((c) => canEditComponent(denied, c));
}

/** Internal/external defect links: bladeLink.manage or inspectionData.manage. */
export function canLinkDefects(denied: ReadonlyArray<RightEntry> | null | undefined): boolean {
  return hasRight(denied, Rights.BLADE_LINK) || hasRight(denied, Rights.INSPECTION_DATA);
}

// ------------------------------------------------------------------ new inspection

/** Package types (SPEC §3) whose component is `componentType`, in number order. */
export function packagesOfComponent(componentType: number): number[] {
  return Object.keys(PACKAGE_TYPE_LABELS.en_us)
    .map(Number)
    .filter((p) => componentTypeOfPackage(p) === componentType)
    .sort((a, b) => a - b);
}

interface DeviceLike {
  guid: string;
  displayName: string;
  bizId: string | null;
}

/** Devices to offer for a package: the turbine's asset config of that package, else all of the turbine's devices. */
export function devicesForPackage<D extends DeviceLike>(
  turbine: { devices: readonly D[]; assetConfigs: ReadonlyArray<{ packageType: number; devices: readonly D[] }> } | undefined,
  packageType: number | null | undefined,
): D[] {
  if (!turbine) return [];
  const config = turbine.assetConfigs.find((c) => c.packageType === packageType);
  return [...(config && config.devices.length ? config.devices : turbine.devices)];
}

/** A day as the service wants it (YYYY-MM-DD) from a local calendar date. */
export function isoDay(d: { year(): number; month(): number; date(): number }): string {
  return `${d.year()}-${String(d.month() + 1).padStart(2, '0')}-${String(d.date()).padStart(2, '0')}`;
}

// ------------------------------------------------------------------ timeline links

/** Earlier inspections of the same turbine and component (what a timeline link may point to), newest first. */
export function earlierInspections<I extends Pick<Inspection, 'inspectionId' | 'turbineId' | 'componentType' | 'inspectionDate'>>(
  all: readonly I[],
  current: Pick<Inspection, 'inspectionId' | 'turbineId' | 'componentType' | 'inspectionDate'>,
): I[] {
  const day = current.inspectionDate.slice(0, 10);
  return all
    .filter(
      (i) =>
        i.inspectionId !== current.inspectionId &&
        i.turbineId === current.turbineId &&
        i.componentType === current.componentType &&
        i.inspectionDate.slice(0, 10) < day,
    )
    .sort((a, b) => b.inspectionDate.localeCompare(a.inspectionDate));
}

/** Defect count per timeline status, in the order the contracts list them. */
export function timelineCounts(defects: ReadonlyArray<Pick<Defect, 'timelineStatus'>>): Array<{ status: string; count: number }> {
  const counts = new Map<string, number>();
  for (const d of defects) counts.set(d.timelineStatus, (counts.get(d.timelineStatus) ?? 0) + 1);
  return Object.values(DefectTimelineStatus)
    .filter((s) => counts.has(s))
    .map((status) => ({ status, count: counts.get(status)! }));
}

// ------------------------------------------------------------------ internal / external links

export const BLADE_EXTERNAL = 1;
export const BLADE_INTERNAL = 5;

/** The component whose defects a blade defect links with (external ↔ internal); null for other components. */
export function counterpartComponent(componentType: number | null | undefined): number | null {
  return componentType === BLADE_EXTERNAL ? BLADE_INTERNAL : componentType === BLADE_INTERNAL ? BLADE_EXTERNAL : null;
}

/** The link request body for a defect of `componentType` and a defect of its counterpart. */
export function linkPair(componentType: number, defectId: string, otherId: string): { externalDefectId: string; internalDefectId: string } {
  return componentType === BLADE_INTERNAL
    ? { externalDefectId: otherId, internalDefectId: defectId }
    : { externalDefectId: defectId, internalDefectId: otherId };
}

// ------------------------------------------------------------------ image fields

/**
 * The blade length a distance to root is checked against (decision 3): the chosen blade's
 * length in the inspection's snapshot, else the longest blade; null when none is known.
 */
export function bladeLengthFor(
  blades: ReadonlyArray<{ position: number; length: number | null }> | undefined,
  position: number | null | undefined,
): number | null {
  const list = blades ?? [];
  const own = position ? list.find((b) => b.position === position)?.length : undefined;
  if (own && own > 0) return own;
  const lengths = list.map((b) => b.length ?? 0).filter((l) => l > 0);
  return lengths.length ? Math.max(...lengths) : null;
}

/** Chamber choices of the image forms, in the display order (0 = none), then all middle chambers. */
export const CHAMBER_CHOICES: readonly number[] = [0, 1, -1, 2, 3, 4, 5, -999];
