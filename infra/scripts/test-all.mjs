#!/usr/bin/env node
// `npm test`: runs every test — lint, each Node workspace's suites (unit and integration against a
// real PostgreSQL), the end-to-end files (whole platform through the gateway, real browser) and
// the web console's vitest suite — and prints one closing line "N passed, N failed" summed over
// all runners. Build first (npm test does).
//
// Two lanes run side by side, one per core (docs/ci.md): the end-to-end lane (build the settled
// demo-data template once, then the e2e files) and the checks lane (lint, Node suites, web). Each
// job's output is kept in .data/test-logs/<job>.log and printed whole when the job ends, so the
// two lanes never interleave; a timing table per job closes the run.
//
// `node infra/scripts/test-all.mjs [job …]` runs only the named jobs (lint, openapi, web, e2e or a
// workspace such as services/asset).
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const only = process.argv.slice(2);
const wanted = (name) => !only.length || only.includes(name);
const logs = path.join(root, '.data/test-logs');
rmSync(logs, { recursive: true, force: true });
mkdirSync(logs, { recursive: true });
const started = Date.now();
const seconds = (ms) => (ms / 1000).toFixed(1);
const TIME = '/usr/bin/time';
const cores = availableParallelism();
// Kafka brokers started by tests (bus contract, kafka.e2e) compile with C1 only (kafka.mjs).
process.env.KAFKA_QUICK_JIT ??= '1';
// Node test files of one workspace are independent (own database, own ports): two at a time.
const nodeConcurrency = String(Math.max(1, Math.min(2, cores)));
// End-to-end files wait in one queue. The e2e lane takes them one at a time (each runs eight
// services, a gateway and often Chromium); once the checks lane is done it takes files from the
// same queue, so the second core is not left idle while the e2e lane still has a long way to go.
const e2eQueue = [];
let templateReady;
const templateBuilt = new Promise((resolve) => (templateReady = resolve));

function testFiles(dir, pattern) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((e) => {
      const p = path.join(dir, e);
      return statSync(p).isDirectory() ? testFiles(p, pattern) : pattern.test(e) ? [p] : [];
    });
}

/** Runs one command with its output in a log file; prints the log when it ends. */
function run(name, cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const file = path.join(logs, `${name.replace(/[^\w.-]+/g, '_')}.log`);
    // The log file itself is the child's stdout and stderr, not a pipe: Node writes to a pipe
    // asynchronously, and the node:test groups end with --test-force-exit (process.exit), which
    // dropped whatever TAP was still queued — once a whole suite's summary, so its tests went
    // uncounted. Writes to a file are synchronous.
    const out = openSync(file, 'w');
    console.log(`[test] ${name}: started at +${seconds(t0 - started)} s`);
    // The job's CPU seconds (its processes and the ones they waited for: services, Chromium):
    // on two cores, CPU and not wall time says what a job costs the run.
    const cpuFile = `${file}.cpu`;
    const [bin, argv] = existsSync(TIME) ? [TIME, ['-q', '-o', cpuFile, '-f', '%U %S', cmd, ...args]] : [cmd, args];
    const child = spawn(bin, argv, { cwd: root, env: process.env, ...opts, stdio: ['ignore', out, out] });
    closeSync(out);
    child.on('close', (code) => {
      const text = readFileSync(file, 'utf8');
      console.log(`\n===== ${name} (exit ${code}, ${seconds(Date.now() - t0)} s) =====\n${text}`);
      const cpu = existsSync(cpuFile) ? /^([\d.]+) ([\d.]+)$/m.exec(readFileSync(cpuFile, 'utf8')) : null;
      resolve({ code: code ?? 1, out: text, ms: Date.now() - t0, cpu: cpu ? Number(cpu[1]) + Number(cpu[2]) : null });
    });
  });
}

/** node:test's TAP summary: "# pass N", "# fail N", … */
function tapCounts(code, out) {
  const num = (label) => Number(new RegExp(`^# ${label} (\\d+)`, 'm').exec(out)?.[1] ?? 0);
  const failed = num('fail') + num('cancelled');
  return { passed: num('pass'), failed: failed + (code !== 0 && failed === 0 ? 1 : 0), skipped: num('skipped') + num('todo') };
}

const results = [];
const record = (job, r, counts) =>
  results.push({ job, ms: r.ms, cpu: r.cpu ?? null, ...counts, digest: counts.failed ? failureDigest(r.out ?? '') : '' });

/**
 * The failing tests of one job's output, short: each failing test's own error block and the
 * diagnostics printed just before it (a browser test's page text and address history). CI keeps
 * only parts of a long log; this digest is printed again at the very end, beside the table.
 */
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[\\d;]*m`, 'g');

function failureDigest(out) {
  const lines = out.split('\n');
  const picked = [];
  let cancelled = 0;
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*not ok \d+ - /.test(lines[i])) continue;
    let end = i + 1;
    while (end < lines.length && !/^\s*\.\.\.\s*$/.test(lines[end])) end++;
    const block = lines.slice(i, end);
    // A suite or a file whose tests failed: they have blocks of their own. A test cancelled by
    // its suite says nothing; the suite's own block (a failed `before`, type 'suite') says why.
    if (block.some((l) => /failureType: 'subtestsFailed'/.test(l))) continue;
    if (block.some((l) => /failureType: 'cancelledByParent'/.test(l))) {
      cancelled++;
      continue;
    }
    let start = i;
    while (start > 0 && /^\s*# /.test(lines[start - 1]) && i - start < 60) start--;
    const notes = lines.slice(start, i).filter((l) => !/^\s*# (console|Subtest)/.test(l));
    picked.push([...notes, ...block.slice(0, 30)].map((l) => l.trimEnd().slice(0, 400)).join('\n'));
  }
  // vitest: its "FAIL" headers and the assertion lines after them (colour codes taken out).
  const plain = (l) => l.replace(ANSI_COLOUR, '').trimEnd();
  for (let i = 0; i < lines.length; i++) {
    if (/^\s*(\S+\s+)?FAIL\s/.test(plain(lines[i]))) picked.push(lines.slice(i, i + 12).map(plain).join('\n'));
  }
  if (cancelled) picked.push(`(${cancelled} test(s) cancelled by their suite: its failure is above)`);
  // Anything else (lint, a crash before the first test): the end of its output.
  if (picked.length === (cancelled ? 1 : 0)) picked.push(lines.slice(-30).map(plain).join('\n'));
  return picked.slice(0, 8).join('\n\n');
}

async function nodeSuite(job, cwd, files) {
  if (!files.length || !wanted(job)) return;
  // One process for the workspace's files (node-group.mjs); NODE_GROUP=0 runs each file in its own.
  const args =
    process.env.NODE_GROUP === '0'
      ? ['--test', '--test-reporter=tap', `--test-concurrency=${nodeConcurrency}`, '--enable-source-maps', ...files]
      : ['--test-reporter=tap', '--test-force-exit', '--enable-source-maps', path.join(root, 'infra/scripts/node-group.mjs'), ...files];
  const r = await run(job, process.execPath, args, { cwd });
  record(job, r, tapCounts(r.code, r.out));
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

let e2eTemplate = null; // infra/dist/e2e/template.js, once the template is built
const e2eCleanups = [];
// A file that starts its platform with options of its own (Kafka, settings, from scratch) runs
// alone; every other file shares its group's platform (infra/src/e2e/group.ts).
const ownPlatform = (file) => /startTestPlatform\(\{/.test(readFileSync(file, 'utf8'));
const usesTemplate = (file) => !/fromScratch:\s*true/.test(readFileSync(file, 'utf8'));
// Files per shared platform: one boot costs ~40-55 CPU-s and a run is CPU-bound from start to end
// (both cores ~97 % busy: docs/ci.md, session 22), so fewer boots beat finer balancing of the
// two lanes. Groups of twelve: two boots for 24 files, one group per lane at the end. The groups
// are fixed (sorted names, in order), so each file always follows the same files on its platform
// and a run is repeatable; a file must not assume the files before it left the demo data alone.
const E2E_GROUP_SIZE = Number(process.env.E2E_GROUP_SIZE ?? 12);

/**
 * The e2e jobs: the two long groups first, then the short files with a platform of their own
 * (kafka, security). The e2e lane takes the groups one after the other; the checks lane, once its
 * own jobs are done, takes the short files, so the two lanes end close together instead of one
 * lane running a whole group alone at the end (docs/ci.md, session 24).
 */
function e2eJobs(files) {
  const alone = files.filter(ownPlatform).map((f) => ({ name: `e2e ${path.basename(f, '.e2e.test.js')}`, files: [f] }));
  const shared = files.filter((f) => !ownPlatform(f));
  const groups = [];
  for (let i = 0; i < shared.length; i += E2E_GROUP_SIZE) {
    const chunk = shared.slice(i, i + E2E_GROUP_SIZE);
    const names = chunk.map((f) => path.basename(f, '.e2e.test.js')).join(', ');
    groups.push({ name: `e2e group ${groups.length + 1} (${names})`, files: chunk, group: true });
  }
  return [...groups, ...alone];
}

/** A copy of the template for the next file, or null (the file then makes its own). */
function prepareE2eCopy() {
  return e2eTemplate.copyE2eTemplate(e2eTemplate.template).catch((err) => {
    console.log(`[test] e2e copy of the template failed: ${err.message}`);
    return null;
  });
}

/**
 * Runs e2e files from the shared queue, one at a time, each as its own job. The next file's copy
 * of the template is made while a file runs, and a finished file's copy is removed beside the
 * next one: neither is on the lane's path (see template.ts, E2E_COPY_ENV).
 */
async function e2eWorker() {
  const infra = path.join(root, 'infra');
  let spare = null;
  while (e2eQueue.length) {
    const job = e2eQueue.shift();
    let copy = null;
    if (usesTemplate(job.files[0])) {
      copy = await (spare ?? prepareE2eCopy());
      spare = null;
    }
    if (!spare && e2eQueue.length) spare = prepareE2eCopy();
    const env = { ...process.env, ...(copy ? e2eTemplate.e2eCopyEnv(copy) : {}) };
    const args = job.group
      ? ['--test-reporter=tap', '--test-force-exit', '--enable-source-maps', path.join(infra, 'dist/e2e/group.js'), ...job.files]
      : ['--test', '--test-reporter=tap', '--enable-source-maps', job.files[0]];
    const r = await run(job.name, process.execPath, args, { cwd: infra, env });
    record(job.name, r, tapCounts(r.code, r.out));
    if (copy) e2eCleanups.push(e2eTemplate.removeE2eCopy(copy));
  }
  if (spare) e2eCleanups.push(spare.then((c) => c && e2eTemplate.removeE2eCopy(c)));
}

/** The end-to-end lane: the settled demo-data template, then e2e files (each on a copy of it). */
async function e2eLane() {
  const infra = path.join(root, 'infra');
  // E2E_ONLY=<regular expression> runs only the e2e files whose name matches (by hand).
  const only = process.env.E2E_ONLY ? new RegExp(process.env.E2E_ONLY) : null;
  // `npm run screenshots` (E2E_SCREENSHOTS=1) runs the files that photograph screens for the docs
  // instead of the tests: they check nothing a test does not, and cost ~100 CPU-s per run.
  const pattern = process.env.E2E_SCREENSHOTS ? /\.screenshots\.js$/ : /\.e2e\.test\.js$/;
  const files = testFiles(path.join(infra, 'dist/e2e'), pattern).filter((f) => !only || only.test(path.basename(f)));
  if (!files.length || !wanted('e2e')) return templateReady(false);
  const t0 = Date.now();
  console.log(`[test] e2e template: started at +${seconds(t0 - started)} s`);
  const templateModule = await import(path.join(infra, 'dist/e2e/template.js'));
  const { buildE2eTemplate } = templateModule;
  const lines = [];
  const template = await buildE2eTemplate((l) => lines.push(l)).catch((err) => {
    console.log(`\n===== e2e template (failed) =====\n${lines.slice(-200).join('\n')}\n${err.stack ?? err}`);
    return null;
  });
  // The template counts as one test: the demo pipeline settled cleanly, or it did not.
  record('e2e template (demo data settled)', { ms: Date.now() - t0 }, { passed: template ? 1 : 0, failed: template ? 0 : 1, skipped: 0 });
  if (!template) return templateReady(false);
  console.log(`[test] e2e template ${template.database} ready in ${seconds(Date.now() - t0)} s`);
  process.env.E2E_TEMPLATE_DB = template.database;
  process.env.E2E_TEMPLATE_FILES = template.filesDir;
  e2eTemplate = { ...templateModule, template };
  e2eQueue.push(...e2eJobs(files));
  templateReady(true);
  try {
    await e2eWorker();
    await checksDone; // the other worker may still be on its last file
  } finally {
    await Promise.allSettled(e2eCleanups);
    await template.drop();
  }
}

/**
 * The Node suites that take longest (wall seconds of a whole run, session 24: 126, 67, 65, 63, 57,
 * 57), started first; the others follow in name order. Only an order: a stale list costs time, never a result.
 */
const SLOWEST_SUITES = ['services/inspection', 'services/import', 'services/identity', 'services/task-flow', 'libs/service-kit', 'services/report'];
const longestFirst = (ws) => (SLOWEST_SUITES.includes(ws) ? SLOWEST_SUITES.indexOf(ws) : SLOWEST_SUITES.length);

/** Lint, the OpenAPI check, web, then every Node workspace's suites (infra's own unit tests included). */
async function checksLane() {
  if (wanted('lint')) {
    // Lint is a check like any other: one "test" that passes or fails.
    const r = await run('lint', process.execPath, [path.join(root, 'node_modules/eslint/bin/eslint.js'), '.']);
    record('lint', r, { passed: r.code === 0 ? 1 : 0, failed: r.code === 0 ? 0 : 1, skipped: 0 });
  }
  if (wanted('openapi')) {
    // The committed OpenAPI documents and the console's generated endpoints match the code.
    const r = await run('openapi', process.execPath, [path.join(root, 'infra/scripts/openapi.mjs'), '--check']);
    record('openapi', r, { passed: r.code === 0 ? 1 : 0, failed: r.code === 0 ? 0 : 1, skipped: 0 });
  }
  if (wanted('bundle')) {
    // The console's first page stays below issue #22's 250 kB gzip (web/dist from the build).
    const r = await run('bundle', process.execPath, [path.join(root, 'web/scripts/initial-bundle.mjs'), '--max=250']);
    record('bundle', r, { passed: r.code === 0 ? 1 : 0, failed: r.code === 0 ? 0 : 1, skipped: 0 });
  }
  // The web suite first: it is the longest job, and the Node suites (short, four at a time) fill
  // the end of the run better beside the last e2e files than one long job would.
  if (wanted('web')) {
    const report = path.join(root, '.data/vitest-report.json');
    rmSync(report, { force: true });
    const r = await run(
      'web',
      process.execPath,
      [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
      {
        cwd: path.join(root, 'web'),
      },
    );
    let counts = { passed: 0, failed: 1, skipped: 0 };
    if (existsSync(report)) {
      const j = JSON.parse(readFileSync(report, 'utf8'));
      counts = {
        passed: j.numPassedTests,
        failed: j.numFailedTests + (r.code !== 0 && j.numFailedTests === 0 ? 1 : 0),
        skipped: j.numPendingTests + j.numTodoTests,
      };
    }
    record('web', r, counts);
  }
  const workspaces = [
    'libs/contracts',
    'libs/service-kit',
    ...readdirSync(path.join(root, 'services'))
      .sort()
      .map((s) => `services/${s}`)
      .filter((ws) => existsSync(path.join(root, ws, 'package.json'))),
    'infra',
  ];
  // Each workspace's suites run in one process that mostly waits (PostgreSQL, the bus, sockets,
  // timers: services/inspection takes ~125 s of wall for ~30 CPU-s): four workspaces at a time,
  // the longest first, so the lane is not left waiting on one long suite at its end.
  const pending = [...workspaces].sort((a, b) => longestFirst(a) - longestFirst(b));
  const suiteWorker = async () => {
    for (let ws; (ws = pending.shift()); ) {
      const cwd = path.join(root, ws);
      const files = testFiles(path.join(cwd, 'dist'), /\.test\.js$/).filter((f) => !/\.e2e\.test\.js$/.test(f));
      await nodeSuite(ws, cwd, files);
    }
  };
  await Promise.all(Array.from({ length: Number(process.env.NODE_SUITES_AT_ONCE ?? 4) }, suiteWorker));
}

const embedded = await ensureDatabase();
let checksFinished;
const checksDone = new Promise((resolve) => (checksFinished = resolve));
try {
  await Promise.all([
    e2eLane(),
    (async () => {
      try {
        await checksLane();
        // Then help with the end-to-end files that are still waiting.
        if (await templateBuilt) await e2eWorker();
      } finally {
        checksFinished();
      }
    })(),
  ]);
} finally {
  await embedded?.stop();
}

for (const r of results.filter((x) => x.digest)) console.log(`\n===== failures of ${r.job} (digest) =====\n${r.digest}`);
const sum = (k) => results.reduce((a, r) => a + r[k], 0);
console.log('\n| job | seconds | CPU s | passed | failed | skipped |\n|---|---:|---:|---:|---:|---:|');
// Under .ci/run: its set-up phases and the build that `npm test` ran before this script.
const phases = path.join(root, '.data/ci-phases.tsv');
if (process.env.CI_TEST_STARTED_MS && existsSync(phases)) {
  for (const line of readFileSync(phases, 'utf8').split('\n').filter(Boolean)) {
    const [name, ms] = line.split('\t');
    console.log(`| ${name} | ${seconds(Number(ms))} | | | | |`);
  }
  console.log(`| build (nx) | ${seconds(started - Number(process.env.CI_TEST_STARTED_MS))} | | | | |`);
}
for (const r of results) console.log(`| ${r.job} | ${seconds(r.ms)} | ${r.cpu === null ? '' : r.cpu.toFixed(0)} | ${r.passed} | ${r.failed} | ${r.skipped} |`);
// The script's own CPU: the e2e template (its services are this process's children) and bookkeeping.
const own = process.resourceUsage();
const ownCpu = (own.userCPUTime + own.systemCPUTime) / 1e6;
const totalCpu = results.reduce((a, r) => a + (r.cpu ?? 0), 0) + ownCpu;
console.log(`| **all (wall)** | ${seconds(Date.now() - started)} | ${totalCpu.toFixed(0)} | | | |`);
const [p, f, s] = [sum('passed'), sum('failed'), sum('skipped')];
console.log(`\n${p} passed, ${f} failed${s ? `, ${s} skipped` : ''}`);
// Exit once stdout has taken everything: CI may read it through a pipe, where Node writes
// asynchronously and a bare process.exit drops the tail (the summary above included).
process.stdout.write('', () => process.exit(f > 0 || p === 0 ? 1 : 0));
