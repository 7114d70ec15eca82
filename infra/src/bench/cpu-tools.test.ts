import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CpuSampler, cpuTable, processKind } from './cpu-by-kind.js';
import { packageOf, summarizeProfiles, topRows, type CpuProfile } from './profile-summary.js';

test('processKind: the processes of a test run by what they are', () => {
  const cases: [string, string, string][] = [
    ['/usr/lib/chromium/chromium --type=renderer --lang=en-US', 'chromium', 'chromium renderer'],
    ['/usr/lib/chromium/chromium --headless --no-sandbox', 'chromium', 'chromium browser'],
    ['/usr/bin/node --enable-source-maps /work/main/services/task-flow/dist/main.js', 'node', 'service task-flow'],
    ['/usr/bin/node /work/main/node_modules/vitest/dist/workers/forks.js', 'node', 'web vitest'],
    ['/usr/bin/node /work/main/node_modules/eslint/bin/eslint.js .', 'node', 'lint'],
    [
      '/usr/bin/node --test-reporter=tap /work/main/infra/scripts/node-group.mjs /work/main/services/inspection/dist/a.test.js',
      'node',
      'node suite services/inspection',
    ],
    ['/usr/bin/node --test /work/main/infra/dist/e2e/group.js /work/main/infra/dist/e2e/asset.e2e.test.js', 'node', 'e2e test process'],
    ['postgres: postgres ww_e2e_1 127.0.0.1(5432) idle', 'postgres', 'postgres started by the command (sampled)'],
    ['java -cp /root/.cache/windward/kafka-4.4.0/libs/* kafka.Kafka', 'java', 'kafka broker'],
  ];
  for (const [cmdline, comm, kind] of cases) assert.equal(processKind(cmdline, comm), kind, cmdline);
});

test('CpuSampler counts a process that starts after the first reading whole, under its kind', async (t) => {
  if (process.platform !== 'linux') return t.skip('reads /proc');
  const sampler = new CpuSampler();
  sampler.start(50);
  // A child that spins 0.4 s of its own CPU time (not of wall time: on a busy machine it gets a
  // part of a core) and then stays a second, so the sampler reads it after the spin. It runs Node
  // under a name of its own (a link), so no other process on the machine shares its row.
  const dir = mkdtempSync(path.join(tmpdir(), 'ww-cpu-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const probe = path.join(dir, 'ww-cpu-probe');
  symlinkSync(process.execPath, probe);
  const spin =
    'const t = process.cpuUsage(); while (process.cpuUsage(t).user + process.cpuUsage(t).system < 400000); setTimeout(() => {}, 1000)';
  await new Promise<void>((resolve, reject) => {
    const child = spawn(probe, ['-e', spin]);
    child.on('error', reject);
    child.on('close', () => resolve());
  });
  const rows = new Map(sampler.stop());
  const spun = [...rows].find(([kind]) => kind === 'other ww-cpu-probe');
  assert.ok(spun, `no row for the child in ${JSON.stringify([...rows])}`);
  assert.ok(spun[1] >= 0.35 && spun[1] < 2, `child counted ${spun[1]} CPU-s`);
});

test('cpuTable: kinds of 0.5 CPU-s or more, PostgreSQL, the total and its cores', () => {
  const table = cpuTable(
    [
      ['web vitest', 30],
      ['lint', 10],
      ['other kworker', 0.2],
    ],
    10,
    25,
  );
  assert.match(table, /\| web vitest \| 30\.0 \| 60 % \|/);
  assert.match(table, /\| postgres servers running before \(exact, every backend\) \| 10\.0 \| 20 % \|/);
  assert.doesNotMatch(table, /kworker/);
  assert.match(table, /\*\*all\*\* \(25 s wall, 2\.01 cores busy on average\) \| 50\.2 \|/);
});

test('packageOf: node_modules packages, workspaces, node: modules, page chunks, V8 labels', () => {
  assert.equal(packageOf('file:///w/node_modules/@nestjs/core/router/x.js', 'f'), '@nestjs/core');
  assert.equal(packageOf('file:///w/node_modules/typeorm/index.js', 'f'), 'typeorm');
  assert.equal(packageOf('file:///w/services/inspection/dist/defects/a.js', 'f'), 'services/inspection');
  assert.equal(packageOf('node:internal/modules/cjs/loader', 'f'), 'node:internal');
  assert.equal(packageOf('http://localhost:8080/assets/table-ByZwsNnw.js', 'f'), 'table.js');
  assert.equal(packageOf('', '(garbage collector)'), '(garbage collector)');
  assert.equal(packageOf('', 'writev'), 'native writev');
});

test('summarizeProfiles: self time per package and function over several profiles, idle left out', () => {
  const frame = (functionName: string, url: string) => ({ functionName, url, lineNumber: 9 });
  const profile: CpuProfile = {
    nodes: [
      { id: 1, callFrame: frame('(idle)', '') },
      { id: 2, callFrame: frame('query', 'file:///w/node_modules/pg/lib/client.js') },
      { id: 3, callFrame: frame('list', 'file:///w/services/asset/dist/plants.js') },
    ],
    samples: [1, 2, 2, 3],
    timeDeltas: [5000, 1000, 2000, 500],
  };
  const s = summarizeProfiles([profile, profile]);
  assert.equal(s.totalUs, 7000);
  assert.deepEqual(
    [...s.byPackage],
    [
      ['pg', 6000],
      ['services/asset', 1000],
    ],
  );
  assert.equal(s.byFunction.get('query pg/lib/client.js:10'), 6000);
  assert.deepEqual(topRows(s.byPackage, s.totalUs, 1), ['| pg | 6 | 85.7 % |']);
});
