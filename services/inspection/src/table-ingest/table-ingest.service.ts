import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import { ComponentType, EventTypes, type SheetFinding, type TableAppliedPayload, type TableCommittedPayload } from '@windward/contracts';
import { EventPublisher, LOGGER, SERVICE_CONFIG, isUniqueViolation, type ServiceConfig } from '@windward/service-kit';
import { Inspection } from '../inspections/inspection.entity.js';
import { announceLps } from '../lps/lps.service.js';
import { LpsMeasurement } from '../lps/lps-measurement.entity.js';
import { LpsTemplate, TemplateItem } from '../templates/template.entity.js';
import { announceDefectTemplate } from '../templates/template-events.js';

type Lps = Extract<TableCommittedPayload, { kind: 'lps' }>;
type Templates = Extract<TableCommittedPayload, { kind: 'templates' }>;
/** Inspection's findings are capped like import's. */
const MAX_FINDINGS = 2000;

/**
 * import.table.committed → every row of an LPS or template workbook, or none. What import cannot
 * know is checked here against inspection's own data (the LPS inspection of a turbine and day,
 * the customer's templates, stored readings and names); every finding is located with the row and
 * headers the event carries. Rows are written behind a savepoint in the consumer's transaction
 * with the answer (inspection.table.applied) and the redelivery guard (`table_ingest`).
 */
@Injectable()
export class TableIngestService {
  private readonly s: string;
  constructor(
    private readonly events: EventPublisher,
    @Inject(SERVICE_CONFIG) cfg: ServiceConfig,
    @Inject(LOGGER) private readonly log: Logger,
  ) {
    this.s = `"${cfg.schema}"`;
  }

  async apply(m: EntityManager, p: TableCommittedPayload): Promise<void> {
    if ((await m.query(`SELECT 1 FROM ${this.s}.table_ingest WHERE table_import_id = $1`, [p.tableImportId])).length) {
      this.log.warn({ tableImportId: p.tableImportId }, 'table import already applied; event ignored');
      return;
    }
    const findings: SheetFinding[] = [];
    const at = (sheetKey: string, row: number, column: string, code: number | string, value: unknown, params?: Record<string, string | number>) => {
      const o = p.origins[sheetKey];
      if (findings.length < MAX_FINDINGS)
        findings.push({ code, sheet: o?.sheet ?? sheetKey, row, column: o?.headers[column] ?? column, value: value == null ? null : String(value), ...(params ? { params } : {}) });
    };
    let answer: TableAppliedPayload;
    await m.query('SAVEPOINT table_ingest');
    try {
      const refused = () => findings.length > 0;
      const r = p.kind === 'lps' ? await this.lps(m, p, at, refused) : await this.templates(m, p, at, refused);
      if (findings.length) throw new Refused();
      await m.query('RELEASE SAVEPOINT table_ingest');
      answer = { tableImportId: p.tableImportId, ok: true, created: r.created, inspectionIds: r.inspectionIds, findings: [] };
    } catch (err) {
      // A unique index beat the checks (a concurrent write): the same refusal as a stored duplicate.
      const unique = isUniqueViolation(err);
      if (!(err instanceof Refused) && !unique) throw err; // database trouble: the bus delivers again
      await m.query('ROLLBACK TO SAVEPOINT table_ingest');
      if (unique) findings.push({ code: p.kind === 'lps' ? 'DUPLICATE_VALUES' : -20001, sheet: null, row: null, column: null, value: null });
      this.log.warn({ tableImportId: p.tableImportId, findings: findings.length }, 'table import refused whole');
      answer = { tableImportId: p.tableImportId, ok: false, created: 0, inspectionIds: [], findings };
    }
    await m.query(`INSERT INTO ${this.s}.table_ingest (table_import_id, kind, ok, created) VALUES ($1, $2, $3, $4)`, [p.tableImportId, p.kind, answer.ok, answer.created]);
    await this.events.publish(m, EventTypes.InspectionTableApplied, p.tableImportId, answer, p.userId ?? undefined);
  }

  private async lps(m: EntityManager, p: Lps, at: At, refused: () => boolean): Promise<{ created: number; inspectionIds: string[] }> {
    /** turbine|day → its one LPS inspection, null (none) or 'many'. */
    const inspections = new Map<string, Inspection | null | 'many'>();
    const templates = new Map<string, LpsTemplate | null>();
    const rows: LpsMeasurement[] = [];
    for (const r of p.readings) {
      const key = `${r.turbineId}|${r.inspectionDate}`;
      if (!inspections.has(key)) {
        const found = await m.find(Inspection, {
          where: { turbineId: r.turbineId, windParkId: p.windfarmId, componentType: ComponentType.LPS, inspectionDate: r.inspectionDate, isActive: true },
        });
        inspections.set(key, found.length > 1 ? 'many' : (found[0] ?? null));
      }
      const insp = inspections.get(key);
      if (insp === 'many') {
        at('lps', r.row, 'inspectionDate', -12003, r.inspectionDate);
        continue;
      }
      if (!insp) {
        at('lps', r.row, 'inspectionDate', -12002, r.inspectionDate);
        continue;
      }
      let { minOhm, maxOhm } = r;
      let templateId: string | null = null;
      if (r.template) {
        const tkey = `${insp.customerId}|${r.template.toLowerCase()}`;
        if (!templates.has(tkey))
          templates.set(
            tkey,
            await m
              .getRepository(LpsTemplate)
              .createQueryBuilder('t')
              .where('t.customerId = :c AND lower(t.name) = lower(:n)', { c: insp.customerId, n: r.template })
              .getOne(),
          );
        const t = templates.get(tkey);
        if (!t) {
          at('lps', r.row, 'template', -12004, r.template);
          continue;
        }
        // Bounds written out next to a template must be the template's.
        if (r.minOhm !== null && r.minOhm !== t.minOhm) at('lps', r.row, 'minOhm', -12009, r.minOhm);
        if (r.maxOhm !== null && r.maxOhm !== t.maxOhm) at('lps', r.row, 'maxOhm', -12009, r.maxOhm);
        ({ minOhm, maxOhm } = t);
        templateId = t.id;
      }
      const stored = await m
        .getRepository(LpsMeasurement)
        .createQueryBuilder('x')
        .where('x.inspectionId = :i AND x.bladePosition = :b AND lower(x.receptorId) = lower(:r) AND x.side = :s', {
          i: insp.id,
          b: r.bladePosition,
          r: r.receptorId,
          s: r.side,
        })
        .getExists();
      if (stored) at('lps', r.row, 'receptorId', 'DUPLICATE_VALUES', r.receptorId);
      rows.push(
        m.create(LpsMeasurement, {
          inspectionId: insp.id,
          bladePosition: r.bladePosition,
          receptorId: r.receptorId,
          side: r.side,
          ohm: r.ohm,
          openCircuit: r.openCircuit,
          minOhm,
          maxOhm,
          ringCount: r.ringCount,
          templateId,
        }),
      );
    }
    if (refused()) return { created: 0, inspectionIds: [] };
    await m.save(rows);
    const byId = new Map([...inspections.values()].filter((i): i is Inspection => !!i && i !== 'many').map((i) => [i.id, i]));
    const touched = [...new Set(rows.map((x) => x.inspectionId))].map((id) => byId.get(id)!);
    for (const insp of touched) await announceLps(m, this.events, insp, p.userId ?? 'import');
    return { created: rows.length, inspectionIds: touched.map((i) => i.id) };
  }

  private async templates(m: EntityManager, p: Templates, at: At, refused: () => boolean): Promise<{ created: number; inspectionIds: string[] }> {
    for (const it of p.items) {
      const exists = await m
        .getRepository(TemplateItem)
        .createQueryBuilder('t')
        .where('t.customerId = :c AND t.kind = :k AND lower(t.name) = lower(:n)', { c: p.customerId, k: it.kind, n: it.name })
        .getExists();
      if (exists) at('defectTemplate', it.row, 'name', -20001, it.name);
    }
    for (const t of p.lpsTemplates) {
      const exists = await m
        .getRepository(LpsTemplate)
        .createQueryBuilder('t')
        .where('t.customerId = :c AND lower(t.name) = lower(:n)', { c: p.customerId, n: t.name })
        .getExists();
      if (exists) at('lpsTemplates', t.row, 'name', -20001, t.name);
    }
    if (refused()) return { created: 0, inspectionIds: [] };
    await m.save(p.items.map((it) => m.create(TemplateItem, { customerId: p.customerId, kind: it.kind, name: it.name, level: it.level })));
    await m.save(p.lpsTemplates.map((t) => m.create(LpsTemplate, { customerId: p.customerId, name: t.name, minOhm: t.minOhm, maxOhm: t.maxOhm })));
    if (p.items.length) await announceDefectTemplate(m, this.events, p.customerId, p.userId ?? undefined);
    return { created: p.items.length + p.lpsTemplates.length, inspectionIds: [] };
  }
}

type At = (sheetKey: string, row: number, column: string, code: number | string, value: unknown, params?: Record<string, string | number>) => void;

/** Findings were recorded: roll the savepoint back. */
class Refused extends Error {}
