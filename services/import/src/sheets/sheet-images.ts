import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import {
  AppError,
  IMPORT_SHEETS,
  PHOTO_MAX_BYTES,
  SHEET_IMAGE_MIN_PIXELS,
  isPhotoFile,
  sheetImageId,
  sniffPhoto,
  type Locale,
  type SheetFinding,
  type SheetImagePayload,
  type SheetInspectionPayload,
} from '@windward/contracts';
import type { FileStore } from '@windward/service-kit';
import { ARCHIVE_NAMES, archiveFormatOf, listZip, openZipFile, readEntry, screenEntries } from '../uploads/archive.js';
import { listTarGz, readTarEntry, walkTarGz } from '../uploads/tar-gz.js';
import { decodes, entryFailure } from '../uploads/verify.worker.js';

const MB = 1024 * 1024;

/** What step 3 received: one archive, or loose photos (multer's temp files). */
export type ReceivedImages = { archive: Express.Multer.File } | { photos: Express.Multer.File[] };

/** One photo's bytes as it is read (from the archive in order, or a temp file), with its name. */
type Visit = (name: string, read: () => Promise<Buffer>) => Promise<void>;

/**
 * Every photo of what was received, one at a time (memory holds one photo). An archive goes
 * through the drone upload's directory checks first (traversal, links, bombs, entry count,
 * encrypted entries, non-photo names: the archive is refused whole, its entries named); its
 * layout is free, photos are matched by name.
 */
async function eachPhoto(received: ReceivedImages, visit: Visit): Promise<void> {
  if ('photos' in received) {
    for (const f of received.photos) await visit(f.originalname, () => readFile(f.path));
    return;
  }
  const file = received.archive;
  const format = archiveFormatOf(file.originalname);
  if (!format) throw new AppError('FILE_TYPE_NOT_ALLOWED', { params: { allowed: ARCHIVE_NAMES } });
  if (format === 'zip') {
    const zip = await openZipFile(file.path);
    try {
      const { files } = screenEntries((await listZip(zip)).entries);
      for (const f of files) {
        await visit(f.name, () =>
          readEntry(zip, f.entry).catch((err: unknown) => {
            throw entryFailure(err, f.name);
          }),
        );
      }
    } finally {
      zip.close();
    }
    return;
  }
  const { files } = screenEntries(await listTarGz(createReadStream(file.path), file.size), file.size);
  const wanted = new Set(files.map((f) => f.name));
  await walkTarGz(createReadStream(file.path), file.size, async (e, bytes) => {
    if (!wanted.has(e.name)) return;
    await visit(e.name, () => readTarEntry(bytes, e.uncompressedSize));
  });
}

/** A finding about one photo (named in the message and the Value column). */
const photoFinding = (code: number | string, name: string, params: Record<string, string | number> = {}): SheetFinding => ({
  code,
  sheet: null,
  row: null,
  column: null,
  value: name,
  params: { ...params, entries: name },
});

export interface SheetImagesResult {
  findings: SheetFinding[];
  /** The batch with every defect's photo (only when there is no finding). */
  batch: SheetInspectionPayload[] | null;
  imageCount: number;
  /** Partial (added) photos: the good ones stored, by image id, whatever the findings. */
  stored: Map<string, SheetImagePayload>;
}

/**
 * Step 3: the photos of a verified sheet import, matched to the Defects sheet's Image ID column
 * (a photo answers to its file name without the ending, any case). Every photo is checked
 * (name, 20 MB, JPEG/PNG by its bytes, full decode, at least 100 px a side) and stored under
 * `prefix` as it is read; every mismatch is a finding, all of them reported at once:
 * -10012 a defect row without an image id, -11001 an image id no photo answers to (row located),
 * -10014 two photos answering to the same id, -10015 a photo no defect row names, -11003 / -11002
 * / -11004 / FILE_TOO_LARGE per photo. The caller removes `prefix` when there is any finding.
 */
export async function checkSheetImages(
  store: FileStore,
  prefix: string,
  batch: SheetInspectionPayload[],
  received: ReceivedImages,
  locale: Locale,
  /** Photos added to the earlier ones (the console's per-file queue): good photos are kept beside bad ones, missing ids are not findings yet. */
  partial = false,
): Promise<SheetImagesResult> {
  const findings: SheetFinding[] = [];
  const defectsSheet = IMPORT_SHEETS.find((s) => s.key === 'defects')!;
  const imageColumn = defectsSheet.columns.find((c) => c.key === 'imageId')![locale];
  const wanted = new Map<string, number>();
  for (const i of batch)
    for (const d of i.defects) {
      const id = d.imageId ? sheetImageId(d.imageId) : '';
      if (!id) findings.push({ code: -10012, sheet: defectsSheet[locale], row: d.row ?? null, column: imageColumn, value: d.defectNo });
      else wanted.set(id, (wanted.get(id) ?? 0) + 1);
    }

  const stored = new Map<string, SheetImagePayload>();
  const seen = new Map<string, string>();
  let n = 0;
  await eachPhoto(received, async (name, read) => {
    if (!isPhotoFile(name)) return void findings.push(photoFinding(-11003, name));
    const id = sheetImageId(name);
    const first = seen.get(id);
    if (first !== undefined) return void findings.push(photoFinding(-10014, name, { first }));
    seen.set(id, name);
    if (!wanted.has(id)) return void findings.push(photoFinding(-10015, name));
    let bytes: Buffer;
    try {
      bytes = await read();
    } catch (err) {
      const e = err instanceof AppError ? err : entryFailure(err, name);
      return void findings.push(photoFinding(e.code, name, (e.params ?? {}) as Record<string, string | number>));
    }
    if (bytes.length > PHOTO_MAX_BYTES) return void findings.push(photoFinding('FILE_TOO_LARGE', name, { maxMb: PHOTO_MAX_BYTES / MB }));
    const format = sniffPhoto(bytes);
    if (!format) return void findings.push(photoFinding(-11003, name));
    const size = await decodes(bytes, format);
    if (!size) return void findings.push(photoFinding(-11002, name));
    if (Math.min(size.width, size.height) < SHEET_IMAGE_MIN_PIXELS)
      return void findings.push(photoFinding(-11004, name, { minPixels: SHEET_IMAGE_MIN_PIXELS }));
    if (findings.length && !partial) return; // a refusal is certain: store nothing more
    const fileKey = `${prefix}/${String(++n).padStart(5, '0')}.${format === 'jpeg' ? 'jpg' : 'png'}`;
    await store.put(fileKey, bytes);
    stored.set(id, { fileKey, fileName: (name.split('/').pop() ?? name).slice(0, 200), format, ...size, sizeBytes: bytes.length });
  });

  if (partial) return { findings, batch: null, imageCount: stored.size, stored };
  for (const i of batch)
    for (const d of i.defects) {
      const id = d.imageId ? sheetImageId(d.imageId) : '';
      if (id && !seen.has(id))
        findings.push({ code: -11001, sheet: defectsSheet[locale], row: d.row ?? null, column: imageColumn, value: d.imageId, params: { entries: d.imageId! } });
    }
  if (findings.length) return { findings, batch: null, imageCount: 0, stored: new Map() };
  const withImages = batch.map((i) => ({
    ...i,
    defects: i.defects.map((d) => ({ ...d, image: stored.get(sheetImageId(d.imageId!)) ?? null })),
  }));
  return { findings: [], batch: withImages, imageCount: stored.size, stored };
}

