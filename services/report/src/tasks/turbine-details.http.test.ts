import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { EventTypes, RepairStatus, Rights } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { ReportHarness, type Body } from '../testing/report-harness.js';

/**
 * The per-turbine pages (docs/reports.md "Turbine details"), from data that came through the bus
 * only: defects with their photo (a real JPEG in the shared file store, at the URI inspection's
 * event gives) and polygon, repair's repaired event, inspection's LPS readings. The produced PDF and
 * DOCX are opened: pdftotext/pdfimages, the DOCX's XML and its media (the crop's red outline).
 */
describe('report turbine details (blade map, photo crops, LPS, repair status)', () => {
  let h: ReportHarness;
  let tmp: string;
  let token: string;
  let parkId: string;
  const turbines: { id: string; name: string; defects: Body[] }[] = [];
  const W = 800;
  const H = 600;
  const polygon: [number, number][] = [
    [300, 200],
    [430, 215],
    [410, 310],
    [310, 290],
  ];

  /** A grey photo in the shared store where inspection keeps originals; returns its event reference. */
  async function photo(inspectionId: string) {
    const imageId = randomUUID();
    const key = `inspection/images/${inspectionId}/${imageId}/original.jpg`;
    await mkdir(path.dirname(path.join(h.filesDir, key)), { recursive: true });
    const jpeg = await sharp({ create: { width: W, height: H, channels: 3, background: { r: 170, g: 170, b: 170 } } })
      .jpeg()
      .toBuffer();
    await writeFile(path.join(h.filesDir, key), jpeg);
    return { uri: `filestore:${key}`, width: W, height: H };
  }

  before(async () => {
    h = await ReportHarness.start();
    tmp = await mkdtemp(path.join(os.tmpdir(), 'ww-report-details-'));
    token = await h.token({ rights: [Rights.IMAGE_EXPORT], cid: null, pid: null });
    ({ parkId } = await h.park('北岭风场'));
    // repair: the crack of the first turbine was repaired. Its outcome arrives before inspection's
    // defect event (another topic): the report must still show it.
    const crackId = randomUUID();
    for (const name of ['WTG-21', 'WTG-22']) {
      const id = await h.turbine(parkId, name);
      const insp = await h.inspection(parkId, id, '2026-06-01');
      if (name === 'WTG-21') {
        await h.publish(EventTypes.RepairDefectRepaired, crackId, {
          defectId: crackId,
          campaignId: randomUUID(),
          inspectionId: null,
          turbineId: id,
          repairStatus: RepairStatus.COMPLETED,
          repairedAt: '2026-06-20T00:00:00.000Z',
        });
        await eventually(async () => (await h.sql('SELECT repair_status FROM report.defect_repair WHERE defect_id = $1', [crackId]))[0]?.repair_status === 3);
      }
      const image = await photo(insp);
      const defects = await h.defects(insp, [
        { ...(name === 'WTG-21' ? { defectId: crackId } : {}), severity: 5, bladePosition: 1, distanceToRoot: 42.5, defectType: 'Crack', polygon, image },
        {
          severity: 2,
          bladePosition: 2,
          distanceToRoot: 8,
          defectType: '前缘腐蚀',
          polygon: [
            [500, 350],
            [700, 360],
            [650, 500],
            [520, 480],
          ],
          image,
        },
        { severity: 3, bladePosition: 3, distanceToRoot: 61, defectType: 'Erosion', polygon: null, image: null },
      ]);
      turbines.push({ id, name, defects });
    }
    const [first] = turbines;
    // inspection: the first turbine's active LPS inspection with three readings.
    const lpsInspection = await h.inspection(parkId, first!.id, '2026-05-30', 'lps');
    await h.publish(EventTypes.InspectionLpsChanged, lpsInspection, {
      inspectionId: lpsInspection,
      turbineId: first!.id,
      windFarmId: parkId,
      readings: [
        { bladePosition: 1, receptorId: 'RX-TIP-1', side: 'PS', ohm: 0.12, openCircuit: false, minOhm: 0, maxOhm: 0.5 },
        { bladePosition: 1, receptorId: 'RX-MID-1', side: 'SS', ohm: 2.4, openCircuit: false, minOhm: 0, maxOhm: 0.5 },
        { bladePosition: 2, receptorId: 'RX-TIP-2', side: 'PS', ohm: null, openCircuit: true, minOhm: 0, maxOhm: 0.5 },
      ],
    });
    await eventually(async () => (await h.sql('SELECT 1 FROM report.lps_ref WHERE inspection_id = $1', [lpsInspection])).length > 0);
  });
  after(async () => {
    await h?.stop();
    await rm(tmp, { recursive: true, force: true });
  });

  async function render(scope: 'parks' | 'turbines', id: string, body: object, locale: string, file: string) {
    const { bytes } = await h.rendered(scope, id, body, { token, locale });
    const out = path.join(tmp, file);
    await writeFile(out, bytes);
    return out;
  }

  test('a zh_cn park PDF: per turbine the blade map, photo crops, LPS readings per receptor and repair status, in Chinese', async () => {
    const pdf = await render('parks', parkId, { format: 'pdf' }, 'zh_cn', 'park.pdf');
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8', maxBuffer: 64 << 20 });
    for (const heading of ['风机详情', '叶片缺陷分布图', '缺陷照片', '维修状态', '接闪器', '叶根', '叶尖'])
      assert.ok(text.includes(heading), heading);
    for (const t of turbines) {
      assert.ok(text.includes(t.name), t.name);
      for (const d of t.defects) assert.ok(text.includes(d.defectNo), `defect ${d.defectNo}`);
    }
    // LPS per receptor: readings and verdicts of the first turbine; the second has none.
    for (const r of ['RX-TIP-1', 'RX-MID-1', 'RX-TIP-2', '合格', '不合格', '开路']) assert.ok(text.includes(r), r);
    assert.ok(text.includes('无 LPS 测量数据') || text.includes('无 LPS'), 'the second turbine has no LPS readings');
    // Repair status: the repaired crack (已完成, its date) and the others without a repair.
    assert.ok(text.includes('已完成') && text.includes('2026-06-20'));
    assert.ok(text.includes('无维修记录'));
    assert.ok(text.includes('无照片'), 'a defect without photo says so');
    // Two crops per turbine are embedded images (the blade maps are vector drawings).
    const images = execFileSync('pdfimages', ['-list', pdf], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter((l) => l.trim());
    assert.ok(images.length >= 4, `embedded images: ${images.length}`);
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))?.[1]);
    assert.ok(pages >= 3 && pages <= 12, `page count ${pages}`);
  });

  test('a DOCX of a turbine: headings per turbine, the repair-status table rows, the blade map and crops as images with the polygon drawn in red', async () => {
    const [first] = turbines;
    const docx = await render('turbines', first!.id, { format: 'docx' }, 'en_us', 'turbine.docx');
    const xml = execFileSync('unzip', ['-p', docx, 'word/document.xml'], { encoding: 'utf8', maxBuffer: 64 << 20 });
    assert.ok(xml.includes(`Turbine details: 北岭风场 ${first!.name}`));
    for (const heading of ['Blade map', 'Repair status', 'Defect photos', 'LPS readings']) assert.ok(xml.includes(heading), heading);
    // The repair-status table: header + one row per defect of the turbine.
    const section = xml.slice(xml.indexOf('>Repair status<'));
    const table = section.slice(section.indexOf('<w:tbl>'), section.indexOf('</w:tbl>'));
    assert.equal(table.split('<w:tr>').length - 1, 1 + first!.defects.length);
    for (const d of first!.defects) assert.ok(table.includes(`>${d.defectNo}<`), `row of ${d.defectNo}`);
    assert.ok(table.includes('>Completed<') && table.includes('>2026-06-20<'));
    // LPS rows per receptor.
    for (const r of ['RX-TIP-1', 'RX-MID-1', 'RX-TIP-2', 'Out of range', 'Open circuit']) assert.ok(xml.includes(r), r);
    // Media: the blade map (PNG) and the two crops (JPEG); a crop shows the red outline over grey.
    const dir = path.join(tmp, 'docx');
    execFileSync('unzip', ['-o', '-q', docx, 'word/media/*', '-d', dir]);
    const media = await readdir(path.join(dir, 'word/media'));
    assert.ok(media.filter((m) => m.endsWith('.png')).length >= 1, 'the blade map');
    const crops = media.filter((m) => /\.jpe?g$/.test(m));
    assert.equal(crops.length, 2, 'a crop per defect with a photo');
    assert.equal(xml.split('<w:drawing>').length - 1, 3, 'blade map + two crops in the text');
    const { data, info } = await sharp(await readFile(path.join(dir, 'word/media', crops[0]!)))
      .raw()
      .toBuffer({ resolveWithObject: true });
    let red = 0;
    let grey = 0;
    for (let i = 0; i < data.length; i += info.channels) {
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      if (r > 180 && g < 90 && b < 90) red++;
      if (Math.abs(r - 170) < 12 && Math.abs(g - 170) < 12 && Math.abs(b - 170) < 12) grey++;
    }
    assert.ok(red > 50, `polygon outline pixels: ${red}`);
    assert.ok(grey > red, 'mostly the photo');
    // The crop is the polygon's neighbourhood, not the whole 800×600 photo.
    assert.ok(info.width < W && info.height < H, `${info.width}×${info.height}`);
  });

  test('the blade map places each defect on its blade at its distance, coloured by the severity palette', async () => {
    const { bladeMapSvg } = await import('../render/turbine-details.js');
    const { severityColor } = await import('@windward/contracts');
    const svg = bladeMapSvg(
      {
        locale: 'en_us',
        scopeName: '',
        customerName: null,
        logo: null,
        generatedAt: new Date(),
        sections: new Set(),
        severityLabels: {},
        defects: [],
      },
      [
        {
          defectId: 'a',
          defectNo: '000001',
          parkName: '',
          turbineName: '',
          inspectionDate: '',
          bladePosition: 1,
          position: null,
          distanceToRoot: 0,
          defectType: null,
          severity: 5,
          sizeLength: null,
          sizeWidth: null,
          repairPriority: null,
          dpsStatus: 1,
          recommendation: null,
        },
        {
          defectId: 'b',
          defectNo: '000002',
          parkName: '',
          turbineName: '',
          inspectionDate: '',
          bladePosition: 3,
          position: null,
          distanceToRoot: 40,
          defectType: null,
          severity: 1,
          sizeLength: null,
          sizeWidth: null,
          repairPriority: null,
          dpsStatus: 1,
          recommendation: null,
        },
        {
          defectId: 'c',
          defectNo: '000003',
          parkName: '',
          turbineName: '',
          inspectionDate: '',
          bladePosition: null,
          position: null,
          distanceToRoot: 3,
          defectType: null,
          severity: 2,
          sizeLength: null,
          sizeWidth: null,
          repairPriority: null,
          dpsStatus: 1,
          recommendation: null,
        },
      ],
    );
    const dots = [...svg.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)" r="7" fill="([^"]+)"/g)].map((m) => ({
      x: Number(m[1]),
      y: Number(m[2]),
      fill: m[3],
    }));
    assert.equal(dots.length, 2, 'only placed defects are dots');
    assert.equal(dots[0]!.fill, severityColor(5));
    assert.equal(dots[1]!.fill, severityColor(1));
    assert.equal(dots[0]!.x, 90, 'at the root');
    assert.equal(dots[1]!.x, 860, 'at the tip: 40 m is the scale');
    assert.ok(dots[1]!.y > dots[0]!.y + 100, 'blade 3 below blade 1');
    assert.match(svg, /Not placed \(blade or distance unknown\): 1/);
    assert.match(svg, /Tip 40 m/);
  });
});
