import { compareByViewOrder, compareChambers } from './contracts';

/**
 * How the component page lays out an inspection's photos (issue #23): the way each component is
 * inspected. Pure: the page turns the keys into translated labels.
 *
 * - tower: rows = height above the base (the image's distance field, top first), columns = side
 *   (the image's section text, e.g. N / E / S / W);
 * - nacelle and foundation: columns = view (section text, else key-part tag);
 * - blade internal: one section per blade, columns = chamber (SPEC §3 display order), rows =
 *   distance from the root (root first);
 * - blade external: one section per blade, columns = path (leading-edge-first view order), rows = distance;
 * - LPS: columns = blade.
 */
export interface LayoutImage {
  imageId: string;
  bladePosition: number | null;
  pathViewIndex: number | null;
  chamber: number | null;
  section: string | null;
  keyPartTag: string | null;
  sortIndex: number | null;
  distanceToRoot: number | null;
}

export type ColumnKind = 'side' | 'view' | 'chamber' | 'path' | 'blade';
export type RowKind = 'height' | 'distance' | 'all';

export interface LayoutColumn {
  key: string;
  kind: ColumnKind;
  /** Side / view text, chamber / path / blade number; null = not given. */
  value: string | number | null;
}

export interface LayoutRow<T> {
  key: string;
  kind: RowKind;
  /** Metres (height or distance to root); null = not given. */
  value: number | null;
  /** One list per column, in column order. */
  cells: T[][];
}

export interface LayoutSection<T> {
  key: string;
  /** Blade position for blade components, else null. */
  bladePosition: number | null;
  columns: LayoutColumn[];
  rows: LayoutRow<T>[];
}

const TOWER = 2;
const FOUNDATION = 3;
const NACELLE = 4;
const BLADE_INTERNAL = 5;
const BLADE_EXTERNAL = 1;

const text = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
const nullsLast = <V>(cmp: (a: V, b: V) => number) => (a: V | null, b: V | null) => (a === null ? (b === null ? 0 : 1) : b === null ? -1 : cmp(a, b));
const byText = nullsLast<string>((a, b) => a.localeCompare(b, undefined, { numeric: true }));
const byNumber = nullsLast<number>((a, b) => a - b);
const bySort = (a: LayoutImage, b: LayoutImage) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0) || a.imageId.localeCompare(b.imageId);

/** Compass sides first in clockwise order, then any other text. */
const SIDE_ORDER = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
const bySide = nullsLast<string>((a, b) => {
  const ia = SIDE_ORDER.indexOf(a.toUpperCase());
  const ib = SIDE_ORDER.indexOf(b.toUpperCase());
  if (ia >= 0 || ib >= 0) return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib);
  return a.localeCompare(b, undefined, { numeric: true });
});

function grid<T extends LayoutImage, C extends string | number>(
  key: string,
  bladePosition: number | null,
  images: readonly T[],
  column: { kind: ColumnKind; of: (i: T) => C | null; order: (a: C | null, b: C | null) => number },
  row: { kind: RowKind; of: (i: T) => number | null; descending?: boolean },
): LayoutSection<T> {
  const colValues = [...new Set(images.map(column.of))].sort(column.order);
  const rowValues = [...new Set(images.map(row.of))].sort(byNumber);
  if (row.descending) {
    const known = rowValues.filter((v) => v !== null).reverse();
    rowValues.splice(0, rowValues.length, ...known, ...rowValues.filter((v) => v === null));
  }
  return {
    key,
    bladePosition,
    columns: colValues.map((value) => ({ key: String(value), kind: column.kind, value })),
    rows: rowValues.map((value) => ({
      key: String(value),
      kind: row.kind,
      value,
      cells: colValues.map((c) => images.filter((i) => column.of(i) === c && row.of(i) === value).sort(bySort)),
    })),
  };
}

function perBlade<T extends LayoutImage>(images: readonly T[], make: (key: string, blade: number | null, list: T[]) => LayoutSection<T>): LayoutSection<T>[] {
  const blades = [...new Set(images.map((i) => i.bladePosition))].sort(byNumber);
  return blades.map((b) =>
    make(
      `blade-${b}`,
      b,
      images.filter((i) => i.bladePosition === b),
    ),
  );
}

/** Rounds a distance to 0.1 m so photos a few centimetres apart share a row. */
const metres = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);

export function layoutImages<T extends LayoutImage>(componentType: number, images: readonly T[]): LayoutSection<T>[] {
  if (!images.length) return [];
  switch (componentType) {
    case TOWER:
      return [
        grid('tower', null, images, { kind: 'side', of: (i) => text(i.section), order: bySide }, { kind: 'height', of: (i) => metres(i.distanceToRoot), descending: true }),
      ];
    case NACELLE:
    case FOUNDATION:
      return [grid('views', null, images, { kind: 'view', of: (i) => text(i.section) ?? text(i.keyPartTag), order: byText }, { kind: 'all', of: () => null })];
    case BLADE_INTERNAL:
      return perBlade(images, (key, blade, list) =>
        grid(key, blade, list, { kind: 'chamber', of: (i) => i.chamber ?? 0, order: nullsLast(compareChambers) }, { kind: 'distance', of: (i) => metres(i.distanceToRoot) }),
      );
    case BLADE_EXTERNAL:
      return perBlade(images, (key, blade, list) =>
        grid(
          key,
          blade,
          list,
          { kind: 'path', of: (i) => i.pathViewIndex, order: nullsLast(compareByViewOrder('LEADING_EDGE_FIRST')) },
          { kind: 'distance', of: (i) => metres(i.distanceToRoot) },
        ),
      );
    default:
      return [grid('lps', null, images, { kind: 'blade', of: (i) => i.bladePosition, order: byNumber }, { kind: 'all', of: () => null })];
  }
}

/** Where an image sits in its component's layout: the previous inspection's photo at the same place is its counterpart. */
export function layoutPlace(componentType: number, i: LayoutImage): { column: string; distance: number | null } {
  switch (componentType) {
    case TOWER:
      return { column: `${text(i.section)}`, distance: i.distanceToRoot };
    case NACELLE:
    case FOUNDATION:
      return { column: `${text(i.section) ?? text(i.keyPartTag)}`, distance: null };
    case BLADE_INTERNAL:
      return { column: `${i.bladePosition}:${i.chamber ?? 0}`, distance: i.distanceToRoot };
    case BLADE_EXTERNAL:
      return { column: `${i.bladePosition}:${i.pathViewIndex}`, distance: i.distanceToRoot };
    default:
      return { column: `${i.bladePosition}`, distance: null };
  }
}

/**
 * The photo of another inspection to compare `image` with: same column (side, view, chamber, path,
 * blade), nearest height / distance, then nearest sort index; null when that column has none.
 */
export function counterpart<T extends LayoutImage>(componentType: number, image: LayoutImage, others: readonly T[]): T | null {
  const place = layoutPlace(componentType, image);
  const same = others.filter((o) => layoutPlace(componentType, o).column === place.column);
  if (!same.length) return null;
  const gap = (o: T) => {
    const d = layoutPlace(componentType, o).distance;
    return place.distance === null || d === null ? (place.distance === d ? 0 : 1e9) : Math.abs(d - place.distance);
  };
  return [...same].sort((a, b) => gap(a) - gap(b) || Math.abs((a.sortIndex ?? 0) - (image.sortIndex ?? 0)) - Math.abs((b.sortIndex ?? 0) - (image.sortIndex ?? 0)))[0] ?? null;
}
