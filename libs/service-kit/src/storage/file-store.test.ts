import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { LocalFileStore, ScopedFileStore, assertSafeKey, fileStoreKey, fileStoreUri, listFiles } from './file-store.js';

describe('local file store', () => {
  test('keys cannot leave the store folder', () => {
    for (const bad of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'a/./b', '', 'a\\b', '.hidden']) {
      assert.throws(() => assertSafeKey(bad), /unsafe file key/, bad);
    }
    assert.doesNotThrow(() => assertSafeKey('images/abc/def/image_files/10/3_2.jpeg'));
  });

  test('put, read, stream (whole and ranges), size, putFile and removePrefix', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'ww-store-'));
    try {
      const store = new LocalFileStore(root);
      await store.put('a/b/one.txt', Buffer.from('hello'));
      assert.equal((await store.read('a/b/one.txt'))?.toString(), 'hello');
      assert.equal(await store.read('a/b/missing.txt'), null);
      assert.equal((await store.stream('a/b/one.txt'))?.size, 5);
      const part = await store.stream('a/b/one.txt', { start: 1, end: 4 });
      assert.equal(part?.size, 5);
      assert.equal(await text(part!.stream), 'ell');
      await assert.rejects(() => store.stream('a/b/one.txt', { start: 2, end: 9 }), RangeError);
      assert.equal(await store.size('a/b/one.txt'), 5);
      assert.equal(await store.size('a/b'), null);
      assert.equal(await store.size('a/nothing'), null);
      const tmp = path.join(root, 'tile.tmp');
      await writeFile(tmp, 'tile');
      await store.putFile('a/c/tile.jpeg', tmp);
      assert.deepEqual((await listFiles(path.join(root, 'a'))).sort(), ['b/one.txt', 'c/tile.jpeg']);
      await store.removePrefix('a/b');
      assert.equal(await store.stream('a/b/one.txt'), null);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  test('a scoped view writes below its prefix of the shared folder and cannot climb out', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'ww-store-'));
    try {
      const shared = new LocalFileStore(root);
      const inspection = new ScopedFileStore(shared, 'inspection');
      await inspection.put('images/x/original.jpg', Buffer.from('jpg'));
      assert.equal((await shared.read('inspection/images/x/original.jpg'))?.toString(), 'jpg');
      assert.equal(await inspection.size('images/x/original.jpg'), 3);
      await assert.rejects(() => inspection.read('../uploads/secret'), /unsafe file key/);
      await inspection.removePrefix('images');
      assert.equal(await shared.read('inspection/images/x/original.jpg'), null);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  test('filestore: URIs carry safe keys only', () => {
    assert.equal(fileStoreUri('uploads/u1/manifest.json'), 'filestore:uploads/u1/manifest.json');
    assert.equal(fileStoreKey('filestore:uploads/u1/manifest.json'), 'uploads/u1/manifest.json');
    for (const bad of ['filestore:../etc/passwd', 'filestore:/abs', 's3://bucket/key', 'uploads/u1/manifest.json', 'filestore:']) {
      assert.equal(fileStoreKey(bad), null, bad);
    }
  });
});
