import { closeSync, openSync, statSync, writeSync } from 'node:fs';
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { Zip, ZipPassThrough } from 'fflate';
import { IMPORT_SHEETS } from '@windward/contracts';
import { api, noisePhoto, waitFor, withDb, type BenchTarget, type Body } from './fixtures.js';
import { peakMb, pidOfPort } from './stitching.js';

const IMPORT = '/gw/import/api/v2';
const MB = 1024 * 1024;

export interface ImportBenchTarget extends BenchTarget {
  /** The import service's own URL: its process's peak memory is read from /proc (Linux). */
  importUrl?: string;
}

/** Random words (a description column that compresses like real text, not like zeros). */
function words(n: number, seed: number): string {
  let x = seed;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    out.push(x.toString(36));
  }
  return out.join(' ');
}

/**
 * The spreadsheet check (step 2) on a workbook of ~10 MB (SPEC §9's cap) with 30 inspections
 * (one turbine on 30 days) and as many defect rows as the size allows, every 25th with a bad
 * severity: time from the upload's first byte to the answer with every finding located, and the
 * import process's peak memory during it.
 */
export async function benchSheetVerify(t: ImportBenchTarget, targetMb = 9.5): Promise<Record<string, string | number>[]> {
  // Import learns parks and turbines from asset's events: on a platform just started, wait for them.
  const park = await withDb(t.databaseUrl, (db) =>
    waitFor(async () => {
      const r = await db.query(
        `SELECT p.wind_farm_id, p.name, t.name AS turbine FROM data_import.park_ref p JOIN data_import.turbine_ref t ON t.wind_farm_id = p.wind_farm_id AND NOT t.deleted ORDER BY p.name, t.name LIMIT 1`,
      );
      return (r.rows[0] as { wind_farm_id: string; name: string; turbine: string } | undefined) ?? null;
    }, 120_000),
  );
  const days = Array.from({ length: 30 }, (_v, i) => new Date(Date.UTC(2031, 0, 1 + i)).toISOString().slice(0, 10));
  // Rows per MB measured on a small book first, so the big one lands near the target size.
  const build = async (defects: number) => {
    const wb = new ExcelJS.Workbook();
    const sheet = (key: string) => {
      const def = IMPORT_SHEETS.find((s) => s.key === key)!;
      const ws = wb.addWorksheet(def.en_us);
      ws.addRow(def.columns.map((c) => c.en_us));
      return ws;
    };
    const ins = sheet('inspections');
    for (const d of days) ins.addRow([park.turbine, park.name, d]);
    const bl = sheet('blades');
    for (const b of [1, 2, 3]) bl.addRow([park.turbine, b, `BENCH-B${b}`, `BENCH-SN${b}`]);
    const de = sheet('defects');
    for (let i = 0; i < defects; i++)
      de.addRow([park.turbine, days[i % 30], String(100000 + i), 1 + (i % 3), 'Erosion', i % 25 === 0 ? 'high' : 1 + (i % 5), 10.5, 40, 5, `IMG_${i}`, words(40, i)]);
    return Buffer.from(await wb.xlsx.writeBuffer());
  };
  const probe = await build(2000);
  const rows = Math.min(899000, Math.floor((2000 * targetMb * MB) / probe.length));
  const book = await build(rows);
  const run = await api(t, `${IMPORT}/sheet-imports`, { method: 'POST', json: { windfarmId: park.wind_farm_id, componentType: 1 } });
  const pid = pidOfPort(t.importUrl);
  peakMb(pid, true);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(book)]), 'bench.xlsx');
  const started = performance.now();
  const checked = (await api(t, `${IMPORT}/sheet-imports/${run.sheetImportId}/workbook`, { method: 'POST', body: form })) as Body;
  const seconds = (performance.now() - started) / 1000;
  const located = (checked.findings as Body[]).every((f) => f.sheet && f.row && f.column && f.value);
  return [
    {
      'workbook MB': Math.round((book.length / MB) * 10) / 10,
      inspections: checked.summary.inspections,
      'defect rows': checked.summary.defects,
      findings: checked.summary.findings,
      'findings kept, all located': located ? checked.findings.length : `NOT located (${checked.findings.length})`,
      'upload → answer s': Math.round(seconds * 100) / 100,
      'import peak RSS MB': peakMb(pid),
    },
  ];
}

/**
 * A large drone archive through the gateway: a ZIP of `photos` noise JPEGs (stored, so the
 * archive's size is the photos'), written to a temp file and sent as one multipart request
 * (streamed from disk); timed to 202 (received: directory checks, into the store) and to status 5
 * (the verification job read and fully decoded every photo), with import's peak memory.
 * `distinct` photos are generated and repeated (each entry is still decoded on its own): making
 * ~680 different 12-MP noise JPEGs for a 2 GB archive would take longer than the run itself.
 */
export async function benchArchive(t: ImportBenchTarget, photos = 80, distinct = photos): Promise<Record<string, string | number>[]> {
  const turbine = await withDb(t.databaseUrl, async (db) => {
    const r = await db.query(`SELECT name, wind_farm_id FROM data_import.turbine_ref WHERE NOT deleted ORDER BY name DESC LIMIT 1`);
    return r.rows[0] as { name: string; wind_farm_id: string };
  });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ww-bench-archive-'));
  try {
    const file = path.join(dir, 'flight.zip');
    const fd = openSync(file, 'w');
    const z = new Zip((err, chunk) => {
      if (err) throw err;
      writeSync(fd, chunk);
    });
    // Different photos (each its own noise), 4000 × 3000 px: about 4 MB each, like a drone's JPEGs.
    const made: Buffer[] = [];
    for (let i = 0; i < photos; i++) {
      const bytes = made[i % distinct] ?? (made[i % distinct] = await noisePhoto(4000, 3000 + (i % 7)));
      const e = new ZipPassThrough(`B${1 + (i % 3)}/P${1 + (i % 8)}/IMG_${String(i).padStart(4, '0')}.jpg`);
      z.add(e);
      e.push(bytes, true);
    }
    z.end();
    closeSync(fd);
    const size = statSync(file).size;
    const task = await api(t, `${IMPORT}/upload-tasks`, {
      method: 'POST',
      json: { windfarmId: turbine.wind_farm_id, turbineName: turbine.name, inspectionDate: '2031-06-01' },
    });
    const pid = pidOfPort(t.importUrl);
    peakMb(pid, true);
    const form = new FormData();
    form.append('file', await openAsBlob(file), 'flight.zip');
    const started = performance.now();
    await api(t, `${IMPORT}/upload-tasks/${task.uploadTaskId}/archive`, { method: 'POST', body: form });
    const received = (performance.now() - started) / 1000;
    const done = await waitFor(async () => {
      const r = await api(t, `${IMPORT}/upload-tasks/${task.uploadTaskId}`);
      return r.status === 5 || r.status === 8 ? r : null;
    }, 600_000);
    const total = (performance.now() - started) / 1000;
    return [
      {
        'archive MB': Math.round(size / MB),
        photos: done.imageCount ?? photos,
        'different photos': Math.min(distinct, photos),
        status: done.status,
        'upload → 202 s': Math.round(received * 10) / 10,
        'MB/s received': Math.round(size / MB / received),
        'upload → verified s': Math.round(total * 10) / 10,
        'MB/s through verification': Math.round((size / MB / total) * 10) / 10,
        'import peak RSS MB': peakMb(pid),
      },
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
