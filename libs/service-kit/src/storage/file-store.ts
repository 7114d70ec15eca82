import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Bytes `start` (inclusive) to `end` (exclusive) of a stored file. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where files live (photographs, tiles, upload archives and manifests). Keys are relative,
 * slash-separated paths chosen by the services (never raw user input). The local-folder adapter
 * is the default; an S3-compatible adapter implements the same calls (PutObject, GetObject with
 * Range, HeadObject, DeleteObjects by prefix).
 */
export interface FileStore {
  put(key: string, data: Buffer): Promise<void>;
  /** Takes a local file (a generated tile, a received upload) into the store; the source may be moved. */
  putFile(key: string, localPath: string): Promise<void>;
  /**
   * putFile for many files (a picture's deep-zoom tiles): each folder made once and the files
   * taken in several at a time, not one round trip after another. No order is promised.
   */
  putFiles(files: readonly { key: string; localPath: string }[]): Promise<void>;
  read(key: string): Promise<Buffer | null>;
  /** The file, or a byte range of it; `size` is always the whole file's size. */
  stream(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null>;
  /** Size in bytes, null when there is no such file. */
  size(key: string): Promise<number | null>;
  removePrefix(prefix: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Refuses anything that could leave the store's folder. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').some((s) => s === '..' || s === '.')) throw new Error(`unsafe file key: ${key}`);
}

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Runs `work` over `items`, at most `parallel` at a time. */
export async function eachInParallel<T>(items: readonly T[], parallel: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, lane));
}

/** The store on a local folder (`FILES_DIR`, shared by every service of a platform). */
export class LocalFileStore implements FileStore {
  constructor(readonly root: string) {}

  private full(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const f = this.full(key);
    await mkdir(path.dirname(f), { recursive: true });
    // Write then rename: a reader never sees half a file.
    const tmp = `${f}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, f);
  }

  async putFile(key: string, localPath: string): Promise<void> {
    const f = this.full(key);
    await mkdir(path.dirname(f), { recursive: true });
    await rename(localPath, f).catch(() => copyFile(localPath, f));
  }

  async putFiles(files: readonly { key: string; localPath: string }[]): Promise<void> {
    const targets = files.map((f) => ({ from: f.localPath, to: this.full(f.key) }));
    for (const dir of new Set(targets.map((t) => path.dirname(t.to)))) await mkdir(dir, { recursive: true });
    await eachInParallel(targets, 16, (t) => rename(t.from, t.to).catch(() => copyFile(t.from, t.to)));
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.full(key));
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async stream(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null> {
    const f = this.full(key);
    const size = await this.sizeOf(f);
    if (size === null) return null;
    if (range && (range.start < 0 || range.end > size || range.end <= range.start))
      throw new RangeError(`bad range ${range.start}-${range.end} of ${key}`);
    // fs ranges are inclusive at the end.
    const stream = range ? createReadStream(f, { start: range.start, end: range.end - 1 }) : createReadStream(f);
    return { stream, size };
  }

  size(key: string): Promise<number | null> {
    return this.sizeOf(this.full(key));
  }

  async removePrefix(prefix: string): Promise<void> {
    // A writer may still be adding files below (a tile job of a photo being deleted): rm then
    // meets ENOTEMPTY, and its retries take the late files too.
    await rm(this.full(prefix), { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  }

  private async sizeOf(f: string): Promise<number | null> {
    try {
      const s = await stat(f);
      return s.isFile() ? s.size : null;
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }
}

/** A view of a store below one key prefix (inspection keeps its files under `inspection/`). */
export class ScopedFileStore implements FileStore {
  constructor(
    readonly inner: FileStore,
    readonly prefix: string,
  ) {
    assertSafeKey(prefix);
  }

  private key(key: string): string {
    assertSafeKey(key);
    return `${this.prefix}/${key}`;
  }

  async put(key: string, data: Buffer) {
    return this.inner.put(this.key(key), data);
  }
  async putFile(key: string, localPath: string) {
    return this.inner.putFile(this.key(key), localPath);
  }
  async putFiles(files: readonly { key: string; localPath: string }[]) {
    return this.inner.putFiles(files.map((f) => ({ key: this.key(f.key), localPath: f.localPath })));
  }
  async read(key: string) {
    return this.inner.read(this.key(key));
  }
  async stream(key: string, range?: ByteRange) {
    return this.inner.stream(this.key(key), range);
  }
  async size(key: string) {
    return this.inner.size(this.key(key));
  }
  async removePrefix(prefix: string) {
    return this.inner.removePrefix(this.key(prefix));
  }
}

/** Every file below a local folder, as paths relative to it (for moving generated tiles into a store). */
export async function listFiles(dir: string, base = dir): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await listFiles(p, base)));
    else if (e.isFile()) out.push(path.relative(base, p).split(path.sep).join('/'));
  }
  return out;
}

/**
 * How a key of the shared store travels in events (`import.upload.completed.uploadFileUri`):
 * `filestore:<key>`. Whatever adapter runs, producer and consumer resolve it in the same store.
 */
export const FILE_STORE_URI_SCHEME = 'filestore:';

export function fileStoreUri(key: string): string {
  assertSafeKey(key);
  return `${FILE_STORE_URI_SCHEME}${key}`;
}

/** The key of a `filestore:` URI, or null for anything else (other schemes, unsafe keys). */
export function fileStoreKey(uri: string): string | null {
  if (!uri.startsWith(FILE_STORE_URI_SCHEME)) return null;
  const key = uri.slice(FILE_STORE_URI_SCHEME.length);
  try {
    assertSafeKey(key);
    return key;
  } catch {
    return null;
  }
}
