import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { AppError, ARCHIVE_MAX_BYTES, ARCHIVE_MAX_IMAGES, inspectionImageOriginalKeys } from '@windward/contracts';
import { fileStoreKey, type FileStore } from '@windward/service-kit';
import type { ArchiveImageRow } from '../tasks/report-data.repository.js';
import { positionName, priorityName, severityName, statusName, texts, type ReportData } from './report-data.js';

/** A name part safe in every unzip tool (Chinese names kept, separators and controls replaced). */
function part(s: string): string {
  const plain = [...s].map((c) => (c.charCodeAt(0) < 32 ? '_' : c)).join('');
  return plain.replace(/[\\/:*?"<>|]+/g, '_').trim().slice(0, 80) || '_';
}

function csvCell(v: unknown): string {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * Where one photo goes in the archive: `<park>/<turbine>/<inspection date>/<folder>_<file>` from the
 * store key's last two parts (inspection keeps `images/<inspection>/<image id>/original.jpg`).
 */
export function archivePath(d: { parkName: string; turbineName: string; inspectionDate: string }, key: string): string {
  const file = key.split('/').slice(-2).join('_');
  return `${part(d.parkName)}/${part(d.turbineName)}/${d.inspectionDate}/${part(file)}`;
}

/**
 * The image archive (Data Center image export): every distinct original photo of the selected
 * defects and of the search's images (with or without defects), read as a stream from the shared
 * file store and written stored (JPEG/PNG do not compress) into a ZIP on a local file, one folder
 * per turbine and inspection date, plus `manifest.csv` (UTF-8 with BOM, one row per defect: image
 * path, size, defect fields in the report's language; then one row per image without a selected
 * defect: its path, park, turbine and date). Limits: ARCHIVE_MAX_IMAGES photos and
 * ARCHIVE_MAX_BYTES bytes, checked from the store's sizes before anything is written
 * (EXPORT_ARCHIVE_TOO_LARGE). A photo missing from the store is listed with an empty path.
 */
export async function renderZip(
  d: ReportData,
  shared: FileStore,
  outPath: string,
  onProgress: (done: number, total: number) => Promise<void>,
  maxBytes: number = ARCHIVE_MAX_BYTES,
  images: ArchiveImageRow[] = [],
): Promise<{ images: number }> {
  const t = texts(d);
  const photos = new Map<string, { path: string; size: number | null }>();
  for (const x of d.defects) {
    const key = x.image ? fileStoreKey(x.image.uri) : null;
    if (key && !photos.has(key)) photos.set(key, { path: archivePath(x, key), size: null });
  }
  if (photos.size > ARCHIVE_MAX_IMAGES || images.length > ARCHIVE_MAX_IMAGES) throw new AppError('EXPORT_ARCHIVE_TOO_LARGE');
  let total = 0;
  for (const [key, p] of photos) {
    p.size = await shared.size(key);
    total += p.size ?? 0;
  }
  // The search's images: the original inspection keeps (JPEG or PNG); one already there by a defect is not added again.
  const imageRows: { key: string | null; image: ArchiveImageRow }[] = [];
  for (const image of images) {
    const keys = inspectionImageOriginalKeys(image.inspectionId, image.imageId);
    let key = keys.find((k) => photos.has(k)) ?? null;
    for (const k of key ? [] : keys) {
      const size = await shared.size(k);
      if (size === null) continue;
      photos.set(k, { path: archivePath(image, k), size });
      total += size;
      key = k;
      break;
    }
    imageRows.push({ key, image });
  }
  if (photos.size > ARCHIVE_MAX_IMAGES) throw new AppError('EXPORT_ARCHIVE_TOO_LARGE');
  if (total > maxBytes) throw new AppError('EXPORT_ARCHIVE_TOO_LARGE');

  const file = createWriteStream(outPath);
  let failed: Error | null = null;
  const zip = new Zip((err, chunk, final) => {
    if (err) failed = err;
    else file.write(chunk);
    if (final || err) file.end();
  });
  const closed = once(file, 'close');
  // The same photo name twice in one folder (two store folders) gets a suffix.
  const used = new Set<string>();
  let done = 0;
  for (const [key, p] of photos) {
    const s = p.size === null ? null : await shared.stream(key);
    if (!s) {
      p.path = '';
      continue;
    }
    let path = p.path;
    for (let i = 2; used.has(path); i++) path = p.path.replace(/(\.[^./]*)?$/, `_${i}$1`);
    used.add(path);
    p.path = path;
    const entry = new ZipPassThrough(path);
    zip.add(entry);
    for await (const chunk of s.stream) {
      entry.push(chunk as Uint8Array);
      if (file.writableNeedDrain) await once(file, 'drain');
    }
    entry.push(new Uint8Array(0), true);
    done++;
    await onProgress(done, photos.size);
  }
  const header = [
    'image', 'imageWidth', 'imageHeight', t.defectNo, t.park, t.turbine, t.inspectionDate, t.blade, t.position,
    t.distance, t.type, t.severity, t.severityLabel, t.length, t.width, t.priority, t.status, t.recommendation,
  ];
  const rows = d.defects.map((x) => {
    const key = x.image ? fileStoreKey(x.image.uri) : null;
    const p = key ? photos.get(key) : undefined;
    return [
      p?.path ?? '', x.image?.width ?? '', x.image?.height ?? '', x.defectNo, x.parkName, x.turbineName, x.inspectionDate,
      x.bladePosition, positionName(d, x.position), x.distanceToRoot, x.defectType, x.severity, severityName(d, x.severity),
      x.sizeLength, x.sizeWidth, priorityName(d, x.repairPriority), statusName(d, x.dpsStatus), x.recommendation,
    ].map(csvCell).join(',');
  });
  // Images without a selected defect: their own rows (no defect fields).
  const withDefect = new Set(d.defects.map((x) => (x.image ? fileStoreKey(x.image.uri) : null)));
  for (const { key, image } of imageRows) {
    if (key && withDefect.has(key)) continue;
    const path = key ? (photos.get(key)?.path ?? '') : '';
    rows.push([path, '', '', '', image.parkName, image.turbineName, image.inspectionDate, ...Array(header.length - 7).fill('')].map(csvCell).join(','));
  }
  const manifest = new ZipDeflate('manifest.csv', { level: 6 });
  zip.add(manifest);
  manifest.push(new TextEncoder().encode(`\uFEFF${[header.map(csvCell).join(','), ...rows].join('\r\n')}\r\n`), true);
  zip.end();
  await closed;
  if (failed) throw failed;
  return { images: done };
}
