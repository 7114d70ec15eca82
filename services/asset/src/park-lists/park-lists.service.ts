import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, ComponentType, ProjectStatusCode, parkListKindOf, type ParkListKind } from '@windward/contracts';
import type { AuthUser } from '@windward/service-kit';
import { WindPark } from '../plants/wind-park.entity.js';
import { whereParkVisible } from '../plants/park-scope.js';
import { InspectionRef } from '../activity/inspection-ref.entity.js';
import { ProjectRef } from '../projects/project-ref.entity.js';
import { InspectionDataConfig } from './inspection-data-config.entity.js';
import type { CampaignParksQuery, InspectedFarmsQuery } from './park-list.dto.js';
import type { CampaignParkView, InspectedFarmView, InspectionDataConfigView, ParkListEntryView } from './park-list.view.js';

/** Part-1 list → part-2 component type of the inspections that put a park on it. */
const COMPONENT_OF_LIST: Record<ParkListKind, ComponentType> = {
  blade: ComponentType.BLADE_EXTERNAL,
  tower: ComponentType.TOWER,
  foundation: ComponentType.FOUNDATION,
  nacelle: ComponentType.NACELLE,
  bladeInternal: ComponentType.BLADE_INTERNAL,
  lps: ComponentType.LPS,
};

const day = (d: Date | string) => new Date(d).toISOString().slice(0, 10);

/**
 * The park lists of SPEC §7, always within the caller's data scope and only active parks.
 * They feed selectors, so they are whole lists (bounded by scope) sorted by name on the server.
 */
@Injectable()
export class ParkListsService {
  constructor(private readonly ds: DataSource) {}

  private visibleParks(user: AuthUser) {
    const qb = this.ds.getRepository(WindPark).createQueryBuilder('p').where('p.active = true');
    return whereParkVisible(qb, user, 'p.customerId', 'p.id').orderBy('p.name').addOrderBy('p.id').getMany();
  }

  /** Projects covering any of the parks, newest first (so the first match is a park's latest project). */
  private async projectsOf(parkIds: string[]) {
    if (!parkIds.length) return [];
    return this.ds
      .getRepository(ProjectRef)
      .createQueryBuilder('r')
      .where('r.windParkIds && ARRAY[:...parkIds]::uuid[]', { parkIds })
      .orderBy('r.createdAt', 'DESC')
      .addOrderBy('r.projectId')
      .getMany();
  }

  private async lastInspections(parkIds: string[], components?: number[], configId?: string, configComponent?: number) {
    if (!parkIds.length) return new Map<string, Date>();
    const qb = this.ds
      .getRepository(InspectionRef)
      .createQueryBuilder('i')
      .select('i.windParkId', 'id')
      .addSelect('max(i.inspectionDate)', 'at')
      .where('i.windParkId IN (:...parkIds)', { parkIds });
    if (components) qb.andWhere('i.componentType IN (:...components)', { components });
    // Inspections without a recorded config use their component's default config.
    if (configId) {
      qb.andWhere('(i.inspectionDataConfigId = :configId OR (i.inspectionDataConfigId IS NULL AND i.componentType = :configComponent))', {
        configId,
        configComponent,
      });
    }
    const rows = (await qb.groupBy('i.windParkId').getRawMany()) as { id: string; at: Date }[];
    return new Map(rows.map((r) => [r.id, new Date(r.at)]));
  }

  private entry(p: WindPark, project: ProjectRef | undefined, last: Date | undefined): ParkListEntryView {
    return {
      id: p.id,
      windFarmId: p.id,
      windFarmName: p.name,
      customerId: p.customerId,
      projectId: project?.projectId ?? null,
      projectName: project?.name ?? null,
      lastInspectionTime: last ?? null,
      latitude: p.latitude,
      longitude: p.longitude,
    };
  }

  /** Parks with at least one project that is not completed. */
  async permittedProjectFarms(user: AuthUser): Promise<ParkListEntryView[]> {
    const parks = await this.visibleParks(user);
    const projects = (await this.projectsOf(parks.map((p) => p.id))).filter((r) => r.status !== ProjectStatusCode.COMPLETED);
    const last = await this.lastInspections(parks.map((p) => p.id));
    return parks.flatMap((p) => {
      const project = projects.find((r) => r.windParkIds.includes(p.id));
      return project ? [this.entry(p, project, last.get(p.id))] : [];
    });
  }

  /** Every active park in scope, with its latest project when it has one. */
  async allPermittedProjectFarms(user: AuthUser): Promise<ParkListEntryView[]> {
    const parks = await this.visibleParks(user);
    const projects = await this.projectsOf(parks.map((p) => p.id));
    const last = await this.lastInspections(parks.map((p) => p.id));
    return parks.map((p) =>
      this.entry(
        p,
        projects.find((r) => r.windParkIds.includes(p.id)),
        last.get(p.id),
      ),
    );
  }

  /**
   * Parks inspected for a component (part-1 coding: 1 blade, 2 tower, 3 foundation, 4 nacelle,
   * 5 blade internal, anything else LPS), optionally for one inspection data config.
   */
  async inspectedFarms(user: AuthUser, q: InspectedFarmsQuery): Promise<InspectedFarmView[]> {
    const codes = q.componentTypes ?? q.componentType ?? [];
    const kinds = codes.length ? [...new Set(codes.map((c) => parkListKindOf(Number(c))))] : [parkListKindOf(undefined)];
    const components = kinds.map((k) => COMPONENT_OF_LIST[k]);
    let config: InspectionDataConfig | null = null;
    if (q.inspectionDataConfigId) {
      config = await this.ds.getRepository(InspectionDataConfig).findOne({ where: { id: q.inspectionDataConfigId } });
      if (!config) throw new AppError('NOT_FOUND');
    }
    const parks = await this.visibleParks(user);
    const ids = parks.map((p) => p.id);
    const last = await this.lastInspections(ids, components, config?.id, config?.componentType);
    const projects = await this.projectsOf(ids);
    return parks
      .filter((p) => last.has(p.id))
      .map((p) => {
        const at = last.get(p.id)!;
        return {
          ...this.entry(
            p,
            projects.find((r) => r.windParkIds.includes(p.id)),
            at,
          ),
          inspectionLabel: `${p.name} (${day(at)})`,
        };
      });
  }

  /** Parks of projects that hold campaigns (optionally of one campaign type). */
  async permittedCampaignParks(user: AuthUser, q: CampaignParksQuery): Promise<CampaignParkView[]> {
    const type = q.campaignType ?? null;
    const parks = await this.visibleParks(user);
    const projects = (await this.projectsOf(parks.map((p) => p.id))).filter((r) =>
      type === null ? r.campaignTypes.length > 0 : r.campaignTypes.includes(type),
    );
    const last = await this.lastInspections(parks.map((p) => p.id));
    return parks.flatMap((p) => {
      const project = projects.find((r) => r.windParkIds.includes(p.id));
      return project ? [{ ...this.entry(p, project, last.get(p.id)), campaignTypes: project.campaignTypes }] : [];
    });
  }

  /** Parks covered by an O&M (operation) project. */
  async permittedOperationProjectParks(user: AuthUser): Promise<ParkListEntryView[]> {
    const parks = await this.visibleParks(user);
    const projects = (await this.projectsOf(parks.map((p) => p.id))).filter((r) => r.operation);
    const last = await this.lastInspections(parks.map((p) => p.id));
    return parks.flatMap((p) => {
      const project = projects.find((r) => r.windParkIds.includes(p.id));
      return project ? [this.entry(p, project, last.get(p.id))] : [];
    });
  }

  async inspectionDataConfigs(): Promise<InspectionDataConfigView[]> {
    const rows = await this.ds.getRepository(InspectionDataConfig).find({ order: { sort: 'ASC' } });
    return rows.map((c) => ({ id: c.id, name: c.name, componentType: c.componentType }));
  }
}
