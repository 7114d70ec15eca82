import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { zipSync } from 'fflate';
import ExcelJS from 'exceljs';
import { IMPORT_SHEETS, UploadFileStatus as U } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { startTestPlatform, type TestPlatform } from './harness.js';
import { droneUploadToSortAndRemove } from './pipeline.js';

/** docs/import.md's example for drone vendors, run as they would run it. */
const DRONE_SCRIPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/drone-upload.mjs');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = Record<string, any>;

/** The gateway as a caller: status and JSON body. */
const caller = (p: TestPlatform, token: string) => async (url: string, init: Parameters<TestPlatform['api']>[1] = {}) => {
  const r = await p.api(url, { token, ...init });
  return { status: r.status, body: (await r.json()) as Body };
};

/** A small real JPEG; `shade` makes photos differ. */
const jpeg = (shade: number) => sharp({ create: { width: 320, height: 200, channels: 3, background: { r: shade, g: 90, b: 90 } } }).jpeg().toBuffer();

/**
 * The park's inspection project of that day, as step 1 offers it (import's copy of delivery's
 * projects): chosen, the check does not have to tell the park's projects apart (-10039 when
 * several cover the day — other files of the group add projects to the demo parks).
 */
async function projectOf(sql: pg.Client, windfarmId: string, day: string): Promise<string | null> {
  const r = await sql.query(
    `SELECT project_id FROM data_import.project_ref WHERE $1 = ANY(wind_farm_ids) AND NOT operation
       AND (start_date IS NULL OR start_date <= $2::date) AND (end_date IS NULL OR end_date >= $2::date) ORDER BY name LIMIT 1`,
    [windfarmId, day],
  );
  return (r.rows[0]?.project_id as string | undefined) ?? null;
}

/**
 * Wizard steps 1–3 through the gateway: a run for the park (and project), the workbook (the
 * template's English sheets with these rows, written by exceljs) verified, then one ZIP of these
 * photos matched.
 */
async function verifiedSheetImport(
  call: ReturnType<typeof caller>,
  windfarmId: string,
  rows: Record<string, unknown[][]>,
  photos: Record<string, Uint8Array>,
  projectId: string | null = null,
) {
  const wb = new ExcelJS.Workbook();
  for (const s of IMPORT_SHEETS) {
    const ws = wb.addWorksheet(s.en_us);
    ws.addRow(s.columns.map((c) => c.en_us));
    for (const r of rows[s.key]!) ws.addRow(r);
  }
  const run = await call('/gw/import/api/v2/sheet-imports', { method: 'POST', json: { windfarmId, componentType: 1, projectId } });
  assert.equal(run.status, 201, JSON.stringify(run.body));
  const id = run.body.sheetImportId as string;
  const form = (field: string, name: string, bytes: Uint8Array) => {
    const f = new FormData();
    f.append(field, new Blob([new Uint8Array(bytes)]), name);
    return f;
  };
  const verified = await call(`/gw/import/api/v2/sheet-imports/${id}/workbook`, {
    method: 'POST',
    body: form('file', 'e2e.xlsx', new Uint8Array(await wb.xlsx.writeBuffer())),
  });
  assert.equal(verified.body.status, U.VERIFY_SUCCESS, JSON.stringify(verified.body.findings));
  const matched = await call(`/gw/import/api/v2/sheet-imports/${id}/images`, { method: 'POST', body: form('file', 'photos.zip', zipSync(photos, { level: 0 })) });
  assert.equal(matched.body.imagesUploaded, new Set(Object.keys(photos)).size, JSON.stringify(matched.body));
  return id;
}

/** The drone-upload pipeline on the default (PostgreSQL) bus; kafka.e2e.test.ts runs it on Kafka. */
describe('import pipeline end to end', () => {
  let p: TestPlatform;
  let admin: string;

  before(async () => {
    p = await startTestPlatform();
    admin = await p.login('admin', 'Wind@2026');
  });
  after(async () => {
    await p?.stop();
  });

  test('create an upload task, post a ZIP of photos, complete it: the task walks to sort and remove, the inspection has tiled images', async () => {
    await droneUploadToSortAndRemove(p, admin);
  });

  test("a drone vendor's machine client runs the documented script through the gateway: client credentials, upload task, tus chunks, completion", async () => {
    const call = caller(p, admin);
    const client = await call('/context/api/v2/machine-clients', { method: 'POST', json: { name: 'Drone ingestion (e2e)' } });
    assert.equal(client.status, 201, JSON.stringify(client.body));
    const sql = new pg.Client({ connectionString: p.db.url });
    await sql.connect();
    const turbine = await sql
      .query(`SELECT name, wind_farm_id FROM data_import.turbine_ref WHERE NOT deleted ORDER BY name ASC LIMIT 1`)
      .then((r) => r.rows[0] as { name: string; wind_farm_id: string })
      .finally(() => sql.end());
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ww-drone-'));
    try {
      const shot = (shade: number) => sharp({ create: { width: 320, height: 200, channels: 3, background: { r: shade, g: 80, b: 40 } } }).jpeg().toBuffer();
      const archive = path.join(dir, 'flight-e2e.zip');
      await writeFile(archive, zipSync({ 'B3/P2/A.jpg': await shot(30), 'B3/P2/B.jpg': await shot(200) }, { level: 0 }));
      // Chunks of 1 KB: the archive goes up in several PATCH requests through the gateway.
      const { stdout } = await promisify(execFile)(process.execPath, [
        DRONE_SCRIPT,
        ...['--base', p.url, '--client-id', client.body.clientId, '--client-secret', client.body.clientSecret],
        ...['--park', turbine.wind_farm_id, '--turbine', turbine.name, '--date', '2026-03-11', '--archive', archive],
        ...['--drone-id', 'VENDOR-7', '--chunk-mb', String(1 / 1024)],
      ]);
      assert.match(stdout, /completed: status 7/);
      const uploadTaskId = /upload task ([0-9a-f-]{36})/.exec(stdout)![1]!;
      const task = (await call(`/gw/import/api/v2/upload-tasks/${uploadTaskId}`)).body;
      assert.deepEqual([task.status, task.imageCount, task.droneId, task.archiveName], [U.ALL_DATA_UPLOADED, 2, 'VENDOR-7', 'flight-e2e.zip']);
      // import.upload.completed: inspection takes it in as it does any upload.
      const ingest = await eventually(async () => {
        const r = await call(`/gw/inspection/api/v2/ingests/${uploadTaskId}`);
        return r.body.status === 'done' || r.body.status === 'failed' ? r.body : null;
      }, 60000);
      assert.equal(ingest.status, 'done', JSON.stringify(ingest));

      // Revoked: the client gets no more tokens.
      assert.equal((await call(`/context/api/v2/machine-clients/${client.body.id}/revoke`, { method: 'POST' })).status, 200);
      const refused = await p.api('/oauth/token', {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${client.body.clientId}:${client.body.clientSecret}`).toString('base64')}` },
        form: { grant_type: 'client_credentials' },
      });
      assert.equal(refused.status, 403);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a spreadsheet import with its photos through the gateway: workbook, photo archive, processing; the inspection has its defects on their images', async () => {
    const call = caller(p, admin);
    const sql = new pg.Client({ connectionString: p.db.url });
    await sql.connect();
    try {
      const t = (
        await sql.query(
          `SELECT t.turbine_id, t.name, t.wind_farm_id, p.name AS park FROM data_import.turbine_ref t JOIN data_import.park_ref p ON p.wind_farm_id = t.wind_farm_id WHERE NOT t.deleted ORDER BY t.name DESC LIMIT 1`,
        )
      ).rows[0] as { turbine_id: string; name: string; wind_farm_id: string; park: string };
      // The turbine's blades as asset configures them (-10011/-10033/-10035 otherwise).
      const configured = async (turbineId: string) =>
        (await sql.query(`SELECT position, name, serial_number FROM data_import.blade_ref WHERE turbine_id = $1 ORDER BY position`, [turbineId])).rows as {
          position: number;
          name: string;
          serial_number: string;
        }[];
      // A defect type from the customer's defect template when it keeps one (-10019 otherwise, refusing the batch whole).
      const type = (
        await sql.query(
          `SELECT name FROM inspection.template_item WHERE kind = 'type' AND customer_id = (SELECT customer_id FROM data_import.park_ref WHERE wind_farm_id = $1) ORDER BY name LIMIT 1`,
          [t.wind_farm_id],
        )
      ).rows[0]?.name ?? 'Erosion';
      const rows: Record<string, unknown[][]> = {
        inspections: [[t.name, t.park, '2026-03-21']],
        blades: (await configured(t.turbine_id)).map((b) => [t.name, b.position, b.name, b.serial_number]),
        defects: [
          [t.name, '2026-03-21', '700001', 1, type, 2, 10.5, 40, 5, 'DSC_01', ''],
          [t.name, '2026-03-21', '700002', 2, type, 3, 20, '', '', 'DSC_02', ''],
        ],
      };
      const id = await verifiedSheetImport(call, t.wind_farm_id, rows, { 'DSC_01.jpg': await jpeg(20), 'DSC_02.JPG': await jpeg(220) }, await projectOf(sql, t.wind_farm_id, '2026-03-21'));
      assert.equal((await call(`/gw/import/api/v2/sheet-imports/${id}/process`, { method: 'POST' })).status, 200);
      const done = await eventually(async () => {
        const r = await call(`/gw/import/api/v2/sheet-imports/${id}`);
        return r.body.taskStatus === 'PROCESSING' ? null : r.body;
      }, 60000);
      assert.equal(done.taskStatus, 'SUCCEEDED', JSON.stringify(done.error));
      const inspectionId = done.inspections[0].inspectionId as string;
      const defects = (
        await sql.query(
          `SELECT d.defect_no, d.blade_position, i.file_name FROM inspection.defect d JOIN inspection.image i ON i.id = d.image_id WHERE d.inspection_id = $1 ORDER BY d.defect_no`,
          [inspectionId],
        )
      ).rows;
      assert.deepEqual(defects, [
        { defect_no: '700001', blade_position: 1, file_name: 'DSC_01.jpg' },
        { defect_no: '700002', blade_position: 2, file_name: 'DSC_02.JPG' },
      ]);
    } finally {
      await sql.end();
    }
  });

  /**
   * Step 4 with a SIGKILL: a verified run of three inspections (two defects each, with photos) is
   * sent to processing and `killed` dies the moment the run is queued or in processing; while it
   * is down and after its restart the batch exists whole or not at all, and it ends landed once.
   */
  const killDuringProcessing = async (killed: 'import' | 'inspection', day: string, tag: number) => {
    const call = caller(p, admin);
    const sql = new pg.Client({ connectionString: p.db.url });
    await sql.connect();
    try {
      // Three turbines of one park: a batch of three inspections with two defects each.
      const park = (
        await sql.query(
          `SELECT p.wind_farm_id, p.name, p.customer_id FROM data_import.park_ref p JOIN data_import.turbine_ref t ON t.wind_farm_id = p.wind_farm_id AND NOT t.deleted
           GROUP BY p.wind_farm_id, p.name, p.customer_id HAVING count(*) >= 3 ORDER BY p.name LIMIT 1`,
        )
      ).rows[0] as { wind_farm_id: string; name: string; customer_id: string };
      const turbines = (
        await sql.query(
          `SELECT turbine_id, name FROM data_import.turbine_ref WHERE wind_farm_id = $1 AND NOT deleted ORDER BY name LIMIT 3`,
          [park.wind_farm_id],
        )
      ).rows as { turbine_id: string; name: string }[];
      const type =
        (
          await sql.query(`SELECT name FROM inspection.template_item WHERE kind = 'type' AND customer_id = $1 ORDER BY name LIMIT 1`, [
            park.customer_id,
          ])
        ).rows[0]?.name ?? 'Erosion';
      const rows: Record<string, unknown[][]> = {
        inspections: turbines.map((t) => [t.name, park.name, day]),
        blades: (
          await Promise.all(
            turbines.map(async (t) =>
              (await sql.query(`SELECT position, name, serial_number FROM data_import.blade_ref WHERE turbine_id = $1 ORDER BY position`, [t.turbine_id])).rows.map(
                (b: { position: number; name: string; serial_number: string }) => [t.name, b.position, b.name, b.serial_number],
              ),
            ),
          )
        ).flat(),
        defects: turbines.flatMap((t, k) => [
          [t.name, day, `9${tag}${k}001`, 1, type, 2, 10.5, 40, 5, `K${tag}${k}_1`, ''],
          [t.name, day, `9${tag}${k}002`, 3, type, 3, 22, '', '', `K${tag}${k}_2`, ''],
        ]),
      };
      const photos: Record<string, Uint8Array> = {};
      for (const [k] of turbines.entries()) for (const n of [1, 2]) photos[`K${tag}${k}_${n}.jpg`] = await jpeg(20 + k * 60 + n * 10);
      const id = await verifiedSheetImport(call, park.wind_farm_id, rows, photos, await projectOf(sql, park.wind_farm_id, day));

      const ids = turbines.map((t) => t.turbine_id);
      const landed = async () => {
        const n = (
          await sql.query(
            `SELECT count(*)::int AS n FROM inspection.inspection WHERE turbine_id = ANY($1::uuid[]) AND inspection_date = $2`,
            [ids, day],
          )
        ).rows[0].n;
        const d = (
          await sql.query(
            `SELECT count(*)::int AS n FROM inspection.defect d JOIN inspection.inspection i ON i.id = d.inspection_id WHERE i.turbine_id = ANY($1::uuid[]) AND i.inspection_date = $2`,
            [ids, day],
          )
        ).rows[0].n;
        return { inspections: n as number, defects: d as number };
      };
      assert.deepEqual(await landed(), { inspections: 0, defects: 0 });

      // Processing asked for; the service is killed the moment the run is queued or in processing
      // (import: the batch event may be out or not; inspection: the batch is out, it may be applying it).
      const asked = call(`/gw/import/api/v2/sheet-imports/${id}/process`, { method: 'POST' }).catch(() => null);
      await eventually(
        async () => {
          const r = (await sql.query(`SELECT status, queued_at FROM data_import.sheet_import WHERE id = $1`, [id])).rows[0];
          return r.status === U.WAREHOUSING || (killed === 'import' && r.queued_at) ? true : null;
        },
        20000,
        5,
      );
      await p.stopService(killed, 'SIGKILL');
      await asked;
      // While it is down, the batch is in inspection whole or not at all, at every look.
      for (let i = 0; i < 20; i++) {
        const l = await landed();
        assert.ok(
          (l.inspections === 0 && l.defects === 0) || (l.inspections === 3 && l.defects === 6),
          `a part of the batch: ${JSON.stringify(l)}`,
        );
        await new Promise((r) => setTimeout(r, 150));
      }
      await p.startService(killed);
      const done = await eventually(async () => {
        const r = await call(`/gw/import/api/v2/sheet-imports/${id}`);
        return r.status === 200 && r.body.taskStatus !== 'PROCESSING' ? r.body : null;
      }, 90000);
      assert.equal(done.taskStatus, 'SUCCEEDED', JSON.stringify(done.error));
      assert.equal(done.inspections.length, 3);
      assert.deepEqual(await landed(), { inspections: 3, defects: 6 });
      // Applied once: one record of the batch in inspection, one result in import.
      assert.equal(
        (await sql.query(`SELECT count(*)::int AS n FROM inspection.sheet_ingest WHERE sheet_import_id = $1`, [id])).rows[0].n,
        1,
      );
    } finally {
      await sql.end();
    }
  };

  test('SIGKILL of import during data processing (step 4): after the restart the import lands whole, never in part', async () => {
    await killDuringProcessing('import', '2026-04-17', 1);
  });

  test('SIGKILL of inspection while it applies the batch (step 4): nothing half-created, the batch lands whole after the restart', async () => {
    await killDuringProcessing('inspection', '2026-04-18', 2);
  });
});
