import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import {
  AppError,
  EventTypes,
  ProjectType,
  Rights,
  canChangeProjectStatus,
  projectTypeOfSubType,
  type ProjectStatusCode,
  type ProjectSubType,
} from '@windward/contracts';
import {
  EventPublisher,
  SERVICE_CONFIG,
  assertLicensedTurbines,
  canSeeCustomer,
  canSeePark,
  parsePage,
  uniqueAsConflict,
  type AuthUser,
  type ServiceConfig,
} from '@windward/service-kit';
import { InspectionCampaign } from '../campaigns/campaign.entity.js';
import { DprTemplate } from '../dpr/dpr-template.entity.js';
import { RefsRepository } from '../refs/refs.repository.js';
import { Project } from './project.entity.js';
import { projectPayload } from './project.events.js';
import { PROJECT_SORT, ProjectListRepository, projectExtras, type ProjectExtras, type ProjectRow } from './project-list.repository.js';
import { canSeeProject, loadVisibleProject } from './project-scope.js';
import type { ProjectListQuery, ProjectStatusDto, ProjectSummaryQuery, SaveProjectDto } from './project.dto.js';
import type { ProjectPage, ProjectSummaryView, ProjectView } from './project.view.js';

/** A project's view from its row and its extras (none yet: a project being created). */
function presentProject(p: ProjectRow, e: ProjectExtras | undefined): ProjectView {
  const windFarms = p.windParkIds.map((id, i) => ({ id, name: e?.parkNames[i] ?? '' }));
  return {
    projectId: p.id,
    projectName: p.name,
    projectType: p.projectType,
    subType: p.subType,
    serviceType: p.serviceType,
    projectStatusType: p.status,
    operation: p.operation,
    operationProjectId: p.operationProjectId,
    affiliatedProjectIds: e?.affiliated ?? [],
    customerId: p.customerId,
    customerName: e?.customerName ?? null,
    organizationId: p.organizationId,
    organizationName: e?.organizationName ?? null,
    windFarmIds: p.windParkIds,
    windFarmName: windFarms.map((w) => w.name).join(', '),
    windFarms,
    internalTurbineIds: p.internalTurbineIds,
    externalTurbineIds: p.externalTurbineIds,
    completedCount: e?.completed ?? 0,
    processingCount: e?.processing ?? 0,
    plannedVolume: p.plannedVolume,
    operators: p.operators,
    projectStartTime: p.startTime,
    projectCompleteTime: p.endTime,
    projectUpdatedTime: p.updatedAt,
    defectTemplateId: p.defectTemplateId,
    dprTemplateId: p.dprTemplateId,
  };
}

const invalid = (field: string, reason: string) =>
  new AppError('VALIDATION_FAILED', { details: [{ field, constraints: { rule: reason } }] });
const hasRepeats = (ids: string[]) => new Set(ids).size !== ids.length;

@Injectable()
export class ProjectsService {
  private readonly s: string;

  constructor(
    private readonly ds: DataSource,
    private readonly events: EventPublisher,
    private readonly listRows: ProjectListRepository,
    @Inject(SERVICE_CONFIG) cfg: ServiceConfig,
  ) {
    this.s = `"${cfg.schema}"`;
  }

  refs(m: EntityManager = this.ds.manager) {
    return new RefsRepository(m, this.s);
  }

  async list(user: AuthUser, q: ProjectListQuery): Promise<ProjectPage> {
    const page = parsePage(q, Object.keys(PROJECT_SORT), { sortField: 'projectUpdatedTime', descending: true });
    const { rows, ...count } = await this.listRows.page(this.ds.manager, user, q, page);
    return { results: rows.map((p) => presentProject(p, p)), ...count };
  }

  async get(user: AuthUser, id: string): Promise<ProjectView> {
    const p = await loadVisibleProject(this.ds.manager, user, id);
    return (await this.present(this.ds.manager, [p]))[0]!;
  }

  async create(user: AuthUser, dto: SaveProjectDto): Promise<ProjectView> {
    return this.ds.transaction(async (m) => {
      const p = m.create(Project, { status: 1, operation: dto.operation ?? false, operationProjectId: null });
      await this.apply(m, user, p, dto, null);
      await this.events.publish(m, EventTypes.DeliveryProjectCreated, p.id, await projectPayload(m, p), user.userId);
      return (await this.present(m, [p]))[0]!;
    });
  }

  async update(user: AuthUser, id: string, dto: SaveProjectDto): Promise<ProjectView> {
    return this.ds.transaction(async (m) => {
      const p = await loadVisibleProject(m, user, id, true);
      const before = { ...p };
      await this.apply(m, user, p, dto, before);
      await this.events.publish(m, EventTypes.DeliveryProjectUpdated, p.id, await projectPayload(m, p), user.userId);
      return (await this.present(m, [p]))[0]!;
    });
  }

  /** Only a pending project that no O&M project holds can be deleted. */
  async remove(user: AuthUser, id: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      const p = await loadVisibleProject(m, user, id, true);
      this.assertMayEdit(user, p.operation);
      if (p.operationProjectId) throw new AppError('ASSOCIATED_TO_OM_CANNOT_DELETE');
      if (p.status !== 1) throw new AppError(-6004);
      const campaigns = await m.find(InspectionCampaign, { where: { projectId: id } });
      await m.delete(Project, { id });
      // Its campaigns go with it: task-flow hears that they stopped.
      for (const c of campaigns) {
        await this.events.publish(
          m,
          EventTypes.DeliveryCampaignUpdated,
          c.id,
          { campaignId: c.id, name: c.name, projectId: null, projectType: p.projectType, status: c.status, active: false },
          user.userId,
        );
      }
      await this.events.publish(m, EventTypes.DeliveryProjectDeleted, id, { id }, user.userId);
    });
  }

  /** pending → processing → completed, never back; an O&M project closes after its campaigns unless forced (-6006). */
  async changeStatus(user: AuthUser, id: string, dto: ProjectStatusDto): Promise<ProjectView> {
    return this.ds.transaction(async (m) => {
      const p = await loadVisibleProject(m, user, id, true);
      if (p.operation ? !user.rights.includes(Rights.OPERATION_PROJECT_OPERATE) : !user.rights.includes(Rights.PROJECT_CENTER_EDIT)) {
        throw new AppError('NO_ACCESS_RIGHTS');
      }
      const to = dto.projectStatusType as ProjectStatusCode;
      if (!canChangeProjectStatus(p.status as ProjectStatusCode, to)) throw new AppError('PROJECT_STATUS_CANNOT_GO_BACK');
      if (p.status === to) return (await this.present(m, [p]))[0]!;
      if (p.operation && to === 3 && !dto.force) {
        const unfinished = await m
          .createQueryBuilder(InspectionCampaign, 'c')
          .innerJoin(Project, 'p', 'p.id = c.projectId')
          .where('(p.id = :id OR p.operationProjectId = :id) AND c.active AND c.status <> 3', { id })
          .getExists();
        if (unfinished) throw new AppError(-6006);
      }
      p.status = to;
      await m.save(p);
      await this.events.publish(m, EventTypes.DeliveryProjectStatusChanged, p.id, await projectPayload(m, p), user.userId);
      return (await this.present(m, [p]))[0]!;
    });
  }

  async summary(user: AuthUser, id: string, q: ProjectSummaryQuery): Promise<ProjectSummaryView> {
    const m = this.ds.manager;
    const p = await loadVisibleProject(m, user, id);
    const refs = this.refs(m);
    const subtype = q.inspectionSubtype ?? 0;
    const listed =
      subtype === 1
        ? p.externalTurbineIds
        : subtype === 2
          ? p.internalTurbineIds
          : [...new Set([...p.externalTurbineIds, ...p.internalTurbineIds])];
    const parks = await refs.parks(p.windParkIds);
    const inspected = await refs.inspections({
      parkIds: p.windParkIds,
      turbineIds: listed,
      from: p.startTime,
      to: p.endTime,
      ...(q.inspectionType !== undefined ? { componentType: q.inspectionType } : {}),
      ...(q.inspectionDataConfigId ? { inspectionDataConfigId: q.inspectionDataConfigId } : {}),
    });
    const listedTurbines = await refs.turbines(listed);
    const windFarms = [];
    for (const park of parks) {
      const turbineCount = listed.length
        ? listedTurbines.filter((t) => t.parkId === park.id).length
        : await refs.turbineCountOfParks([park.id]);
      windFarms.push({
        windFarmId: park.id,
        windFarmName: park.name,
        turbineCount,
        inspectedTurbineCount: inspected.filter((i) => i.parkId === park.id).length,
      });
    }
    const campaigns = await m.find(InspectionCampaign, { where: { projectId: id } });
    const customer = p.customerId ? await refs.customer(p.customerId) : undefined;
    return {
      projectId: p.id,
      projectName: p.name,
      projectType: p.projectType,
      subType: p.subType,
      projectStatusType: p.status,
      customerName: customer?.name ?? null,
      inspectionSubtype: subtype,
      inspectionType: q.inspectionType ?? null,
      inspectionDataConfigId: q.inspectionDataConfigId ?? null,
      turbineCount: windFarms.reduce((n, w) => n + w.turbineCount, 0),
      inspectedTurbineCount: inspected.length,
      inspectionCount: inspected.reduce((n, i) => n + i.inspections, 0),
      campaignCount: campaigns.length,
      activeCampaignCount: campaigns.filter((c) => c.active).length,
      windFarms,
      projectStartTime: p.startTime,
      projectCompleteTime: p.endTime,
    };
  }

  private assertMayEdit(user: AuthUser, operation: boolean) {
    const right = operation ? Rights.OPERATION_PROJECT_EDIT : Rights.PROJECT_CENTER_EDIT;
    if (!user.rights.includes(right)) throw new AppError('NO_ACCESS_RIGHTS');
  }

  /** Every rule of SPEC §4/§5 for a project's fields, then the write. `before` is null on create. */
  private async apply(m: EntityManager, user: AuthUser, p: Project, dto: SaveProjectDto, before: Project | null): Promise<void> {
    const operation = before ? before.operation : (dto.operation ?? false);
    this.assertMayEdit(user, operation);
    if (before && dto.operation !== undefined && dto.operation !== before.operation) throw invalid('operation', 'fixed at creation');

    // Type: the sub-type fixes it (SPEC §3 mapping).
    const subType = dto.subType ?? null;
    let projectType = dto.projectType;
    if (subType !== null) {
      const mapped = projectTypeOfSubType(subType as ProjectSubType);
      if (projectType !== undefined && projectType !== mapped)
        throw invalid('subType', `sub-type ${subType} belongs to project type ${mapped}`);
      projectType = mapped;
    }
    if (projectType === undefined) throw invalid('projectType', 'required without a sub-type');

    // A project an O&M project holds is frozen (SPEC §4).
    if (before?.operationProjectId) {
      if (projectType !== before.projectType) throw new AppError('PROJECT_TYPE_CANNOT_BE_MODIFIED');
      throw new AppError('ASSOCIATED_TO_OM_CANNOT_EDIT');
    }

    const start = dto.projectStartTime ? new Date(dto.projectStartTime) : null;
    const end = dto.projectCompleteTime ? new Date(dto.projectCompleteTime) : null;
    if (start && end && start > end) throw new AppError(-6000);

    const internal = dto.internalTurbineIds ?? [];
    const external = dto.externalTurbineIds ?? [];
    if (hasRepeats(internal)) throw new AppError(-6001);
    if (hasRepeats(external)) throw new AppError(-6002);

    // Parks, customer and turbines from the read copies, within the caller's scope.
    const refs = this.refs(m);
    const parkIds = [...new Set(dto.windFarmIds)];
    const parks = await refs.parks(parkIds);
    if (parks.length !== parkIds.length || parks.some((k) => !canSeePark(user, k.id) || !canSeeCustomer(user, k.customerId))) {
      throw invalid('windFarmIds', 'unknown wind park');
    }
    let customerId = dto.customerId ?? null;
    if (!customerId && parks.length) {
      const owners = new Set(parks.map((k) => k.customerId));
      if (owners.size === 1) customerId = parks[0]!.customerId;
    }
    const customer = customerId ? await refs.customer(customerId) : undefined;
    if (customerId && (!customer || !canSeeCustomer(user, customerId))) throw invalid('customerId', 'unknown customer');
    if (customerId && parks.some((k) => k.customerId !== customerId)) throw invalid('windFarmIds', 'a wind park of another customer');
    if (!customerId && user.customerIds !== null) throw invalid('customerId', 'required');
    for (const [field, ids] of [
      ['internalTurbineIds', internal],
      ['externalTurbineIds', external],
    ] as const) {
      const found = await refs.turbines(ids);
      if (found.length !== ids.length || found.some((t) => !parkIds.includes(t.parkId)))
        throw invalid(field, "a turbine outside the project's wind parks");
    }

    // Manual projects respect the licence's turbine quota and the customer's (SPEC §5, docs/licence.md).
    if (projectType === ProjectType.MANUAL) {
      const listed = new Set([...internal, ...external]).size;
      const count = async () => listed || (await refs.turbineCountOfParks(parkIds));
      await assertLicensedTurbines(m, count);
      if (customer?.maxTurbines != null && (await count()) > customer.maxTurbines) throw new AppError('TURBINE_LIMIT_EXCEEDED');
    }

    // A project with inspection data keeps its defect template.
    const defectTemplateId = dto.defectTemplateId === undefined ? (before?.defectTemplateId ?? null) : dto.defectTemplateId;
    if (before && before.defectTemplateId && defectTemplateId !== before.defectTemplateId) {
      const data = await refs.inspections({
        parkIds: before.windParkIds,
        turbineIds: [...before.internalTurbineIds, ...before.externalTurbineIds],
        from: before.startTime,
        to: before.endTime,
      });
      if (data.length) throw new AppError('PROJECT_HAS_INSPECTION_DATA');
    }
    const dprTemplateId = dto.dprTemplateId ?? null;
    if (dprTemplateId && !(await m.findOne(DprTemplate, { where: { id: dprTemplateId }, lock: { mode: 'pessimistic_read' } }))) {
      throw invalid('dprTemplateId', 'unknown DPR template');
    }

    const name = dto.projectName.trim();
    if (operation) {
      const same = await m
        .createQueryBuilder(Project, 'p')
        .where('p.operation AND lower(p.name) = lower(:name)', { name })
        .andWhere(before ? 'p.id <> :id' : 'TRUE', { id: before?.id })
        .getExists();
      if (same) throw new AppError(-6008);
    } else if (dto.affiliatedProjectIds?.length) {
      throw invalid('affiliatedProjectIds', 'only O&M projects hold projects');
    }

    Object.assign(p, {
      name,
      projectType,
      subType,
      serviceType: dto.serviceType ?? null,
      customerId,
      organizationId: dto.organizationId ?? customer?.organizationId ?? null,
      windParkIds: parkIds,
      internalTurbineIds: internal,
      externalTurbineIds: external,
      operators: (dto.operators ?? []).map((o) => ({ id: o.id, name: o.name.trim() })),
      plannedVolume: dto.plannedVolume ?? null,
      startTime: start,
      endTime: end,
      defectTemplateId,
      dprTemplateId,
    });
    await uniqueAsConflict(() => m.save(p), { project_operation_name_uq: -6008 });
    if (operation && dto.affiliatedProjectIds !== undefined) await this.affiliate(m, user, p, dto.affiliatedProjectIds);
  }

  /** An O&M project holds inspection projects of its own parks (-6003), each held by one O&M project only (-6005). */
  private async affiliate(m: EntityManager, user: AuthUser, om: Project, ids: string[]): Promise<void> {
    const wanted = [...new Set(ids)];
    const projects = wanted.length ? await m.find(Project, { where: { id: In(wanted) }, lock: { mode: 'pessimistic_write' } }) : [];
    if (projects.length !== wanted.length || projects.some((x) => x.operation || !canSeeProject(user, x))) {
      throw invalid('affiliatedProjectIds', 'unknown inspection project');
    }
    for (const x of projects) {
      if (x.operationProjectId && x.operationProjectId !== om.id) throw new AppError(-6005);
      if (x.windParkIds.some((park) => !om.windParkIds.includes(park))) throw new AppError(-6003);
    }
    await m
      .createQueryBuilder()
      .update(Project)
      .set({ operationProjectId: null })
      .where('operationProjectId = :id', { id: om.id })
      .andWhere(wanted.length ? 'id <> ALL(:wanted)' : 'TRUE', { wanted })
      .execute();
    if (wanted.length) await m.update(Project, { id: In(wanted) }, { operationProjectId: om.id });
  }

  async present(m: EntityManager, rows: Project[]): Promise<ProjectView[]> {
    if (!rows.length) return [];
    const extras: (ProjectExtras & { id: string })[] = await m.query(`SELECT p.id, ${projectExtras(this.s, 'p')} FROM ${this.s}.project p WHERE p.id = ANY($1::uuid[])`, [
      rows.map((r) => r.id),
    ]);
    const extraOf = new Map(extras.map((e) => [e.id, e]));
    return rows.map((p) => presentProject(p, extraOf.get(p.id)));
  }
}
