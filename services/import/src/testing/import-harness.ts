import { stat } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { Zip, ZipPassThrough, zipSync } from 'fflate';
import { pack as tarPack } from 'tar-stream';
import { listFiles } from '@windward/service-kit';
import { ServiceHarness, eventually, type ApiInit, type Body } from '@windward/service-kit/testing';
import { AppModule } from '../app.module.js';

export type { Body };
export const API = '/gw/import/api/v2';
export const TUS_BASE = { 'tus-resumable': '1.0.0' };
/** tus `Upload-Metadata` naming the file. */
export const tusMetadata = (filename: string) => `filename ${Buffer.from(filename).toString('base64')}`;

/**
 * The import service on a fresh database and file folder (the kit's ServiceHarness), fed by
 * asset through the real bus, with helpers for upload tasks, archives and the stored files.
 */
export class ImportHarness extends ServiceHarness {
  static override start(env: Record<string, string> = {}): Promise<ImportHarness> {
    return ServiceHarness.startWithFiles((parts) => new ImportHarness(...parts), AppModule, 'import', env);
  }

  /** A wind park as asset announces it; resolves once import's read model has it. */
  park(name: string, customerId?: string) {
    return this.announcePark(name, 'SELECT 1 FROM data_import.park_ref WHERE wind_farm_id = $1', customerId);
  }

  turbine(parkId: string, name: string): Promise<string> {
    return this.announceTurbine(parkId, name, 'SELECT 1 FROM data_import.turbine_ref WHERE turbine_id = $1');
  }

  createTask(body: Record<string, unknown>, init: ApiInit = {}) {
    return this.api(`${API}/upload-tasks`, { ...init, method: 'POST', json: body });
  }

  /** Posts bytes as the multipart `file` of an upload task. */
  archive(id: string, bytes: Uint8Array, name = 'photos.zip', init: ApiInit = {}) {
    const form = new FormData();
    form.append('file', new Blob([bytes]), name);
    return this.api(`${API}/upload-tasks/${id}/archive`, { ...init, form });
  }

  /** Files of an upload in the store (relative to `uploads/<id>`), sorted; [] when there is none. */
  async storedFiles(id: string): Promise<string[]> {
    const dir = path.join(this.filesDir, 'uploads', id);
    const exists = await stat(dir).then(
      () => true,
      () => false,
    );
    return exists ? (await listFiles(dir)).sort() : [];
  }

  /** Waits until the task's status is one of `statuses`, and returns it. */
  async waitStatus(id: string, statuses: number[], timeoutMs = 20000): Promise<Body> {
    return eventually(async () => {
      const r = await this.api(`${API}/upload-tasks/${id}`);
      return statuses.includes(r.body.status) ? r.body : null;
    }, timeoutMs);
  }

  /** Waits until the sheet import satisfies `ok`, and returns it. */
  /** One tus 1.0.0 request (resumable uploads): the answer's status, headers and body (JSON when it is). */
  async tus(url: string, method: string, headers: Record<string, string> = {}, body?: Uint8Array, token = this.admin) {
    const r = await fetch(this.svc.url + url, { method, headers: { ...TUS_BASE, authorization: `Bearer ${token}`, ...headers }, body });
    const text = await r.text();
    let json: Body = {};
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = { text };
    }
    return { status: r.status, headers: r.headers, body: json };
  }

  async waitFor(id: string, ok: (v: Body) => boolean, timeoutMs = 20000): Promise<Body> {
    return eventually(async () => {
      const r = await this.api(`${API}/sheet-imports/${id}`);
      return ok(r.body) ? r.body : null;
    }, timeoutMs);
  }

}

/** A small real JPEG (or PNG); `shade` varies the bytes so photos differ. */
export function photo(shade = 100, format: 'jpeg' | 'png' = 'jpeg', width = 96, height = 64): Promise<Buffer> {
  const img = sharp({ create: { width, height, channels: 3, background: { r: shade, g: 150, b: 255 - shade } } });
  return (format === 'png' ? img.png() : img.jpeg()).toBuffer();
}

/** A ZIP with these entries (names used verbatim: fflate writes whatever it is given, "../x" included). */
export function zip(entries: Record<string, Uint8Array>, level: 0 | 6 = 6): Buffer {
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, [v, { level }]]))));
}

/** fflate's streaming ZIP with native deflate and CRC (fflate's own are slow on hundreds of MB of zeros). */
class NativeDeflate extends ZipPassThrough {
  constructor(name: string) {
    super(name);
    this.compression = 8;
  }
  override push(chunk: Uint8Array, final?: boolean) {
    this.size += chunk.length;
    this.crc = zlib.crc32(chunk, this.crc ?? 0);
    this.process(chunk, final ?? false);
  }
  override process(chunk: Uint8Array, final: boolean) {
    this.ondata(null, zlib.deflateRawSync(chunk, { level: 9 }), final);
  }
}

/** One entry of `size` zero bytes, deflated: a few hundred KB that expand to `size`. */
export function zeroBomb(name: string, size: number): Buffer {
  const parts: Uint8Array[] = [];
  const z = new Zip((err, data) => {
    if (err) throw err;
    parts.push(data);
  });
  const f = new NativeDeflate(name);
  z.add(f);
  f.push(new Uint8Array(size), true);
  z.end();
  return Buffer.concat(parts);
}

/** Rewrites the uncompressed size the central directory declares for every entry (a lying archive). */
export function declareSize(zipBytes: Buffer, size: number): Buffer {
  const out = Buffer.from(zipBytes);
  for (let i = 0; i + 46 <= out.length; i++) if (out.readUInt32LE(i) === 0x02014b50) out.writeUInt32LE(size, i + 24);
  return out;
}

/** A tar entry: bytes, a folder, or a link to somewhere (tar can hold what a ZIP cannot). */
export type TarEntry = Uint8Array | 'folder' | { symlink: string } | { hardlink: string };

/** The uncompressed tar with these entries, names verbatim ("../x" and "/etc/x" included). */
export async function tar(entries: Record<string, TarEntry>): Promise<Buffer> {
  const p = tarPack();
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    p.on('data', (c: unknown) => {
      chunks.push(c as Buffer);
    });
    p.on('end', resolve);
    p.on('error', reject);
  });
  for (const [name, e] of Object.entries(entries)) {
    if (e === 'folder') p.entry({ name, type: 'directory' });
    else if ('symlink' in e) p.entry({ name, type: 'symlink', linkname: e.symlink });
    else if ('hardlink' in e) p.entry({ name, type: 'link', linkname: e.hardlink });
    else p.entry({ name, size: e.length }, Buffer.from(e));
  }
  p.finalize();
  await done;
  return Buffer.concat(chunks);
}

/** A .tar.gz with these entries. */
export async function tarGz(entries: Record<string, TarEntry>): Promise<Buffer> {
  return zlib.gzipSync(await tar(entries), { level: 9 });
}
