import sharp from 'sharp';
import { fileStoreKey, type FileStore } from '@windward/service-kit';
import {
  severityHex,
  severityName,
  texts,
  type LpsReading,
  type ReportData,
  type ReportDefect,
  type TurbineDetail,
  type VanishedDefect,
} from './report-data.js';

const esc = (v: unknown): string =>
  String(v ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Photo crops per report at most (each is read and cut from its original); the rest print "no photo". */
export const MAX_PHOTO_CROPS = 400;
/** Width of a crop in the documents, pixels. */
const CROP_WIDTH = 480;

const MAP = { width: 900, left: 90, right: 40, row: 70, top: 34 } as const;

/**
 * The blade map of one turbine: the three blades drawn root (left) to tip (right), each defect a
 * dot at its distance to root on its blade, filled with SPEC's severity palette and labelled with
 * its id; a legend of the severities below. The scale runs to the longest distance rounded up to
 * 10 m (report learns no blade lengths). Defects without blade or distance are counted under it.
 */
export function bladeMapSvg(d: ReportData, defects: readonly ReportDefect[]): string {
  const t = texts(d);
  const placed = defects.filter(
    (x) => x.bladePosition !== null && x.bladePosition >= 1 && x.bladePosition <= 3 && x.distanceToRoot !== null,
  );
  const length = Math.max(10, Math.ceil(Math.max(0, ...placed.map((x) => x.distanceToRoot!)) / 10) * 10);
  const span = MAP.width - MAP.left - MAP.right;
  const xOf = (m: number) => MAP.left + (Math.max(0, m) / length) * span;
  const height = MAP.top + 3 * MAP.row + 56;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${MAP.width}" height="${height}" viewBox="0 0 ${MAP.width} ${height}" font-family="Noto Sans CJK SC, Noto Sans, sans-serif">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="${MAP.left}" y="18" font-size="12" fill="#555">${esc(t.root)} 0 m</text>`,
    `<text x="${MAP.width - MAP.right}" y="18" font-size="12" fill="#555" text-anchor="end">${esc(t.tip)} ${length} m</text>`,
  ];
  for (let b = 1; b <= 3; b++) {
    const y = MAP.top + (b - 1) * MAP.row + MAP.row / 2;
    out.push(
      `<text x="8" y="${y + 4}" font-size="13" fill="#333">${esc(t.blade)} ${b}</text>`,
      `<path d="M${MAP.left},${y - 13} L${MAP.width - MAP.right},${y - 2} L${MAP.width - MAP.right},${y + 2} L${MAP.left},${y + 13} Z" fill="#eef2f7" stroke="#8a99ad"/>`,
    );
    for (let m = 0; m <= length; m += length / 5) {
      out.push(`<line x1="${xOf(m)}" x2="${xOf(m)}" y1="${y + 16}" y2="${y + 20}" stroke="#8a99ad"/>`);
    }
    placed
      .filter((x) => x.bladePosition === b)
      .forEach((x, i) => {
        const cx = xOf(x.distanceToRoot!);
        const cy = y + (i % 2 ? 5 : -5);
        out.push(
          `<circle cx="${cx.toFixed(1)}" cy="${cy}" r="7" fill="${severityHex(x.severity)}" stroke="#222" stroke-width="1"/>`,
          `<text x="${cx.toFixed(1)}" y="${i % 2 ? cy + 20 : cy - 11}" font-size="9" text-anchor="middle" fill="#222">${esc(x.defectNo ?? '')}</text>`,
        );
      });
  }
  let lx = MAP.left;
  const ly = MAP.top + 3 * MAP.row + 22;
  for (const s of [0, 1, 2, 3, 4, 5]) {
    const label = `${t.severity} ${severityName(d, s)}`;
    out.push(
      `<rect x="${lx}" y="${ly - 10}" width="12" height="12" fill="${severityHex(s)}" stroke="#222" stroke-width="0.5"/>`,
      `<text x="${lx + 16}" y="${ly}" font-size="11" fill="#333">${esc(label)}</text>`,
    );
    lx += 30 + label.length * 7;
  }
  const unplaced = defects.length - placed.length;
  if (unplaced > 0) out.push(`<text x="${MAP.left}" y="${ly + 22}" font-size="11" fill="#555">${esc(t.notPlaced)}: ${unplaced}</text>`);
  out.push('</svg>');
  return out.join('');
}

/** The blade map as PNG (DOCX images). */
export const svgToPng = (svg: string): Promise<Buffer> => sharp(Buffer.from(svg)).png().toBuffer();

/**
 * A defect's photo crop: the polygon's bounding box with a margin, cut from the original in the
 * shared file store, scaled to 480 px wide at most, with the polygon drawn over it (red outline,
 * light fill). Null without photo or polygon, or when the file is gone.
 */
export async function photoCrop(store: FileStore, x: ReportDefect): Promise<{ jpeg: Buffer; width: number; height: number } | null> {
  const key = x.image ? fileStoreKey(x.image.uri) : null;
  if (!key || !x.polygon || x.polygon.length < 3) return null;
  const bytes = await store.read(key);
  if (!bytes) return null;
  const meta = await sharp(bytes).metadata();
  const W = meta.width ?? 0;
  const H = meta.height ?? 0;
  if (!W || !H) return null;
  const xs = x.polygon.map((p) => p[0]);
  const ys = x.polygon.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const pad = Math.max(32, 0.3 * Math.max(maxX - minX, maxY - minY));
  const left = Math.max(0, Math.floor(minX - pad));
  const top = Math.max(0, Math.floor(minY - pad));
  const width = Math.min(W, Math.ceil(maxX + pad)) - left;
  const height = Math.min(H, Math.ceil(maxY + pad)) - top;
  if (width < 2 || height < 2) return null;
  const scale = Math.min(1, CROP_WIDTH / width);
  const outW = Math.max(1, Math.round(width * scale));
  const outH = Math.max(1, Math.round(height * scale));
  const points = x.polygon.map(([px, py]) => `${((px - left) * scale).toFixed(1)},${((py - top) * scale).toFixed(1)}`).join(' ');
  const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${outW}" height="${outH}"><polygon points="${points}" fill="rgba(230,0,0,0.12)" stroke="#e60000" stroke-width="${Math.max(2, outW / 160).toFixed(1)}" stroke-linejoin="round"/></svg>`;
  const jpeg = await sharp(bytes)
    .extract({ left, top, width, height })
    .resize(outW, outH)
    .composite([{ input: Buffer.from(overlay), left: 0, top: 0 }])
    .jpeg({ quality: 80 })
    .toBuffer();
  return { jpeg, width: outW, height: outH };
}

/**
 * The turbine pages' data, turbine by turbine in report order: blade map, crops (at most
 * MAX_PHOTO_CROPS per report; a missing file is logged by the caller's `onMissing`), LPS, and the
 * defects with their repair status. `tick` reports each turbine done (progress).
 */
export async function turbineDetails(
  d: ReportData,
  store: FileStore,
  lps: Map<string, { inspectionDate: string; readings: LpsReading[] }>,
  vanished: Map<string, VanishedDefect[]>,
  tick: (done: number, total: number) => Promise<void> = async () => undefined,
): Promise<TurbineDetail[]> {
  const groups = new Map<string, ReportDefect[]>();
  for (const x of d.defects) {
    const k = x.turbineId ?? `${x.parkName}\u0000${x.turbineName}`;
    groups.set(k, [...(groups.get(k) ?? []), x]);
  }
  const out: TurbineDetail[] = [];
  let crops = 0;
  for (const [k, defects] of groups) {
    const detail: TurbineDetail = {
      turbineId: k,
      parkName: defects[0]!.parkName,
      turbineName: defects[0]!.turbineName,
      defects,
      bladeMapSvg: bladeMapSvg(d, defects),
      crops: new Map(),
      lps: lps.get(k) ?? null,
      vanished: vanished.get(k) ?? [],
    };
    for (const x of defects) {
      if (crops >= MAX_PHOTO_CROPS) break;
      const c = await photoCrop(store, x).catch(() => null);
      if (c) {
        detail.crops.set(x.defectId, c);
        crops++;
      }
    }
    out.push(detail);
    await tick(out.length, groups.size);
  }
  return out;
}
