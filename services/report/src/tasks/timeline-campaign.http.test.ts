import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { EventTypes, RepairCampaignStatus, RepairStatus, Rights } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { ReportHarness, type Body } from '../testing/report-harness.js';

/**
 * Timelines across inspections (inspection.timeline.changed chains) and repair-campaign reports
 * (repair.campaign.*, repair.defect.status-changed), from events only; the files are opened.
 */
describe('report timelines across inspections and repair-campaign reports', () => {
  let h: ReportHarness;
  let tmp: string;
  let token: string;
  let parkId: string;
  let customerId: string;
  let turbineId: string;
  /** 2024 → 2025 → 2026 (active): the crack grows, the erosion stays, a chip of 2025 is gone in 2026. */
  let d2024: Body[];
  let d2025: Body[];
  let d2026: Body[];
  let campaignId: string;

  const timeline = async (inspectionId: string, previousInspectionId: string, defects: [Body, string, Body | null][]) => {
    await h.publish(EventTypes.InspectionTimelineChanged, inspectionId, {
      inspectionId,
      turbineId,
      previousInspectionId,
      defects: defects.map(([d, status, prev]) => ({ defectId: d.defectId, timelineStatus: status, previousDefectId: prev?.defectId ?? null })),
    });
    await eventually(
      async () => (await h.sql('SELECT count(*)::int AS n FROM report.defect_timeline WHERE inspection_id = $1', [inspectionId]))[0].n === defects.length,
    );
  };

  before(async () => {
    h = await ReportHarness.start();
    tmp = await mkdtemp(path.join(os.tmpdir(), 'ww-report-timeline-'));
    token = await h.token({ rights: [Rights.IMAGE_EXPORT], cid: null, pid: null });
    ({ parkId, customerId } = await h.park('西风场'));
    turbineId = await h.turbine(parkId, 'WTG-31');
    const i2024 = await h.inspection(parkId, turbineId, '2024-05-01');
    const i2025 = await h.inspection(parkId, turbineId, '2025-05-01');
    d2024 = await h.defects(i2024, [{ defectType: 'Crack', severity: 2, sizeLength: 100, sizeWidth: 10, bladePosition: 1, distanceToRoot: 20 }]);
    d2025 = await h.defects(i2025, [
      { defectType: 'Crack', severity: 3, sizeLength: 180, sizeWidth: 12, bladePosition: 1, distanceToRoot: 20.2 },
      { defectType: 'Erosion', severity: 1, sizeLength: 50, sizeWidth: 50, bladePosition: 2, distanceToRoot: 30 },
      { defectType: 'Chip', severity: 2, sizeLength: 20, sizeWidth: 20, bladePosition: 3, distanceToRoot: 40 },
    ]);
    const i2026 = await h.inspection(parkId, turbineId, '2026-05-01');
    d2026 = await h.defects(i2026, [
      { defectType: 'Crack', severity: 4, sizeLength: 260, sizeWidth: 15, bladePosition: 1, distanceToRoot: 20.1 },
      { defectType: 'Erosion', severity: 1, sizeLength: 52, sizeWidth: 50, bladePosition: 2, distanceToRoot: 30.1 },
      { defectType: 'Lightning', severity: 5, sizeLength: 5, sizeWidth: 5, bladePosition: 3, distanceToRoot: 55 },
    ]);
    await timeline(i2025, i2024, [
      [d2025[0]!, 'INCREASED', d2024[0]!],
      [d2025[1]!, 'NEW', null],
      [d2025[2]!, 'NEW', null],
    ]);
    await timeline(i2026, i2025, [
      [d2026[0]!, 'INCREASED', d2025[0]!],
      [d2026[1]!, 'STABLE', d2025[1]!],
      [d2026[2]!, 'NEW', null],
    ]);
    // The 2025 chip was repaired in a campaign before 2026 (repair.defect.repaired).
    await h.publish(EventTypes.RepairDefectRepaired, d2025[2]!.defectId, {
      defectId: d2025[2]!.defectId,
      campaignId: randomUUID(),
      inspectionId: i2025,
      turbineId,
      repairStatus: RepairStatus.FIXED,
      repairedAt: '2025-09-10T00:00:00.000Z',
    });
    // A repair campaign over the 2026 crack and lightning strike: the crack is being repaired.
    campaignId = randomUUID();
    await h.publish(EventTypes.RepairCampaignCreated, campaignId, {
      campaignId,
      name: '2026 夏季叶片维修',
      status: RepairCampaignStatus.NOT_STARTED,
      windFarmId: parkId,
      customerId,
      startDate: '2026-06-01',
      endDate: '2026-07-31',
      defectIds: [d2026[0]!.defectId, d2026[2]!.defectId],
    });
    await h.publish(EventTypes.RepairDefectStatusChanged, campaignId, {
      campaignId,
      defectId: d2026[0]!.defectId,
      repairStatus: RepairStatus.ON_GOING,
      changedAt: '2026-06-03T08:00:00.000Z',
    });
    await h.publish(EventTypes.RepairCampaignStatusChanged, campaignId, { campaignId, name: '2026 夏季叶片维修', status: RepairCampaignStatus.ONGOING });
    await eventually(
      async () =>
        (await h.sql('SELECT 1 FROM report.repair_campaign_ref r JOIN report.repair_campaign_defect d USING (campaign_id) WHERE campaign_id = $1 AND r.status = 1 AND d.repair_status = 2', [campaignId]))
          .length === 1,
    );
    await eventually(async () => (await h.sql('SELECT 1 FROM report.defect_repair WHERE defect_id = $1', [d2025[2]!.defectId])).length === 1);
  });
  after(async () => {
    await h?.stop();
    await rm(tmp, { recursive: true, force: true });
  });

  async function render(scope: 'turbines' | 'repair-campaigns', id: string, body: object, locale: string, file: string) {
    const { task, bytes } = await h.rendered(scope, id, body, { token, locale });
    const out = path.join(tmp, file);
    await writeFile(out, bytes);
    return { out, bytes, task };
  }

  test('a zh_cn turbine PDF: each defect across its inspections (dates, severity, size, new/increased/stable) and the defect not found again', async () => {
    const { out } = await render('turbines', turbineId, { format: 'pdf' }, 'zh_cn', 'turbine.pdf');
    const text = execFileSync('pdftotext', ['-layout', out, '-'], { encoding: 'utf8', maxBuffer: 64 << 20 });
    assert.ok(text.includes('跨巡检缺陷时间线'), 'the timeline heading');
    const lines = text.split('\n');
    // The crack's chain: 2024 (its first sighting), 2025 increased, 2026 increased, each with its defect id and size.
    const row = (date: string, no: string) => lines.find((l) => l.includes(date) && l.includes(no));
    const crack2024 = row('2024-05-01', d2024[0]!.defectNo);
    assert.ok(crack2024 && crack2024.includes('100 × 10') && crack2024.includes('首次发现'), `2024 row: ${crack2024}`);
    const crack2025 = row('2025-05-01', d2025[0]!.defectNo);
    assert.ok(crack2025 && crack2025.includes('180 × 12') && crack2025.includes('扩大'), `2025 row: ${crack2025}`);
    const crack2026 = row('2026-05-01', d2026[0]!.defectNo);
    assert.ok(crack2026 && crack2026.includes('260 × 15') && crack2026.includes('扩大'), `2026 row: ${crack2026}`);
    assert.ok(row('2026-05-01', d2026[1]!.defectNo)?.includes('稳定'), 'the erosion is stable');
    assert.ok(row('2026-05-01', d2026[2]!.defectNo)?.includes('新增'), 'the lightning strike is new');
    // The 2025 chip was not found in 2026: listed as repaired, with repair's outcome and date.
    assert.ok(text.includes('上次巡检后未再发现的缺陷'));
    const chip = row('2025-05-01', d2025[2]!.defectNo);
    assert.ok(chip && chip.includes('已修复') && chip.includes('2025-09-10'), `chip row: ${chip}`);
  });

  test('a DOCX and an XLSX carry the same timeline rows', async () => {
    const { out } = await render('turbines', turbineId, { format: 'docx' }, 'en_us', 'turbine.docx');
    const xml = execFileSync('unzip', ['-p', out, 'word/document.xml'], { encoding: 'utf8', maxBuffer: 64 << 20 });
    const start = xml.indexOf('Timeline across inspections');
    assert.ok(start > 0, 'timeline heading');
    const tbl = xml.slice(start, xml.indexOf('</w:tbl>', start));
    // header + crack (3 inspections) + erosion (2) + lightning (1)
    assert.equal(tbl.split('<w:tr>').length - 1, 1 + 3 + 2 + 1);
    for (const s of ['2024-05-01', '2025-05-01', 'Increased', 'Stable', 'New', d2024[0]!.defectNo, d2025[1]!.defectNo]) assert.ok(tbl.includes(`>${s}<`), s);
    assert.ok(xml.includes('Not found again since the previous inspection (repaired)') && xml.includes(`>${d2025[2]!.defectNo}<`));

    const x = await render('turbines', turbineId, { format: 'xlsx' }, 'en_us', 'turbine.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.bytes as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Timeline across inspections')!;
    assert.ok(ws, 'the timeline sheet');
    assert.equal(ws.rowCount, 1 + 6);
    const crackRows = ws.getRows(2, 6)!.filter((r) => r.getCell(1).value === d2026[0]!.defectNo);
    assert.deepEqual(
      crackRows.map((r) => [(r.getCell(3).value as Date).toISOString().slice(0, 10), r.getCell(4).value, r.getCell(5).value, r.getCell(6).value, r.getCell(8).value]),
      [
        ['2024-05-01', d2024[0]!.defectNo, 2, 100, 'First seen'],
        ['2025-05-01', d2025[0]!.defectNo, 3, 180, 'Increased'],
        ['2026-05-01', d2026[0]!.defectNo, 4, 260, 'Increased'],
      ],
    );
    assert.equal(ws.views[0]?.state, 'frozen');
  });

  test('a repair campaign report: the campaign, its defects only, each with its repair status (PDF zh_cn, XLSX)', async () => {
    const { out, task } = await render('repair-campaigns', campaignId, { format: 'pdf' }, 'zh_cn', 'campaign.pdf');
    assert.equal(task.scopeType, 'repairCampaign');
    assert.equal(task.defectCount, 2);
    const text = execFileSync('pdftotext', ['-layout', out, '-'], { encoding: 'utf8', maxBuffer: 64 << 20 });
    for (const s of ['2026 夏季叶片维修', '维修活动', '维修进度', '2026-06-01', '2026-07-31', '进行中', '未开始']) assert.ok(text.includes(s), s);
    assert.ok(text.includes(d2026[0]!.defectNo) && text.includes(d2026[2]!.defectNo));
    assert.ok(!text.includes(d2026[1]!.defectNo), 'the erosion is not in the campaign');
    const lines = text.split('\n');
    assert.ok(lines.some((l) => l.includes(d2026[0]!.defectNo) && l.includes('进行中')), 'the crack is being repaired');

    const x = await render('repair-campaigns', campaignId, { format: 'xlsx' }, 'en_us', 'campaign.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.bytes as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    assert.equal(ws.rowCount, 1 + 2);
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const col = header.indexOf('Repair status') + 1;
    assert.ok(col > 0, 'a repair status column');
    const byNo = Object.fromEntries(ws.getRows(2, 2)!.map((r) => [r.getCell(1).value, r.getCell(col).value]));
    assert.deepEqual(byNo, { [d2026[0]!.defectNo]: 'Ongoing', [d2026[2]!.defectNo]: 'Not started' });
  });

  test('campaign refusals: unknown, malformed, another customer\'s or park scope, deleted → 404 NOT_FOUND, nothing queued', async () => {
    const before = await h.taskCount();
    const foreign = await h.token({ rights: [Rights.IMAGE_EXPORT], cid: [randomUUID()], pid: null });
    const otherPark = await h.token({ rights: [Rights.IMAGE_EXPORT], cid: null, pid: [randomUUID()] });
    for (const [id, t] of [
      [randomUUID(), token],
      ['not-a-uuid', token],
      [campaignId, foreign],
      [campaignId, otherPark],
    ] as const) {
      const r = await h.create('repair-campaigns', id, { format: 'xlsx' }, { token: t, locale: 'zh_cn' });
      assert.deepEqual([r.status, r.body.code], [404, 'NOT_FOUND'], `${id}`);
    }
    // Without a report right: 403.
    const noRight = await h.token({ rights: [Rights.BLADE_SHOW], cid: null, pid: null });
    assert.equal((await h.create('repair-campaigns', campaignId, { format: 'xlsx' }, { token: noRight })).status, 403);
    // A deleted campaign is gone for reports.
    const gone = randomUUID();
    await h.publish(EventTypes.RepairCampaignCreated, gone, { campaignId: gone, name: 'Gone', status: 0, windFarmId: parkId, customerId, defectIds: [d2026[1]!.defectId] });
    await h.publish(EventTypes.RepairCampaignDeleted, gone, { id: gone });
    await eventually(async () => (await h.sql('SELECT deleted FROM report.repair_campaign_ref WHERE campaign_id = $1', [gone]))[0]?.deleted === true);
    const r = await h.create('repair-campaigns', gone, { format: 'xlsx' }, { token });
    assert.deepEqual([r.status, r.body.code], [404, 'NOT_FOUND']);
    assert.equal(await h.taskCount(), before);
  });
});
