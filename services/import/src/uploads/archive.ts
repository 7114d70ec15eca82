import { PassThrough, type Readable } from 'node:stream';
import * as yauzl from 'yauzl';
import type { Entry, Options as ZipOptions, ZipFile } from 'yauzl';
import {
  ARCHIVE_MAX_COMPRESSION_RATIO,
  ARCHIVE_MAX_ENTRIES,
  AppError,
  PHOTO_MAX_BYTES,
  checkArchiveTotals,
  isPhotoFile,
  isSafeArchivePath,
  type ErrorCode,
} from '@windward/contracts';
import type { FileStore } from '@windward/service-kit';

const MB = 1024 * 1024;

/** Largest drone archive accepted (multer stops reading one byte later). */
export const DRONE_ARCHIVE_MAX_BYTES = 2 * 1024 * MB;
/** The compression-ratio limit applies to entries above this size (a tiny file may compress well). */
export const RATIO_CHECK_FROM_BYTES = MB;
/** How many offending entries an error lists (details) and names in its message (params). */
const LIST_MAX = 50;
const NAME_MAX = 5;

/** B<blade 1-3>/P<path 1-8>/[C<chamber>/]<file> (case-insensitive folder letters). */
const LAYOUT = /^[Bb]([1-3])\/[Pp]([1-8])\/(?:[Cc](-?\d{1,3})\/)?([^/]+)$/;
const CHAMBER_MIN = -999;
const CHAMBER_MAX = 99;
const IGNORED_NAMES = new Set(['thumbs.db', 'desktop.ini']);

export interface PlannedImage<E = Entry> {
  entry: E;
  /** The entry's name in the archive (as uploaded, before a common top folder is stripped). */
  entryName: string;
  /** Expanded size the directory declares. */
  size: number;
  fileName: string;
  bladePosition: number;
  path: number;
  chamber: number | null;
  /** 1-based position in its blade/path/chamber folder by file name (numbers compare as numbers). */
  sortIndex: number;
}

export interface ArchivePlan<E = Entry> {
  images: PlannedImage<E>[];
  /** Entries skipped on purpose: folders, `__MACOSX/…`, dotfiles, Thumbs.db, desktop.ini. */
  ignored: string[];
  compressedBytes: number;
  expandedBytes: number;
}

/** A refusal with the offending entries: `details.entries` (up to 50) and `params.entries` (a few, for the message). */
export function archiveError(code: ErrorCode, entries: string[], params: Record<string, string | number> = {}): AppError {
  const shown = entries.slice(0, NAME_MAX).join(', ') + (entries.length > NAME_MAX ? ` (+${entries.length - NAME_MAX})` : '');
  return new AppError(code, {
    params: { ...params, entries: shown },
    details: { entries: entries.slice(0, LIST_MAX), count: entries.length },
  });
}

/** The archive formats a drone upload may be (SPEC §5: .zip or .tar.gz; .tgz is the same). */
export type ArchiveFormat = 'zip' | 'tar.gz';
export const ARCHIVE_NAMES = '.zip, .tar.gz, .tgz';

/** The format an archive's file name says, or null for any other name. */
export function archiveFormatOf(fileName: string): ArchiveFormat | null {
  const n = fileName.toLowerCase();
  if (n.endsWith('.zip')) return 'zip';
  if (n.endsWith('.tar.gz') || n.endsWith('.tgz')) return 'tar.gz';
  return null;
}

const ZIP_OPTIONS: ZipOptions = { lazyEntries: true, decodeStrings: false, autoClose: false, validateEntrySizes: true };

/** Opens a local ZIP file (the upload as received). */
export async function openZipFile(localPath: string): Promise<ZipFile> {
  try {
    return await yauzl.openPromise(localPath, ZIP_OPTIONS);
  } catch (err) {
    throw new AppError('ARCHIVE_UNREADABLE', { cause: err });
  }
}

/** Random access to an archive in the file store through ranged reads (works for an S3 adapter too). */
class StoreReader extends yauzl.RandomAccessReader {
  constructor(
    private readonly store: FileStore,
    private readonly key: string,
  ) {
    super();
  }
  override _readStreamForRange(start: number, end: number): Readable {
    const out = new PassThrough();
    this.store.stream(this.key, { start, end }).then(
      (r) => {
        if (!r) out.destroy(new Error(`${this.key} is gone`));
        else r.stream.on('error', (e) => out.destroy(e)).pipe(out);
      },
      (e: Error) => out.destroy(e),
    );
    return out;
  }
  override close(cb: (err: Error | null) => void) {
    cb(null);
  }
}

/** Opens an archive kept in the file store. */
export async function openZipInStore(store: FileStore, key: string): Promise<ZipFile> {
  const size = await store.size(key);
  if (size === null) throw new Error(`archive ${key} not found in the file store`);
  try {
    return await yauzl.fromRandomAccessReaderPromise(new StoreReader(store, key), size, ZIP_OPTIONS);
  } catch (err) {
    throw new AppError('ARCHIVE_UNREADABLE', { cause: err });
  }
}

/** The entry's name, decoded as the archive says (UTF-8 flag, Info-ZIP unicode path), backslashes kept. */
function entryName(e: Entry): string {
  return yauzl.getFileNameLowLevel(e.generalPurposeBitFlag, e.fileNameRaw, e.extraFields, true);
}

function isUnsafe(name: string): boolean {
  // contracts' rule (absolute, drive letter, "..", NUL, empty) plus: no backslashes, no control characters.
  // eslint-disable-next-line no-control-regex
  return name.includes('\\') || /[\u0000-\u001f\u007f]/.test(name) || !isSafeArchivePath(name);
}

function isIgnored(name: string): boolean {
  const segments = name.split('/').filter(Boolean);
  if (segments.some((s) => s.startsWith('.') || s.toLowerCase() === '__macosx')) return true;
  return IGNORED_NAMES.has((segments.at(-1) ?? '').toLowerCase());
}

const byFileName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * One entry of an archive's directory, whatever the format: for a ZIP from its central
 * directory, for a .tar.gz from the headers read while streaming it once.
 */
export interface ListedEntry<E> {
  entry: E;
  name: string;
  /** Bytes the entry takes in the archive; null when the format does not say (one gzip stream for a whole tar). */
  compressedSize: number | null;
  uncompressedSize: number;
  /** A folder (skipped). */
  folder: boolean;
  /** Encrypted, an unsupported compression, or not a plain file (a tar link or device): refused as unreadable. */
  unreadable: boolean;
  /** A link entry (tar symlink or hard link): refused as an unsafe path, it would point outside the folder when unpacked. */
  link?: boolean;
}

/** The entries of a ZIP's central directory (nothing is decompressed). */
export async function listZip(zip: ZipFile): Promise<{ entries: ListedEntry<Entry>[]; entryCount: number }> {
  if (zip.entryCount > ARCHIVE_MAX_ENTRIES) throw archiveError('ARCHIVE_TOO_LARGE', [], { maxEntries: ARCHIVE_MAX_ENTRIES });
  const entries: ListedEntry<Entry>[] = [];
  try {
    for await (const entry of zip.eachEntry()) {
      const name = entryName(entry);
      entries.push({
        entry,
        name,
        compressedSize: entry.compressedSize,
        uncompressedSize: entry.uncompressedSize,
        folder: name.endsWith('/'),
        unreadable: entry.isEncrypted() || ![0, 8].includes(entry.compressionMethod),
      });
    }
  } catch (err) {
    throw new AppError('ARCHIVE_UNREADABLE', { cause: err });
  }
  return { entries, entryCount: zip.entryCount };
}

/**
 * The checks of an archive's directory that do not depend on its layout: entry count, unsafe
 * paths (and links), sizes and compression ratios (zip bombs), encrypted or unsupported entries,
 * non-photo names. Answers the photo entries (folders and ignored names left out).
 */
export function screenEntries<E>(
  listed: ListedEntry<E>[],
  archiveBytes?: number,
): { files: ListedEntry<E>[]; ignored: string[]; compressedBytes: number; expandedBytes: number } {
  if (listed.length > ARCHIVE_MAX_ENTRIES) throw archiveError('ARCHIVE_TOO_LARGE', [], { maxEntries: ARCHIVE_MAX_ENTRIES });
  const unsafe = listed.filter((a) => a.link || isUnsafe(a.name)).map((a) => a.name);
  if (unsafe.length) throw archiveError('ARCHIVE_UNSAFE_PATH', unsafe);

  let compressedBytes = 0;
  let expandedBytes = 0;
  const bombs: string[] = [];
  for (const a of listed) {
    compressedBytes += a.compressedSize ?? 0;
    expandedBytes += a.uncompressedSize;
    if (a.compressedSize === null) continue;
    const ratio = a.compressedSize > 0 ? a.uncompressedSize / a.compressedSize : Infinity;
    if (a.uncompressedSize > RATIO_CHECK_FROM_BYTES && ratio > ARCHIVE_MAX_COMPRESSION_RATIO) bombs.push(a.name);
  }
  if (archiveBytes !== undefined && listed.every((a) => a.compressedSize === null)) compressedBytes = archiveBytes;
  const totals = checkArchiveTotals({ entries: listed.length, compressedBytes, expandedBytes: Math.max(expandedBytes, 0) });
  // A tiny archive of tiny files may compress well overall: the total ratio counts above 1 MB expanded.
  const totalsOk = totals.ok || (archiveBytes !== undefined && expandedBytes <= RATIO_CHECK_FROM_BYTES && compressedBytes > 0);
  if (!totalsOk || bombs.length) throw archiveError('ARCHIVE_TOO_LARGE', bombs);

  const files = listed.filter((a) => !a.folder && !isIgnored(a.name));
  const ignored = listed.filter((a) => !files.includes(a)).map((a) => a.name);

  const unreadable = files.filter((a) => a.unreadable).map((a) => a.name);
  if (unreadable.length) throw archiveError('ARCHIVE_UNREADABLE', unreadable);

  const notPhotos = files.filter((a) => !isPhotoFile(a.name)).map((a) => a.name);
  if (notPhotos.length) throw archiveError(-11003, notPhotos);

  return { files, ignored, compressedBytes, expandedBytes };
}

/**
 * Decides where every photo goes from an archive's directory, or refuses the archive with the
 * catalogue's code and the offending entries. Checked in this order: entry count, unsafe paths
 * (and links), sizes and compression ratios (zip bombs), encrypted or unsupported entries,
 * non-photo names, the folder layout, duplicates, per-photo size, no photo. `archiveBytes` is the
 * archive's own size (the total ratio of a .tar.gz, whose entries have no compressed size).
 */
export function planEntries<E>(listed: ListedEntry<E>[], archiveBytes?: number): ArchivePlan<E> {
  const { files, ignored, compressedBytes, expandedBytes } = screenEntries(listed, archiveBytes);
  // Archives made by "compress this folder" wrap everything in one top folder: look inside it.
  const tops = new Set(files.map((a) => a.name.split('/')[0]));
  const [top] = tops;
  const wrapped = files.length > 0 && tops.size === 1 && files.every((a) => a.name.includes('/')) && !/^[Bb]\d+$/.test(top!);
  const relative = (name: string) => (wrapped ? name.slice(top!.length + 1) : name);

  type Placed = Omit<PlannedImage<E>, 'sortIndex'>;
  const placed: Placed[] = [];
  const misplaced: string[] = [];
  for (const { entry, name, uncompressedSize } of files) {
    const m = LAYOUT.exec(relative(name));
    const chamber = m?.[3] === undefined ? null : Number(m[3]);
    if (!m || (chamber !== null && (chamber < CHAMBER_MIN || chamber > CHAMBER_MAX))) {
      misplaced.push(name);
      continue;
    }
    placed.push({ entry, entryName: name, size: uncompressedSize, fileName: m[4]!, bladePosition: Number(m[1]), path: Number(m[2]), chamber });
  }
  if (misplaced.length) throw archiveError('ARCHIVE_LAYOUT_INVALID', misplaced);

  const folderOf = (p: Placed) => `${p.bladePosition}/${p.path}/${p.chamber ?? ''}`;
  const seen = new Map<string, string>();
  const duplicates: string[] = [];
  for (const p of placed) {
    const k = `${folderOf(p)}/${p.fileName.normalize('NFC').toLowerCase()}`;
    const first = seen.get(k);
    if (first !== undefined) duplicates.push(...(duplicates.includes(first) ? [] : [first]), p.entryName);
    else seen.set(k, p.entryName);
  }
  if (duplicates.length) throw archiveError('ARCHIVE_DUPLICATE_ENTRIES', duplicates);

  const tooLarge = placed.filter((p) => p.size > PHOTO_MAX_BYTES).map((p) => p.entryName);
  if (tooLarge.length) throw archiveError('FILE_TOO_LARGE', tooLarge, { maxMb: PHOTO_MAX_BYTES / MB });
  if (!placed.length) throw new AppError('ARCHIVE_NO_IMAGES');

  const folders = new Map<string, Placed[]>();
  for (const p of placed) folders.set(folderOf(p), [...(folders.get(folderOf(p)) ?? []), p]);
  const images: PlannedImage<E>[] = [];
  for (const group of folders.values()) {
    group.sort((a, b) => byFileName.compare(a.fileName, b.fileName) || (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0));
    group.forEach((p, i) => images.push({ ...p, sortIndex: i + 1 }));
  }
  images.sort(
    (a, b) =>
      a.bladePosition - b.bladePosition || a.path - b.path || (a.chamber ?? -1000) - (b.chamber ?? -1000) || a.sortIndex - b.sortIndex,
  );
  return { images, ignored, compressedBytes, expandedBytes };
}

/** A ZIP's plan from its central directory (nothing is decompressed). */
export async function planArchive(zip: ZipFile): Promise<ArchivePlan<Entry>> {
  return planEntries((await listZip(zip)).entries);
}

/** One entry's bytes, at most `max` (the declared size was checked; this guards the stream itself). */
export async function readEntry(zip: ZipFile, entry: Entry, max = PHOTO_MAX_BYTES): Promise<Buffer> {
  const stream = await zip.openReadStreamPromise(entry, {});
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) {
      stream.destroy();
      throw new AppError('FILE_TOO_LARGE', { params: { maxMb: max / MB } });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

