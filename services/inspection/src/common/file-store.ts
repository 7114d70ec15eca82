import { createReadStream } from 'node:fs';
import { mkdir, readFile, readdir, rm, stat, writeFile, copyFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where image bytes live. Keys are relative, slash-separated paths chosen by this service
 * (never user input). The local-folder adapter is the default; an S3-compatible adapter
 * implements the same five calls (put / putFile / read / stream / removePrefix) later.
 */
export interface FileStore {
  put(key: string, data: Buffer): Promise<void>;
  /** Takes a local file (e.g. a generated tile) into the store; the source may be moved. */
  putFile(key: string, localPath: string): Promise<void>;
  read(key: string): Promise<Buffer | null>;
  stream(key: string): Promise<{ stream: Readable; size: number } | null>;
  removePrefix(prefix: string): Promise<void>;
}

export const FILE_STORE = Symbol('FILE_STORE');

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Refuses anything that could leave the store's folder. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').some((s) => s === '..' || s === '.')) throw new Error(`unsafe file key: ${key}`);
}

/** The store on a local folder (FILES_DIR/inspection). */
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

  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.full(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async stream(key: string): Promise<{ stream: Readable; size: number } | null> {
    const f = this.full(key);
    try {
      const s = await stat(f);
      if (!s.isFile()) return null;
      return { stream: createReadStream(f), size: s.size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async removePrefix(prefix: string): Promise<void> {
    await rm(this.full(prefix), { recursive: true, force: true });
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
