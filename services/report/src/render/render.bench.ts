/**
 * Renderer benchmark (docs/performance.md "Reports"): the three renderers on synthetic defects,
 * without the queue or the database — `node services/report/dist/render/render.bench.js`.
 * PDF of one turbine with 100 defects (10 runs, one browser reused), a park PDF of 50 turbines ×
 * 20 defects, DOCX and XLSX of 2,500 defects; peak RSS of this process plus chromium's processes.
 */
import { execFileSync } from 'node:child_process';
import { pino } from 'pino';
import { REPORT_SECTIONS } from '@windward/contracts';
import { ChromiumBrowser } from './browser.js';
import { renderDocx } from './docx.js';
import { reportHtml } from './html.js';
import type { ReportData, ReportDefect } from './report-data.js';
import { renderXlsx } from './xlsx.js';
import { turbineDetails } from './turbine-details.js';
import type { FileStore } from '@windward/service-kit';

function data(turbines: number, perTurbine: number, locale: 'en_us' | 'zh_cn' = 'zh_cn'): ReportData {
  const defects: ReportDefect[] = [];
  for (let t = 0; t < turbines; t++)
    for (let i = 0; i < perTurbine; i++)
      defects.push({
        defectId: `${t}-${i}`,
        defectNo: String(t * perTurbine + i + 1).padStart(6, '0'),
        parkName: '东山风场',
        turbineName: `WTG-${String(t + 1).padStart(2, '0')}`,
        inspectionDate: '2026-04-02',
        bladePosition: (i % 3) + 1,
        position: (i % 8) + 1,
        distanceToRoot: 5 + (i % 70),
        defectType: i % 2 ? '前缘腐蚀' : 'Crack',
        severity: i % 6,
        sizeLength: 120,
        sizeWidth: 30,
        repairPriority: (i % 4) + 1,
        dpsStatus: 2,
        recommendation: i % 5 ? null : 'Repair within 3 months',
        turbineId: `t-${t}`,
        timelineStatus: i % 2 ? 'STABLE' : 'INCREASED',
        // Two sightings: last year's and this one (the timeline pages).
        timeline: [
          { inspectionDate: '2025-04-02', defectNo: String(t * perTurbine + i + 1).padStart(6, '0'), severity: Math.max(0, (i % 6) - 1), sizeLength: 100, sizeWidth: 30, timelineStatus: 'NEW', repairStatus: null, repairedAt: null },
          { inspectionDate: '2026-04-02', defectNo: String(t * perTurbine + i + 1).padStart(6, '0'), severity: i % 6, sizeLength: 120, sizeWidth: 30, timelineStatus: i % 2 ? 'STABLE' : 'INCREASED', repairStatus: null, repairedAt: null },
        ],
      });
  return { locale, scopeName: 'Bench', customerName: 'Acme', logo: null, generatedAt: new Date(), sections: new Set(REPORT_SECTIONS), severityLabels: {}, defects };
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;

/** RSS (MiB) of this process and of the benchmark's chromium (its whole process tree). */
async function rssMiB(): Promise<{ node: number; chromium: number }> {
  const root = await chromium.processId();
  let total = 0;
  if (root) {
    const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,rss='], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((l) => l.trim().split(/\s+/).map(Number) as [number, number, number]);
    const tree = new Set([root]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [pid, ppid] of rows) if (tree.has(ppid) && !tree.has(pid)) grew = !!tree.add(pid);
    }
    total = rows.filter(([pid]) => tree.has(pid)).reduce((s, [, , rss]) => s + rss, 0) / 1024;
  }
  return { node: process.memoryUsage().rss / 1048576, chromium: total };
}

async function timed(label: string, runs: number, work: () => Promise<Buffer>) {
  const times: number[] = [];
  let peak = { node: 0, chromium: 0 };
  let size = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    size = (await work()).length;
    times.push(performance.now() - t0);
    const m = await rssMiB();
    peak = { node: Math.max(peak.node, m.node), chromium: Math.max(peak.chromium, m.chromium) };
  }
  console.log(
    `| ${label} | ${runs} | ${(pct(times, 50) / 1000).toFixed(2)} | ${(pct(times, 95) / 1000).toFixed(2)} | ${(size / 1024).toFixed(0)} | ${peak.node.toFixed(0)} | ${peak.chromium.toFixed(0)} |`,
  );
}

const chromium = new ChromiumBrowser(pino({ level: 'silent' }));
console.log('| report | runs | p50 s | p95 s | file KiB | peak node RSS MiB | peak chromium RSS MiB |\n| --- | --- | --- | --- | --- | --- | --- |');
await chromium.pdf('<p>warm-up</p>'); // the first launch is counted apart
const one = data(1, 100);
/** The per-turbine pages as the service builds them (blade map, repair status, timeline; no photos in the store). */
const withPages = async (d: ReportData) => ({ ...d, turbines: await turbineDetails(d, {} as FileStore, new Map(), new Map()) });
const bare = (d: ReportData) => ({ ...d, sections: new Set([...d.sections].filter((x) => x !== 'turbineDetails')) }) as ReportData;
await timed('PDF, 1 turbine × 100 defects (zh_cn), lists only', 10, () => chromium.pdf(reportHtml(bare(one))));
await timed('PDF, 1 turbine × 100 defects (zh_cn), with turbine pages and timelines', 10, async () => chromium.pdf(reportHtml(await withPages(one))));
const park = data(50, 20);
await timed('PDF, park of 50 turbines × 20 defects, lists only', 3, () => chromium.pdf(reportHtml(bare(park))));
await timed('PDF, park of 50 turbines × 20 defects, with turbine pages and timelines', 3, async () => chromium.pdf(reportHtml(await withPages(park))));
const big = data(125, 20);
await timed('DOCX, 2,500 defects', 3, () => renderDocx(big));
await timed('XLSX, 2,500 defects', 3, () => renderXlsx(big));
await chromium.onApplicationShutdown();
