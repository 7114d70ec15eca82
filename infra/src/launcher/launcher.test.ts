import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const main = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.js');

test('production mode refuses to start without ADMIN_PASSWORD (and never seeds demo data)', () => {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  delete env.ADMIN_PASSWORD;
  const r = spawnSync(process.execPath, [main], { env, encoding: 'utf8', timeout: 20_000 });
  assert.equal(r.status, 1);
  assert.match(r.stderr, /NODE_ENV=production requires ADMIN_PASSWORD/);
});
