import { ReportSection } from '@windward/contracts';
import {
  campaignStatusName,
  lpsRange,
  lpsResult,
  positionName,
  repairStatusName,
  priorityName,
  severityHex,
  severityName,
  sizeText,
  statusName,
  texts,
  timelineRows,
  timelineStatusName,
  turbineSummaries,
  type ReportData,
  type TurbineDetail,
} from './report-data.js';

const esc = (v: unknown): string =>
  String(v ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Only a data URL of a PNG/JPEG reaches the page (the template DTO checks it too). */
const safeLogo = (logo: string | null) => (logo && /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/.test(logo) ? logo : null);

/** A campaign report's campaign: name, status, period and defects per repair status. */
function campaignHtml(d: ReportData): string {
  const c = d.campaign;
  if (!c) return '';
  const t = texts(d);
  return `<h3>${esc(t.repairCampaign)}: ${esc(c.name)}</h3>
    <table class="meta"><tr><th>${esc(t.campaignStatus)}</th><td>${esc(campaignStatusName(d, c.status))}</td></tr>
    <tr><th>${esc(t.period)}</th><td>${esc(c.startDate ?? t.none)} – ${esc(c.endDate ?? t.none)}</td></tr></table>
    <h3>${esc(t.repairProgress)}</h3>
    <table class="grid"><thead><tr>${Object.keys(c.byRepairStatus)
      .map((s) => `<th>${esc(repairStatusName(d, { repairStatus: Number(s) }))}</th>`)
      .join('')}</tr></thead><tbody><tr>${Object.values(c.byRepairStatus)
      .map((n) => `<td class="num">${n}</td>`)
      .join('')}</tr></tbody></table>`;
}

/**
 * A turbine's timeline across inspections: per defect each inspection it was seen in (date,
 * defect id then, severity, size, timeline status, repair), then the previous inspection's
 * defects not found again.
 */
function timelineHtml(d: ReportData, tu: TurbineDetail): string {
  const t = texts(d);
  const rows = timelineRows(d, tu.defects);
  return `<h3>${esc(t.timeline)}</h3>
    <table class="grid timeline"><thead><tr><th>${esc(t.defectNo)}</th><th>${esc(t.inspectionDate)}</th><th>${esc(t.defectNoThen)}</th>
      <th>${esc(t.severity)}</th><th>${esc(t.size)}</th><th>${esc(t.timelineStatus)}</th><th>${esc(t.repairStatus)}</th></tr></thead><tbody>
    ${rows
      .map(
        ({ defect, entry, first, status }) => `<tr${first ? ' class="first"' : ''}><td>${first ? esc(defect.defectNo ?? t.none) : ''}</td><td>${esc(entry.inspectionDate)}</td>
      <td>${esc(entry.defectNo ?? t.none)}</td><td><span class="sev" style="background:${severityHex(entry.severity)}"></span>${esc(severityName(d, entry.severity))}</td>
      <td>${esc(sizeText(entry))}</td><td>${esc(status)}</td>
      <td>${esc(entry.repairStatus ? `${repairStatusName(d, entry)}${entry.repairedAt ? ` ${entry.repairedAt}` : ''}` : t.none)}</td></tr>`,
      )
      .join('')}
    </tbody></table>
    ${
      tu.vanished.length
        ? `<h3>${esc(t.notFoundAgain)}</h3><table class="grid"><thead><tr><th>${esc(t.defectNo)}</th><th>${esc(t.inspectionDate)}</th><th>${esc(t.blade)}</th>
      <th>${esc(t.distance)}</th><th>${esc(t.type)}</th><th>${esc(t.severity)}</th><th>${esc(t.size)}</th><th>${esc(t.timelineStatus)}</th><th>${esc(t.repairStatus)}</th></tr></thead><tbody>
      ${tu.vanished
        .map(
          (v) => `<tr><td>${esc(v.defectNo ?? t.none)}</td><td>${esc(v.inspectionDate)}</td><td class="num">${esc(v.bladePosition ?? t.none)}</td>
        <td class="num">${esc(v.distanceToRoot ?? t.none)}</td><td>${esc(v.defectType ?? t.none)}</td>
        <td><span class="sev" style="background:${severityHex(v.severity)}"></span>${esc(severityName(d, v.severity))}</td><td>${esc(sizeText(v))}</td>
        <td>${esc(timelineStatusName(d, 'REPAIRED'))}</td><td>${esc(v.repairStatus ? `${repairStatusName(d, v)}${v.repairedAt ? ` ${v.repairedAt}` : ''}` : t.none)}</td></tr>`,
        )
        .join('')}</tbody></table>`
        : ''
    }`;
}

/**
 * The PDF's HTML: cover, summary (severity counts and defects per turbine), defect table with the
 * severity palette, recommendations. Fonts: Noto Sans CJK covers Latin and Chinese, so a zh_cn
 * report prints its headings (fonts-noto-cjk is installed with chromium).
 */
export function reportHtml(d: ReportData): string {
  const t = texts(d);
  const parts: string[] = [];
  if (d.sections.has(ReportSection.COVER)) {
    const logo = safeLogo(d.logo);
    parts.push(`<section class="cover">
      ${logo ? `<img class="logo" src="${logo}" alt="">` : ''}
      <h1>${esc(t.title)}</h1>
      <p class="scope">${esc(d.scopeName)}</p>
      <table class="meta">
        ${d.customerName ? `<tr><th>${esc(t.customer)}</th><td>${esc(d.customerName)}</td></tr>` : ''}
        <tr><th>${esc(t.generatedAt)}</th><td>${esc(d.generatedAt.toISOString().slice(0, 16).replace('T', ' '))} UTC</td></tr>
        <tr><th>${esc(t.defects)}</th><td>${d.defects.length}</td></tr>
      </table>
    </section>`);
  }
  if (d.sections.has(ReportSection.SUMMARY)) {
    const turbines = turbineSummaries(d.defects);
    const levels = [0, 1, 2, 3, 4, 5];
    const totals = levels.map((s) => d.defects.filter((x) => x.severity === s).length);
    parts.push(`<section><h2>${esc(t.summary)}</h2>${campaignHtml(d)}
      <table class="grid"><thead><tr><th>${esc(t.severity)}</th>${levels
        .map((s) => `<th><span class="sev" style="background:${severityHex(s)}"></span>${esc(severityName(d, s))}</th>`)
        .join('')}<th>${esc(t.total)}</th></tr></thead>
      <tbody><tr><td>${esc(t.defects)}</td>${totals.map((n) => `<td class="num">${n}</td>`).join('')}<td class="num">${d.defects.length}</td></tr></tbody></table>
      <h3>${esc(t.turbineSummary)}</h3>
      <table class="grid"><thead><tr><th>${esc(t.park)}</th><th>${esc(t.turbine)}</th><th>${esc(t.inspectionDate)}</th>${levels
        .map((s) => `<th>${esc(severityName(d, s))}</th>`)
        .join('')}<th>${esc(t.total)}</th></tr></thead><tbody>
      ${turbines
        .map(
          (s) =>
            `<tr><td>${esc(s.parkName)}</td><td>${esc(s.turbineName)}</td><td>${esc(s.inspectionDate)}</td>${levels
              .map((l) => `<td class="num">${s.bySeverity[l]}</td>`)
              .join('')}<td class="num">${s.total}</td></tr>`,
        )
        .join('')}
      </tbody></table></section>`);
  }
  if (d.sections.has(ReportSection.DEFECT_TABLE)) {
    parts.push(`<section><h2>${esc(t.defectTable)}</h2>
      <table class="grid defects"><thead><tr>
        <th>${esc(t.defectNo)}</th><th>${esc(t.turbine)}</th><th>${esc(t.blade)}</th><th>${esc(t.position)}</th><th>${esc(t.distance)}</th>
        <th>${esc(t.type)}</th><th>${esc(t.severity)}</th><th>${esc(t.size)}</th><th>${esc(t.priority)}</th><th>${esc(t.status)}</th>${d.campaign ? `<th>${esc(t.repairStatus)}</th>` : ''}
      </tr></thead><tbody>
      ${d.defects
        .map(
          (x) => `<tr>
        <td>${esc(x.defectNo ?? t.none)}</td><td>${esc(x.turbineName)}</td><td class="num">${esc(x.bladePosition ?? t.none)}</td>
        <td>${esc(positionName(d, x.position))}</td><td class="num">${esc(x.distanceToRoot ?? t.none)}</td><td>${esc(x.defectType ?? t.none)}</td>
        <td><span class="sev" style="background:${severityHex(x.severity)}"></span>${esc(severityName(d, x.severity))}</td>
        <td>${esc(sizeText(x))}</td><td>${esc(priorityName(d, x.repairPriority))}</td><td>${esc(statusName(d, x.dpsStatus))}</td>${
          d.campaign ? `<td>${esc(repairStatusName(d, x))}</td>` : ''
        }</tr>`,
        )
        .join('')}
      </tbody></table></section>`);
  }
  if (d.sections.has(ReportSection.TURBINE_DETAILS)) {
    for (const tu of d.turbines ?? []) {
      parts.push(`<section class="turbine"><h2>${esc(t.turbineDetails)}: ${esc(tu.parkName)} ${esc(tu.turbineName)}</h2>
      <h3>${esc(t.bladeMap)}</h3><div class="blademap">${tu.bladeMapSvg}</div>
      <h3>${esc(t.repairStatus)}</h3>
      <table class="grid"><thead><tr><th>${esc(t.defectNo)}</th><th>${esc(t.blade)}</th><th>${esc(t.distance)}</th><th>${esc(t.type)}</th>
        <th>${esc(t.severity)}</th><th>${esc(t.status)}</th><th>${esc(t.repairStatus)}</th><th>${esc(t.repairedAt)}</th></tr></thead><tbody>
      ${tu.defects
        .map(
          (x) => `<tr><td>${esc(x.defectNo ?? t.none)}</td><td class="num">${esc(x.bladePosition ?? t.none)}</td><td class="num">${esc(x.distanceToRoot ?? t.none)}</td>
        <td>${esc(x.defectType ?? t.none)}</td><td><span class="sev" style="background:${severityHex(x.severity)}"></span>${esc(severityName(d, x.severity))}</td>
        <td>${esc(statusName(d, x.dpsStatus))}</td><td>${esc(repairStatusName(d, x))}</td><td>${esc(x.repairedAt ?? t.none)}</td></tr>`,
        )
        .join('')}
      </tbody></table>
      ${timelineHtml(d, tu)}
      <h3>${esc(t.photos)}</h3><div class="photos">
      ${tu.defects
        .map((x) => {
          const c = tu.crops.get(x.defectId);
          return `<figure class="photo">${
            c ? `<img src="data:image/jpeg;base64,${c.jpeg.toString('base64')}" width="${c.width}" height="${c.height}" alt="">` : `<div class="nophoto">${esc(t.noPhoto)}</div>`
          }<figcaption><span class="sev" style="background:${severityHex(x.severity)}"></span>${esc(x.defectNo ?? t.none)} · ${esc(x.defectType ?? t.none)} · ${esc(t.blade)} ${esc(x.bladePosition ?? t.none)} · ${esc(x.distanceToRoot ?? t.none)} m</figcaption></figure>`;
        })
        .join('')}
      </div>
      <h3>${esc(t.lps)}</h3>
      ${
        tu.lps?.readings.length
          ? `<table class="grid"><thead><tr><th>${esc(t.blade)}</th><th>${esc(t.receptor)}</th><th>${esc(t.side)}</th><th>${esc(t.reading)}</th><th>${esc(t.range)}</th><th>${esc(t.result)}</th></tr></thead><tbody>
        ${tu.lps.readings
          .map((r) => {
            const v = lpsResult(d, r);
            return `<tr><td class="num">${r.bladePosition}</td><td>${esc(r.receptorId)}</td><td>${esc(r.side)}</td><td class="num">${esc(r.openCircuit ? '∞' : r.ohm)}</td><td>${esc(lpsRange(r))}</td><td class="${v.ok ? 'ok' : 'bad'}">${esc(v.text)}</td></tr>`;
          })
          .join('')}
        </tbody></table>`
          : `<p>${esc(t.noLps)}</p>`
      }
      </section>`);
    }
  }
  if (d.sections.has(ReportSection.RECOMMENDATIONS)) {
    const withText = d.defects.filter((x) => x.recommendation);
    parts.push(`<section><h2>${esc(t.recommendations)}</h2>
      ${
        withText.length
          ? `<table class="grid"><thead><tr><th>${esc(t.defectNo)}</th><th>${esc(t.turbine)}</th><th>${esc(t.recommendation)}</th></tr></thead><tbody>
        ${withText.map((x) => `<tr><td>${esc(x.defectNo ?? t.none)}</td><td>${esc(x.turbineName)}</td><td>${esc(x.recommendation)}</td></tr>`).join('')}
        </tbody></table>`
          : `<p>${esc(t.none)}</p>`
      }</section>`);
  }
  return `<!doctype html><html lang="${d.locale === 'zh_cn' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"><title>${esc(t.title)}</title><style>
  body { font-family: 'Noto Sans CJK SC', 'Noto Sans', sans-serif; font-size: 9pt; color: #222; margin: 0; }
  h1 { font-size: 24pt; margin: 0 0 8pt; } h2 { font-size: 14pt; border-bottom: 1px solid #999; padding-bottom: 2pt; } h3 { font-size: 11pt; }
  .cover { page-break-after: always; padding-top: 80pt; } .cover .scope { font-size: 14pt; } .logo { max-height: 60pt; max-width: 200pt; }
  table.meta th { text-align: left; padding-right: 12pt; }
  table.grid { border-collapse: collapse; width: 100%; } table.grid th, table.grid td { border: 1px solid #bbb; padding: 2pt 4pt; }
  table.grid thead { display: table-header-group; } table.grid tr { page-break-inside: avoid; } th { background: #f0f0f0; }
  .turbine { page-break-before: always; } .blademap svg { width: 100%; height: auto; }
  .photos { display: flex; flex-wrap: wrap; gap: 8pt; } .photo { margin: 0; width: 31%; page-break-inside: avoid; }
  .photo img { width: 100%; height: auto; border: 1px solid #999; } .photo figcaption { font-size: 8pt; }
  .nophoto { border: 1px dashed #999; color: #777; padding: 24pt 0; text-align: center; }
  .ok { color: #1a7f37; } .bad { color: #c62828; font-weight: bold; }
  .num { text-align: right; } table.timeline tr.first td { border-top: 2px solid #666; } .sev { display: inline-block; width: 8pt; height: 8pt; margin-right: 3pt; border-radius: 2pt; vertical-align: middle; }
  </style></head><body>${parts.join('\n')}</body></html>`;
}
