import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LocalFileStore, assertSafeKey, listFiles } from './file-store.js';

describe('local file store', () => {
  test('keys cannot leave the store folder', () => {
    for (const bad of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'a/./b', '', 'a\\b', '.hidden']) {
      assert.throws(() => assertSafeKey(bad), /unsafe file key/, bad);
    }
    assert.doesNotThrow(() => assertSafeKey('images/abc/def/image_files/10/3_2.jpeg'));
  });

  test('put, read, stream, putFile and removePrefix', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'ww-store-'));
    try {
      const store = new LocalFileStore(root);
      await store.put('a/b/one.txt', Buffer.from('hello'));
      assert.equal((await store.read('a/b/one.txt'))?.toString(), 'hello');
      assert.equal(await store.read('a/b/missing.txt'), null);
      assert.equal((await store.stream('a/b/one.txt'))?.size, 5);
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
});
