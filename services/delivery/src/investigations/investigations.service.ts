import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, InvestigationStatus, canChangeInvestigationStatus } from '@windward/contracts';
import { SERVICE_CONFIG, canSeePark, isUniqueViolation, parsePage, type AuthUser, type ServiceConfig } from '@windward/service-kit';
import type { AddInvestigationDefectsDto, CreateInvestigationDto, InvestigationDefectsQuery, InvestigationListQuery, InvestigationPoolQuery, InvestigationResultDto } from './investigation.dto.js';
import type {
  InvestigationCampaignPage,
  InvestigationCampaignView,
  InvestigationDefectPage,
  InvestigationDefectView,
  InvestigationParkView,
  PoolDefectPage,
} from './investigation.view.js';

/** Sortable columns of a campaign's defects. */
const DEFECT_SORT = {
  defectNo: 'd.defect_no',
  turbineName: 't.name',
  bladePosition: 'd.blade_position',
  defectType: 'd.defect_type',
  severity: 'd.severity',
  result: 'x.result',
} as const;

/**
 * Investigations (SPEC §2 /inspection/investigation): the pool of inspection's defects not yet in a
 * campaign, investigation campaigns of one park with statuses 1..3, a defect in one campaign only.
 */
@Injectable()
export class InvestigationsService {
  private readonly s: string;

  constructor(
    private readonly ds: DataSource,
    @Inject(SERVICE_CONFIG) cfg: ServiceConfig,
  ) {
    this.s = `"${cfg.schema}"`;
  }

  /** Parks in the caller's scope ($n = uuid[] or null for every park). */
  private scope(user: AuthUser): string[] | null {
    return user.parkIds;
  }

  async pool(user: AuthUser, q: InvestigationPoolQuery): Promise<PoolDefectPage> {
    const page = parsePage(q, ['severity'], { sortField: 'severity', descending: true });
    const where = `FROM ${this.s}.defect_ref d JOIN ${this.s}.inspection_ref i ON i.inspection_id = d.inspection_id
      JOIN ${this.s}.park_ref p ON p.wind_farm_id = i.wind_farm_id
      LEFT JOIN ${this.s}.turbine_ref t ON t.turbine_id = i.turbine_id
      WHERE NOT d.deleted AND NOT EXISTS (SELECT 1 FROM ${this.s}.investigation_defect x WHERE x.defect_id = d.defect_id)
        AND ($1::uuid IS NULL OR i.wind_farm_id = $1) AND ($2::uuid[] IS NULL OR i.wind_farm_id = ANY($2::uuid[]))
        AND ($3::uuid[] IS NULL OR p.customer_id = ANY($3::uuid[]))`;
    const params = [q.windFarmId ?? null, this.scope(user), user.customerIds];
    const [{ n }] = await this.ds.query(`SELECT count(*)::int AS n ${where}`, params);
    const results = await this.ds.query(
      `SELECT d.defect_id AS "defectId", d.inspection_id AS "inspectionId", i.turbine_id AS "turbineId", t.name AS "turbineName",
              i.wind_farm_id AS "windFarmId", d.severity ${where}
       ORDER BY d.severity ${page.descending ? 'DESC' : 'ASC'} NULLS LAST, d.defect_id LIMIT ${page.take} OFFSET ${page.skip}`,
      params,
    );
    return { results, totalCount: n };
  }

  async list(user: AuthUser, q: InvestigationListQuery): Promise<InvestigationCampaignPage> {
    const page = parsePage(q, ['name', 'updatedAt', 'status'], { sortField: 'updatedAt', descending: true });
    const col = { name: 'c.name', updatedAt: 'c.updated_at', status: 'c.status' }[page.sortField as 'name'];
    const params = [q.windFarmId ?? null, this.scope(user), user.customerIds];
    const where = `WHERE ($1::uuid IS NULL OR c.wind_farm_id = $1) AND ($2::uuid[] IS NULL OR c.wind_farm_id = ANY($2::uuid[]))
      AND ($3::uuid[] IS NULL OR p.customer_id = ANY($3::uuid[]))`;
    const [{ n }] = await this.ds.query(`SELECT count(*)::int AS n FROM ${this.s}.investigation_campaign c LEFT JOIN ${this.s}.park_ref p ON p.wind_farm_id = c.wind_farm_id ${where}`, params);
    const rows = await this.rows(this.ds.manager, `${where} ORDER BY ${col} ${page.descending ? 'DESC' : 'ASC'}, c.id LIMIT ${page.take} OFFSET ${page.skip}`, params);
    return { results: rows, totalCount: n };
  }

  async get(user: AuthUser, id: string): Promise<InvestigationCampaignView> {
    return this.ds.transaction((m) => this.load(m, user, id, false));
  }

  async defects(user: AuthUser, id: string, q: InvestigationDefectsQuery): Promise<InvestigationDefectPage> {
    const page = parsePage(q, Object.keys(DEFECT_SORT), { sortField: 'severity', descending: true });
    await this.get(user, id);
    const [{ n }] = await this.ds.query(`SELECT count(*)::int AS n FROM ${this.s}.investigation_defect WHERE campaign_id = $1`, [id]);
    const results = await this.defectRows(
      this.ds.manager,
      `WHERE x.campaign_id = $1 ORDER BY ${DEFECT_SORT[page.sortField as keyof typeof DEFECT_SORT]} ${page.descending ? 'DESC' : 'ASC'} NULLS LAST, x.defect_id
       LIMIT ${page.take} OFFSET ${page.skip}`,
      [id],
    );
    return { results, totalCount: n };
  }

  /** Outcomes are recorded while the campaign is under investigation (not before it starts, not once it is investigated). */
  async setResult(user: AuthUser, id: string, defectId: string, dto: InvestigationResultDto): Promise<InvestigationDefectView> {
    return this.ds.transaction(async (m) => {
      const c = await this.load(m, user, id);
      if (!c.defectIds.includes(defectId)) throw new AppError('NOT_FOUND');
      if (c.status !== InvestigationStatus.UNDER_INVESTIGATION) throw new AppError('INVESTIGATION_RESULT_NOT_EDITABLE');
      const notes = dto.notes === undefined ? undefined : dto.notes?.trim() || null;
      await m.query(
        `UPDATE ${this.s}.investigation_defect SET
           result = CASE WHEN $3 THEN $4::int ELSE result END,
           notes = CASE WHEN $5 THEN $6::text ELSE notes END,
           result_by = $7, result_at = now()
         WHERE defect_id = $1 AND campaign_id = $2`,
        [defectId, id, dto.result !== undefined, dto.result ?? null, notes !== undefined, notes ?? null, user.userId],
      );
      await m.query(`UPDATE ${this.s}.investigation_campaign SET updated_at = now() WHERE id = $1`, [id]);
      const [row] = await this.defectRows(m, 'WHERE x.defect_id = $1', [defectId]);
      return row!;
    });
  }

  async create(user: AuthUser, dto: CreateInvestigationDto): Promise<InvestigationCampaignView> {
    return this.ds.transaction(async (m) => {
      await this.assertPark(m, user, dto.windFarmId);
      const name = dto.name.trim();
      const [same] = await m.query(`SELECT 1 FROM ${this.s}.investigation_campaign WHERE lower(name) = lower($1)`, [name]);
      if (same) throw new AppError('SAME_CAMPAIGN_NAME_EXISTS');
      const [row] = await m.query(`INSERT INTO ${this.s}.investigation_campaign (name, wind_farm_id) VALUES ($1, $2) RETURNING id`, [name, dto.windFarmId]);
      await this.addDefects(m, row.id, dto.windFarmId, dto.defectIds);
      return this.one(m, row.id);
    });
  }

  async add(user: AuthUser, id: string, dto: AddInvestigationDefectsDto): Promise<InvestigationCampaignView> {
    return this.ds.transaction(async (m) => {
      const c = await this.load(m, user, id);
      await this.addDefects(m, id, c.windFarmId, dto.defectIds);
      await m.query(`UPDATE ${this.s}.investigation_campaign SET updated_at = now() WHERE id = $1`, [id]);
      return this.one(m, id);
    });
  }

  /** Once the campaign started, its defects stay. */
  async removeDefect(user: AuthUser, id: string, defectId: string): Promise<InvestigationCampaignView> {
    return this.ds.transaction(async (m) => {
      const c = await this.load(m, user, id);
      if (!c.defectIds.includes(defectId)) throw new AppError('NOT_FOUND');
      if (c.status !== 1) throw new AppError('DEFECT_IN_INVESTIGATION_CANNOT_BE_REMOVED');
      await m.query(`DELETE FROM ${this.s}.investigation_defect WHERE defect_id = $1 AND campaign_id = $2`, [defectId, id]);
      return this.one(m, id);
    });
  }

  /** A completed (investigated) campaign cannot return to ongoing (SPEC §4). */
  async changeStatus(user: AuthUser, id: string, status: number): Promise<InvestigationCampaignView> {
    return this.ds.transaction(async (m) => {
      const c = await this.load(m, user, id);
      if (!canChangeInvestigationStatus(c.status as InvestigationStatus, status as InvestigationStatus)) throw new AppError('CAMPAIGN_STATUS_CANNOT_GO_BACK');
      if (c.status === status) return c;
      // started_at: the first time it went under investigation; completed_at: when it was investigated.
      await m.query(
        `UPDATE ${this.s}.investigation_campaign SET status = $2, updated_at = now(),
           started_at = CASE WHEN $2 >= 2 THEN coalesce(started_at, now()) ELSE started_at END,
           completed_at = CASE WHEN $2 = 3 THEN now() ELSE NULL END
         WHERE id = $1`,
        [id, status],
      );
      return this.one(m, id);
    });
  }

  async remove(user: AuthUser, id: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      const c = await this.load(m, user, id);
      if (c.status !== 1) throw new AppError('STARTED_INVESTIGATION_CAMPAIGN_CANNOT_BE_DELETED');
      await m.query(`DELETE FROM ${this.s}.investigation_campaign WHERE id = $1`, [id]);
    });
  }

  /** SPEC §7 `GET /gw/project/api/v2/investigation/plan/windParks`. */
  async parks(user: AuthUser): Promise<InvestigationParkView[]> {
    return this.ds.query(
      `SELECT p.wind_farm_id AS "windFarmId", p.name AS "windFarmName",
         (SELECT count(*)::int FROM ${this.s}.defect_ref d JOIN ${this.s}.inspection_ref i ON i.inspection_id = d.inspection_id
           WHERE i.wind_farm_id = p.wind_farm_id AND NOT d.deleted
             AND NOT EXISTS (SELECT 1 FROM ${this.s}.investigation_defect x WHERE x.defect_id = d.defect_id)) AS "poolDefectCount",
         (SELECT count(*)::int FROM ${this.s}.investigation_campaign c WHERE c.wind_farm_id = p.wind_farm_id) AS "campaignCount"
       FROM ${this.s}.park_ref p
       WHERE ($1::uuid[] IS NULL OR p.wind_farm_id = ANY($1::uuid[])) AND ($2::uuid[] IS NULL OR p.customer_id = ANY($2::uuid[]))
       ORDER BY p.name`,
      [this.scope(user), user.customerIds],
    ).then((rows: InvestigationParkView[]) => rows.filter((r) => r.poolDefectCount > 0 || r.campaignCount > 0));
  }

  private async assertPark(m: EntityManager, user: AuthUser, parkId: string) {
    const [p] = await m.query(`SELECT customer_id FROM ${this.s}.park_ref WHERE wind_farm_id = $1`, [parkId]);
    if (!p || !canSeePark(user, parkId) || (user.customerIds !== null && !user.customerIds.includes(p.customer_id))) {
      throw new AppError('VALIDATION_FAILED', { details: [{ field: 'windFarmId', constraints: { rule: 'unknown wind park' } }] });
    }
  }

  /** Defects must be the park's; one already in another campaign refuses the whole request. */
  private async addDefects(m: EntityManager, campaignId: string, parkId: string, ids: string[]) {
    const wanted = [...new Set(ids)];
    if (!wanted.length) return;
    const found: { id: string; campaign: string | null }[] = await m.query(
      `SELECT d.defect_id AS id, x.campaign_id AS campaign FROM ${this.s}.defect_ref d JOIN ${this.s}.inspection_ref i ON i.inspection_id = d.inspection_id
       LEFT JOIN ${this.s}.investigation_defect x ON x.defect_id = d.defect_id
       WHERE d.defect_id = ANY($1::uuid[]) AND NOT d.deleted AND i.wind_farm_id = $2`,
      [wanted, parkId],
    );
    if (found.length !== wanted.length) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'defectIds', constraints: { rule: "not a defect of the campaign's park" } }] });
    if (found.some((f) => f.campaign && f.campaign !== campaignId)) throw new AppError('DEFECTS_IN_OTHER_INVESTIGATION_CAMPAIGN');
    try {
      await m.query(
        `INSERT INTO ${this.s}.investigation_defect (defect_id, campaign_id) SELECT unnest($1::uuid[]), $2 ON CONFLICT (defect_id) DO NOTHING`,
        [found.filter((f) => !f.campaign).map((f) => f.id), campaignId],
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('DEFECTS_IN_OTHER_INVESTIGATION_CAMPAIGN');
      throw err;
    }
  }

  private defectRows(m: EntityManager, tail: string, params: unknown[]): Promise<InvestigationDefectView[]> {
    return m.query(
      `SELECT x.defect_id AS "defectId", d.defect_no AS "defectNo", d.inspection_id AS "inspectionId", i.turbine_id AS "turbineId",
              t.name AS "turbineName", d.blade_position AS "bladePosition", d.defect_type AS "defectType", d.severity,
              x.result, x.notes, x.result_at AS "resultAt"
       FROM ${this.s}.investigation_defect x JOIN ${this.s}.defect_ref d ON d.defect_id = x.defect_id
       LEFT JOIN ${this.s}.inspection_ref i ON i.inspection_id = d.inspection_id
       LEFT JOIN ${this.s}.turbine_ref t ON t.turbine_id = i.turbine_id ${tail}`,
      params,
    );
  }

  private rows(m: EntityManager, tail: string, params: unknown[]): Promise<InvestigationCampaignView[]> {
    return m.query(
      `SELECT c.id AS "campaignId", c.name, c.wind_farm_id AS "windFarmId", p.name AS "windFarmName", c.status, c.updated_at AS "updatedAt",
         c.created_at AS "createdAt", c.started_at AS "startedAt", c.completed_at AS "completedAt",
         (SELECT count(*)::int FROM ${this.s}.investigation_defect x WHERE x.campaign_id = c.id AND x.result IS NOT NULL) AS "resultCount",
         coalesce((SELECT array_agg(x.defect_id ORDER BY x.added_at, x.defect_id) FROM ${this.s}.investigation_defect x WHERE x.campaign_id = c.id), '{}') AS "defectIds"
       FROM ${this.s}.investigation_campaign c LEFT JOIN ${this.s}.park_ref p ON p.wind_farm_id = c.wind_farm_id ${tail}`,
      params,
    );
  }

  private async one(m: EntityManager, id: string): Promise<InvestigationCampaignView> {
    const [row] = await this.rows(m, 'WHERE c.id = $1', [id]);
    return row!;
  }

  private async load(m: EntityManager, user: AuthUser, id: string, lock = true): Promise<InvestigationCampaignView> {
    const [locked] = await m.query(`SELECT wind_farm_id FROM ${this.s}.investigation_campaign WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`, [id]);
    if (!locked || !canSeePark(user, locked.wind_farm_id)) throw new AppError('NOT_FOUND');
    const [p] = await m.query(`SELECT customer_id FROM ${this.s}.park_ref WHERE wind_farm_id = $1`, [locked.wind_farm_id]);
    if (user.customerIds !== null && !(p && user.customerIds.includes(p.customer_id))) throw new AppError('NOT_FOUND');
    return this.one(m, id);
  }
}
