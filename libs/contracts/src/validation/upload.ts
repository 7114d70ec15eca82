import { BLADES_PER_TURBINE, IMPORT_FILE_MAX_BYTES, IMPORT_MAX_INSPECTIONS, PHOTO_MAX_BYTES } from '../constants.js';
import { OK, fail, type ValidationResult } from './result.js';
import { findDuplicates } from './text.js';

export const SPREADSHEET_EXTENSIONS = ['.xls', '.xlsx'] as const;
export const ARCHIVE_EXTENSIONS = ['.zip', '.tar.gz'] as const;
export const PHOTO_EXTENSIONS = ['.jpg', '.jpeg', '.png'] as const;

/** Lower-case extension incl. the dot; knows the double extension .tar.gz. "" when none. */
export function fileExtension(fileName: string): string {
  const name = fileName.trim().toLowerCase().split(/[\\/]/).pop() ?? '';
  if (name.endsWith('.tar.gz')) return '.tar.gz';
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot) : '';
}

const hasExt = (name: string, list: readonly string[]) => list.includes(fileExtension(name));

export function isSpreadsheetFile(fileName: string): boolean {
  return hasExt(fileName, SPREADSHEET_EXTENSIONS);
}
export function isArchiveFile(fileName: string): boolean {
  return hasExt(fileName, ARCHIVE_EXTENSIONS);
}
export function isPhotoFile(fileName: string): boolean {
  return hasExt(fileName, PHOTO_EXTENSIONS);
}

export interface FileInfo {
  name: string;
  /** Size in bytes. */
  size: number;
}

const MB = 1024 * 1024;
const tooLarge = (size: number, max: number) => !Number.isFinite(size) || size < 0 || size > max;

/** Import spreadsheet: .xls/.xlsx (-10001 as the spec's own code says) and at most 10MB. */
export function checkSpreadsheetFile(file: FileInfo): ValidationResult {
  if (!isSpreadsheetFile(file.name)) return fail(-10001);
  return tooLarge(file.size, IMPORT_FILE_MAX_BYTES) ? fail('FILE_TOO_LARGE', { maxMb: IMPORT_FILE_MAX_BYTES / MB }) : OK;
}

/** Import archive: .zip/.tar.gz and at most 10MB ("a file may not exceed 10MB"). */
export function checkArchiveFile(file: FileInfo): ValidationResult {
  if (!isArchiveFile(file.name)) return fail('FILE_TYPE_NOT_ALLOWED', { allowed: ARCHIVE_EXTENSIONS.join(', ') });
  return tooLarge(file.size, IMPORT_FILE_MAX_BYTES) ? fail('FILE_TOO_LARGE', { maxMb: IMPORT_FILE_MAX_BYTES / MB }) : OK;
}

/** Any import file: a spreadsheet or an archive, at most 10MB. */
export function checkImportFile(file: FileInfo): ValidationResult {
  if (isSpreadsheetFile(file.name)) return checkSpreadsheetFile(file);
  if (isArchiveFile(file.name)) return checkArchiveFile(file);
  return fail('FILE_TYPE_NOT_ALLOWED', { allowed: [...SPREADSHEET_EXTENSIONS, ...ARCHIVE_EXTENSIONS].join(', ') });
}

/** Photo: JPG/JPEG/PNG (-11003, the spec's code) and at most 20MB. */
export function checkPhotoFile(file: FileInfo): ValidationResult {
  if (!isPhotoFile(file.name)) return fail(-11003);
  return tooLarge(file.size, PHOTO_MAX_BYTES) ? fail('FILE_TOO_LARGE', { maxMb: PHOTO_MAX_BYTES / MB }) : OK;
}

/** An import file holds at most 30 inspections (-10036). */
export function checkInspectionCount(count: number): ValidationResult {
  return count > IMPORT_MAX_INSPECTIONS ? fail(-10036) : OK;
}

/** No two inspections of one turbine on the same date (-10009). Dates compare by UTC day. */
export function checkUniqueInspectionDates(
  inspections: ReadonlyArray<{ turbine: string; date: Date | string | number }>,
): ValidationResult {
  const day = (d: Date | string | number) => {
    const t = new Date(d);
    return Number.isFinite(t.getTime()) ? t.toISOString().slice(0, 10) : String(d);
  };
  const dups = findDuplicates(inspections, (i) => `${i.turbine.trim().toLowerCase()}|${day(i.date)}`);
  return dups.length > 0 ? fail(-10009) : OK;
}

export interface BladeIdentity {
  name: string;
  serialNumber: string;
}

/**
 * Exactly 3 blades per turbine with unique names and unique serial numbers (SPEC §5).
 * Names and serials compare trimmed and case-insensitively; empty ones are missing values.
 */
export function checkTurbineBlades(blades: ReadonlyArray<BladeIdentity>): ValidationResult {
  if (blades.length !== BLADES_PER_TURBINE) return fail('BLADES_PER_TURBINE');
  if (blades.some((b) => !b.name?.trim() || !b.serialNumber?.trim())) return fail('REQUIRED');
  if (findDuplicates(blades.map((b) => b.name)).length > 0) return fail('BLADE_NAME_SERIAL_REPEATED');
  if (findDuplicates(blades.map((b) => b.serialNumber)).length > 0) return fail('BLADE_NAME_SERIAL_REPEATED');
  return OK;
}

/**
 * Archive entry names that must never be extracted (our rule, used by the import
 * service): absolute paths, drive letters, ".." segments, NUL bytes and empty names.
 */
export function isSafeArchivePath(entryName: string): boolean {
  if (entryName === '' || entryName.includes('\0')) return false;
  const p = entryName.replace(/\\/g, '/');
  if (p.startsWith('/') || /^[A-Za-z]:/.test(p)) return false;
  return !p.split('/').some((seg) => seg === '..');
}

export function checkArchiveEntry(entryName: string): ValidationResult {
  return isSafeArchivePath(entryName) ? OK : fail('ARCHIVE_UNSAFE_PATH');
}

/** Zip-bomb guard limits (our choice: photos barely compress, so real imports stay far below). */
export const ARCHIVE_MAX_ENTRIES = 10_000;
export const ARCHIVE_MAX_EXPANDED_BYTES = 2 * 1024 * 1024 * 1024;
export const ARCHIVE_MAX_COMPRESSION_RATIO = 100;

/** Totals of an archive, read from its directory before extracting anything. */
export function checkArchiveTotals(t: { entries: number; compressedBytes: number; expandedBytes: number }): ValidationResult {
  if (t.entries > ARCHIVE_MAX_ENTRIES || t.expandedBytes > ARCHIVE_MAX_EXPANDED_BYTES) return fail('ARCHIVE_TOO_LARGE');
  if (t.compressedBytes > 0 && t.expandedBytes / t.compressedBytes > ARCHIVE_MAX_COMPRESSION_RATIO) return fail('ARCHIVE_TOO_LARGE');
  if (t.compressedBytes <= 0 && t.expandedBytes > 0) return fail('ARCHIVE_TOO_LARGE');
  return OK;
}

export type PhotoFormat = 'jpeg' | 'png';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * What a photo's bytes are by their magic numbers, never by the name (SPEC §5: JPG/JPEG/PNG).
 * Used by inspection's uploads, import's archive check and the web's pre-check of chosen files.
 */
export function sniffPhoto(bytes: Uint8Array): PhotoFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'png';
  return null;
}
