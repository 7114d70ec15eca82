import { Transform, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { extract as tarExtract } from 'tar-stream';
import { ARCHIVE_MAX_COMPRESSION_RATIO, ARCHIVE_MAX_ENTRIES, ARCHIVE_MAX_EXPANDED_BYTES, AppError, PHOTO_MAX_BYTES } from '@windward/contracts';
import { RATIO_CHECK_FROM_BYTES, archiveError, type ListedEntry } from './archive.js';

const MB = 1024 * 1024;
/** A tar adds a 512-byte header and up to 511 bytes of padding per entry to what the entries hold. */
const TAR_OVERHEAD_PER_ENTRY = 1024;

/** What a tar entry is for the plan: its name (a folder's with a trailing slash) and whether it is a plain file. */
function listed(header: { name: string; size?: number; type?: string | null }): ListedEntry<string> {
  const type = header.type ?? 'file';
  const folder = type === 'directory';
  const name = folder && !header.name.endsWith('/') ? `${header.name}/` : header.name;
  return {
    entry: name,
    name,
    compressedSize: null,
    uncompressedSize: header.size ?? 0,
    folder,
    link: type === 'symlink' || type === 'link',
    unreadable: !folder && type !== 'file' && type !== 'contiguous-file',
  };
}

async function drain(stream: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of stream) {
    /* skipped */
  }
}

/**
 * Streams a .tar.gz once (gunzip, then tar headers), nothing written to disk: `visit` sees every
 * entry in archive order with its bytes as a stream (drained when it does not read them).
 * Zip-bomb guards while inflating: the expanded stream may not pass 2 GB (plus tar headers), nor
 * 100 times the archive's size once above 1 MB, nor hold more than 10,000 entries; the entry being
 * read is named in the refusal. A broken gzip or tar stream is ARCHIVE_UNREADABLE.
 */
export async function walkTarGz(
  source: Readable,
  archiveBytes: number,
  visit: (entry: ListedEntry<string>, bytes: AsyncIterable<Buffer>) => Promise<void>,
): Promise<number> {
  const gunzip = createGunzip();
  const ex = tarExtract();
  let expanded = 0;
  let entries = 0;
  let current = '';
  const maxExpanded = ARCHIVE_MAX_EXPANDED_BYTES + ARCHIVE_MAX_ENTRIES * TAR_OVERHEAD_PER_ENTRY;
  const guard = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      expanded += chunk.length;
      if (expanded > maxExpanded || (expanded > RATIO_CHECK_FROM_BYTES && expanded > ARCHIVE_MAX_COMPRESSION_RATIO * archiveBytes)) {
        cb(archiveError('ARCHIVE_TOO_LARGE', current ? [current] : []));
      } else cb(null, chunk);
    },
  });
  const fail = (err: Error) => ex.destroy(err);
  source.on('error', fail);
  gunzip.on('error', fail);
  guard.on('error', fail);
  source.pipe(gunzip).pipe(guard).pipe(ex as unknown as NodeJS.WritableStream);
  try {
    for await (const entry of ex) {
      const e = listed(entry.header);
      current = e.name;
      if (++entries > ARCHIVE_MAX_ENTRIES) throw archiveError('ARCHIVE_TOO_LARGE', [], { maxEntries: ARCHIVE_MAX_ENTRIES });
      await visit(e, entry as AsyncIterable<Buffer>);
      await drain(entry as AsyncIterable<unknown>);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('ARCHIVE_UNREADABLE', { cause: err });
  } finally {
    source.unpipe();
    source.destroy();
    gunzip.destroy();
    guard.destroy();
  }
  return entries;
}

/** Every entry of a .tar.gz (bytes skipped): the directory the plan needs. */
export async function listTarGz(source: Readable, archiveBytes: number): Promise<ListedEntry<string>[]> {
  const all: ListedEntry<string>[] = [];
  await walkTarGz(source, archiveBytes, async (e) => {
    all.push(e);
  });
  return all;
}

/** An entry's bytes, at most `max`; the header's size must match what the stream holds. */
export async function readTarEntry(bytes: AsyncIterable<Buffer>, declared: number, max = PHOTO_MAX_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of bytes) {
    size += chunk.length;
    if (size > max) throw new AppError('FILE_TOO_LARGE', { params: { maxMb: max / MB } });
    chunks.push(chunk);
  }
  if (size !== declared) throw new AppError('ARCHIVE_UNREADABLE');
  return Buffer.concat(chunks, size);
}
