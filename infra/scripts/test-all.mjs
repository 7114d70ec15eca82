#!/usr/bin/env node
// `npm test`: runs every workspace's tests (unit, integration against a real PostgreSQL,
// end-to-end through the gateway and a real browser) and prints one closing line
// "N passed, N failed" summed over all runners. Build first (npm test does).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const only = process.argv.slice(2); // optional workspace filter, e.g. `libs/contracts`

const nodeWorkspaces = [
  'libs/contracts',
  'libs/service-kit',
  ...readdirSync(path.join(root, 'services')).sort().map((s) => `services/${s}`),
  'infra',
];

function hasTests(dir) {
  if (!existsSync(dir)) return false;
  for (const e of readdirSync(dir)) {
    const p = path.join(dir, e);
    if (statSync(p).isDirectory() ? hasTests(p) : /\.test\.js$/.test(e)) return true;
  }
  return false;
}

function run(cmd, args, opts) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      process.stdout.write(d);
    });
    child.stderr.on('data', (d) => process.stderr.write(d));
    child.on('exit', (code) => resolve({ code: code ?? 1, out }));
  });
}

async function ensureDatabase() {
  if (process.env.TEST_DATABASE_URL) return null;
  // No server given: start the embedded one once for the whole run.
  const { startEmbeddedPostgres } = await import(path.join(root, 'libs/service-kit/dist/database/embedded.js'));
  const server = await startEmbeddedPostgres(path.join(root, '.data/test-pg'), Number(process.env.TEST_EMBEDDED_PG_PORT ?? 54329));
  process.env.TEST_DATABASE_URL = server.adminUrl;
  console.log(`[test] embedded PostgreSQL at ${server.adminUrl}`);
  return server;
}

const results = [];
const embedded = await ensureDatabase();
try {
  if (!only.length || only.includes('lint')) {
    // Lint is a check like any other: one "test" that passes or fails.
    console.log('\n[test] lint');
    const { code } = await run(process.execPath, [path.join(root, 'node_modules/eslint/bin/eslint.js'), '.'], { cwd: root, env: process.env });
    results.push({ ws: 'lint (eslint)', passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 });
  }
  for (const ws of nodeWorkspaces) {
    if (only.length && !only.includes(ws)) continue;
    const dist = path.join(root, ws, 'dist');
    if (!hasTests(dist)) continue;
    console.log(`\n[test] ${ws}`);
    const { code, out } = await run(process.execPath, ['--test', '--test-reporter=tap', '--test-concurrency=1', '--enable-source-maps', 'dist/'], {
      cwd: path.join(root, ws),
      env: process.env,
    });
    const num = (label) => Number(new RegExp(`^# ${label} (\\d+)`, 'm').exec(out)?.[1] ?? 0);
    results.push({ ws, passed: num('pass'), failed: num('fail') + (code !== 0 && num('fail') === 0 ? 1 : 0), skipped: num('skipped') + num('todo') });
  }
  if (!only.length || only.includes('web')) {
    console.log('\n[test] web');
    mkdirSync(path.join(root, '.data'), { recursive: true });
    const report = path.join(root, '.data/vitest-report.json');
    const { code } = await run(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
      cwd: path.join(root, 'web'),
      env: process.env,
    });
    let passed = 0, failed = code !== 0 ? 1 : 0, skipped = 0;
    if (existsSync(report)) {
      const j = JSON.parse(readFileSync(report, 'utf8'));
      passed = j.numPassedTests;
      failed = j.numFailedTests + (code !== 0 && j.numFailedTests === 0 ? 1 : 0);
      skipped = j.numPendingTests + j.numTodoTests;
    }
    results.push({ ws: 'web', passed, failed, skipped });
  }
} finally {
  await embedded?.stop();
}

const sum = (k) => results.reduce((a, r) => a + r[k], 0);
console.log('\n| workspace | passed | failed | skipped |\n|---|---:|---:|---:|');
for (const r of results) console.log(`| ${r.ws} | ${r.passed} | ${r.failed} | ${r.skipped} |`);
const [p, f, s] = [sum('passed'), sum('failed'), sum('skipped')];
console.log(`\n${p} passed, ${f} failed${s ? `, ${s} skipped` : ''}`);
process.exit(f > 0 || p === 0 ? 1 : 0);
