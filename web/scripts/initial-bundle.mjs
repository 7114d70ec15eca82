#!/usr/bin/env node
// The console's initial bundle: what web/dist/index.html loads before any route chunk — its
// module script, module preloads and stylesheets — one row per file (raw and gzip -9 kB) and the
// total. The bench's `initialBundle` (infra/src/bench/web.ts) reads this script's --json (docs/performance.md).
//
//   node web/scripts/initial-bundle.mjs [--build] [--json] [--all] [--with=<chunk name>,…] [--max=<kB>]
//
// --build runs `vite build` first; --json prints the rows as JSON; --all also lists every other
// chunk of dist/assets (largest first), to see what moved out of the initial set; --with adds a
// lazy chunk the start loads anyway (e.g. `--with=en_us`: the language the console starts in)
// and the chunks it imports that are not in the set yet, or a stylesheet (`--with=antd`: antd's
// prebuilt one, loaded with the session by the signed-in console); --max fails (exit 1) when the
// gzip total is not below that many kB — `npm test` runs it with issue #22's budget of 250
// (test-all.mjs).
import { readFileSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const web = path.resolve(import.meta.dirname, '..');
const dist = path.join(web, 'dist');
const args = new Set(process.argv.slice(2));

if (args.has('--build')) {
  const vite = path.join(web, '..', 'node_modules', 'vite', 'bin', 'vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const refs = [...new Set([...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]))];

const kB = (n) => n / 1024;
const measure = (ref) => {
  const buf = readFileSync(path.join(dist, ref));
  return { file: ref.replace(/^assets\//, ''), raw: kB(buf.length), gzip: kB(gzipSync(buf, { level: 9 }).length) };
};
// --with: a lazy chunk by the name before its hash, plus its static imports (`from"./x.js"`).
const withNames = [...args].filter((a) => a.startsWith('--with=')).flatMap((a) => a.slice(7).split(',').filter(Boolean));
const assets = readdirSync(path.join(dist, 'assets'));
const pending = withNames.map((name) => {
  const file = assets.find((f) => /\.(js|css)$/.test(f) && f.replace(/-[\w-]{8}\.(js|css)$/, '') === name);
  if (!file) throw new Error(`no chunk named ${name} in dist/assets`);
  return `assets/${file}`;
});
while (pending.length) {
  const ref = pending.pop();
  if (refs.includes(ref)) continue;
  refs.push(ref);
  if (ref.endsWith('.css')) continue;
  const code = readFileSync(path.join(dist, ref), 'utf8');
  for (const m of code.matchAll(/(?:^|[;}])(?:import|export)(?:[^'"`;]*?from)?\s*"\.\/([^"]+\.js)"/g)) pending.push(`assets/${m[1]}`);
}

const rows = refs.map(measure).sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip }), { raw: 0, gzip: 0 });

if (args.has('--json')) {
  console.log(JSON.stringify({ files: rows.length, rawKB: total.raw, gzipKB: total.gzip, rows }, null, 2));
} else {
  const line = (file, raw, gzip) => `| ${file} | ${raw} | ${gzip} |`;
  console.log(line('file', 'raw kB', 'gzip kB'));
  console.log('| --- | ---: | ---: |');
  for (const r of rows) console.log(line(r.file, r.raw.toFixed(1), r.gzip.toFixed(1)));
  console.log(line(`**total (${rows.length} files)**`, `**${total.raw.toFixed(1)}**`, `**${total.gzip.toFixed(1)}**`));
  if (args.has('--all')) {
    const initial = new Set(refs.map((r) => r.replace(/^assets\//, '')));
    const others = readdirSync(path.join(dist, 'assets'))
      .filter((f) => /\.(js|css)$/.test(f) && !initial.has(f))
      .map((f) => measure(`assets/${f}`))
      .sort((a, b) => b.gzip - a.gzip);
    console.log('\nlazy chunks (not loaded by index.html):');
    for (const r of others) console.log(line(r.file, r.raw.toFixed(1), r.gzip.toFixed(1)));
  }
}

const max = [...args].find((a) => a.startsWith('--max='));
if (max && !(total.gzip < Number(max.slice(6)))) {
  console.error(`initial bundle ${total.gzip.toFixed(1)} kB gzip is not below the budget of ${max.slice(6)} kB: move what the first page does not need into a lazy chunk (docs/performance.md, "initial console bundle")`);
  process.exit(1);
}
