import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { LocalFileStore, ScopedFileStore, type FileStore } from './file-store.js';
import { S3FileStore, s3SettingsFromEnv } from './s3-file-store.js';
import { loadConfig } from '../config/config.js';

/**
 * The S3 adapter against s3rver — a real S3 REST server (signatures, ranges, listing, multi-delete)
 * in its own process, not a mock of the SDK — and the same checks on the local folder, so both
 * adapters keep one behaviour.
 */

/** s3rver signs list continuation tokens with DES, which OpenSSL 3 only has in its legacy provider. */
async function startS3rver(directory: string): Promise<{ child: ChildProcess; endpoint: string }> {
  const script = `import S3rver from 's3rver';
const s = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: ${JSON.stringify(directory)}, configureBuckets: [{ name: 'windward' }] });
const { port } = await s.run();
console.log('PORT ' + port);`;
  const cwd = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '--input-type=module', '-e', script], {
    cwd,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.setEncoding('utf8');
  for await (const chunk of child.stdout!) {
    out += chunk;
    const m = /PORT (\d+)/.exec(out);
    if (m) return { child, endpoint: `http://127.0.0.1:${m[1]}` };
  }
  throw new Error(`s3rver did not start: ${out}`);
}
async function behavesLikeAFileStore(store: FileStore, tmp: string): Promise<void> {
  await store.put('a/b/one.txt', Buffer.from('hello'));
  assert.equal((await store.read('a/b/one.txt'))?.toString(), 'hello');
  assert.equal(await store.read('a/b/missing.txt'), null);
  assert.equal(await store.size('a/b/one.txt'), 5);
  assert.equal(await store.size('a/nothing'), null);
  const whole = await store.stream('a/b/one.txt');
  assert.equal(whole?.size, 5);
  assert.equal(await text(whole!.stream), 'hello');
  const part = await store.stream('a/b/one.txt', { start: 1, end: 4 });
  assert.equal(part?.size, 5);
  assert.equal(await text(part!.stream), 'ell');
  await assert.rejects(() => store.stream('a/b/one.txt', { start: 2, end: 9 }), RangeError);
  assert.equal(await store.stream('a/b/missing.txt'), null);
  await assert.rejects(() => store.read('../escape'), /unsafe file key/);

  // putFile takes the local file over (the source may be gone afterwards).
  const src = path.join(tmp, 'tile.tmp');
  await writeFile(src, 'tile');
  await store.putFile('a/c/tile.jpeg', src);
  assert.equal((await store.read('a/c/tile.jpeg'))?.toString(), 'tile');
  await assert.rejects(() => stat(src), /ENOENT/);

  // putFiles takes many at once, each folder made once (the 40 tiles of two levels).
  const tiles = await Promise.all(
    Array.from({ length: 40 }, async (_, i) => {
      const localPath = path.join(tmp, `many-${i}.tmp`);
      await writeFile(localPath, `t${i}`);
      return { key: `a/d/${i % 2}/${i}_0.jpeg`, localPath };
    }),
  );
  await new ScopedFileStore(store, 'a').putFiles(tiles.map((t) => ({ ...t, key: t.key.slice(2) })));
  for (const [i, t] of tiles.entries()) assert.equal((await store.read(t.key))?.toString(), `t${i}`, t.key);
  await assert.rejects(() => stat(tiles[0]!.localPath), /ENOENT/);
  // One unsafe key: refused before anything is taken in.
  const kept = path.join(tmp, 'kept.tmp');
  await writeFile(kept, 'kept');
  await assert.rejects(() => store.putFiles([{ key: 'a/e/ok.jpeg', localPath: kept }, { key: '../escape', localPath: kept }]), /unsafe file key/);
  assert.equal(await store.read('a/e/ok.jpeg'), null);
  assert.equal((await stat(kept)).size, 4);

  // Overwrite replaces the whole object.
  await store.put('a/b/one.txt', Buffer.from('bye'));
  assert.equal(await store.size('a/b/one.txt'), 3);

  // removePrefix removes a folder-like prefix, never a sibling that merely starts alike.
  await store.put('a/bc/keep.txt', Buffer.from('keep'));
  await store.removePrefix('a/b');
  assert.equal(await store.read('a/b/one.txt'), null);
  assert.equal((await store.read('a/bc/keep.txt'))?.toString(), 'keep');
  assert.equal((await store.read('a/c/tile.jpeg'))?.toString(), 'tile');

  // A scoped view stays below its prefix.
  const scoped = new ScopedFileStore(store, 'inspection');
  await scoped.put('images/x/original.jpg', Buffer.from('jpg'));
  assert.equal((await store.read('inspection/images/x/original.jpg'))?.toString(), 'jpg');
  await scoped.removePrefix('images');
  assert.equal(await store.read('inspection/images/x/original.jpg'), null);
}

describe('file store adapters behave the same', () => {
  let server: ChildProcess;
  let endpoint: string;
  let dir: string;

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ww-s3-'));
    ({ child: server, endpoint } = await startS3rver(path.join(dir, 'server')));
  });
  after(async () => {
    if (server && server.exitCode === null) {
      server.kill();
      await once(server, 'exit');
    }
    await rm(dir, { recursive: true, force: true });
  });

  test('local folder', async () => {
    const root = await mkdtemp(path.join(dir, 'local-'));
    await behavesLikeAFileStore(new LocalFileStore(root), root);
  });

  test('S3-compatible bucket (s3rver), with a key prefix and more keys than one delete page', async () => {
    const store = new S3FileStore({
      bucket: 'windward',
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix: 'platform-1',
    });
    const tmp = await mkdtemp(path.join(dir, 'tmp-'));
    await behavesLikeAFileStore(store, tmp);
    // Keys live below the prefix in the bucket.
    const raw = new S3FileStore({
      bucket: 'windward',
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    assert.equal((await raw.read('platform-1/a/c/tile.jpeg'))?.toString(), 'tile');
    // More keys than one list-and-delete page (250).
    const keys = Array.from({ length: 520 }, (_, i) => `many/t/${i}.jpeg`);
    for (let i = 0; i < keys.length; i += 10) await Promise.all(keys.slice(i, i + 10).map((k) => store.put(k, Buffer.from('x'))));
    await store.removePrefix('many');
    assert.equal(await store.size('many/t/0.jpeg'), null);
    assert.equal(await store.size('many/t/519.jpeg'), null);
  });

  test('FILE_STORE=s3 is read from the environment; a missing bucket or an unknown kind stops the start', () => {
    const env = { DATABASE_URL: 'postgres://x/y', FILE_STORE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'http://minio:9000' };
    const c = loadConfig('inspection', env);
    assert.equal(c.fileStore.kind, 's3');
    assert.deepEqual(c.fileStore.kind === 's3' && c.fileStore.s3, s3SettingsFromEnv(env));
    assert.equal(c.fileStore.kind === 's3' && c.fileStore.s3.forcePathStyle, true);
    assert.equal(loadConfig('inspection', { DATABASE_URL: 'postgres://x/y' }).fileStore.kind, 'local');
    assert.throws(() => loadConfig('inspection', { DATABASE_URL: 'postgres://x/y', FILE_STORE: 's3' }), /S3_BUCKET/);
    assert.throws(() => loadConfig('inspection', { DATABASE_URL: 'postgres://x/y', FILE_STORE: 'ftp' }), /local or s3/);
  });
});
