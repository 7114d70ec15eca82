// Sums V8 CPU profiles (.cpuprofile: `node --cpu-prof`, BENCH_PROFILE, BENCH_LABELING_PROFILE,
// Chromium's DevTools) by package and by function, self time:
//   node infra/dist/bench/profile-summary.js a.cpuprofile b.cpuprofile … [--top 30]
// A package is node_modules' name, a workspace folder (services/inspection), a node: module, a
// script's file name (a page's chunk), or V8's own entries: (garbage collector), (program).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code comes from: its package, workspace folder or script, else V8's label. */
export function packageOf(url: string, functionName: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const workspace = /\/((?:services|libs)\/[^/]+|infra|web\/src)\//.exec(url);
  if (workspace) return workspace[1]!;
  if (url)
    return url
      .replace(/[?#].*$/, '')
      .split('/')
      .pop()!
      .replace(/-[\w-]{8}\.js$/, '.js');
  return functionName.startsWith('(') ? functionName : `native ${functionName}`;
}

export interface ProfileSummary {
  /** Microseconds sampled, idle left out. */
  totalUs: number;
  byPackage: Map<string, number>;
  byFunction: Map<string, number>;
}

/** Self time per package and per function over all the profiles, `(idle)` left out. */
export function summarizeProfiles(profiles: CpuProfile[]): ProfileSummary {
  const s: ProfileSummary = { totalUs: 0, byPackage: new Map(), byFunction: new Map() };
  const add = (m: Map<string, number>, k: string, us: number) => m.set(k, (m.get(k) ?? 0) + us);
  for (const p of profiles) {
    const nodes = new Map(p.nodes.map((n) => [n.id, n]));
    p.samples.forEach((id, i) => {
      const frame = nodes.get(id)?.callFrame;
      const us = p.timeDeltas[i] ?? 0;
      if (!frame || frame.functionName === '(idle)') return;
      s.totalUs += us;
      add(s.byPackage, packageOf(frame.url, frame.functionName), us);
      const where = frame.url
        ? ` ${frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/((?:services|libs|infra|web)\/)/, '$1')}:${frame.lineNumber + 1}`
        : '';
      add(s.byFunction, `${frame.functionName || '(anonymous)'}${where}`, us);
    });
  }
  return s;
}

/** The largest entries of a map as table rows: milliseconds and share of the total. */
export function topRows(m: Map<string, number>, totalUs: number, top: number): string[] {
  return [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, us]) => `| ${k} | ${(us / 1000).toFixed(0)} | ${((100 * us) / Math.max(totalUs, 1)).toFixed(1)} % |`);
}

function main(argv: string[]): void {
  const topAt = argv.indexOf('--top');
  const top = topAt >= 0 ? Number(argv[topAt + 1]) : 25;
  const files = argv.filter((_, i) => topAt < 0 || (i !== topAt && i !== topAt + 1));
  if (!files.length) {
    console.error('usage: node infra/dist/bench/profile-summary.js <file.cpuprofile>… [--top N]');
    process.exit(2);
  }
  const s = summarizeProfiles(files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as CpuProfile));
  console.log(`${files.length} profile(s), ${(s.totalUs / 1000).toFixed(0)} ms sampled (idle left out)\n`);
  console.log(['| package | self ms | share |', '| --- | ---: | ---: |', ...topRows(s.byPackage, s.totalUs, top)].join('\n'));
  console.log(['', '| function | self ms | share |', '| --- | ---: | ---: |', ...topRows(s.byFunction, s.totalUs, top)].join('\n'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
