import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { KeptAnswers, SERVICE_CONFIG, parkVersions, type AuthUser, type ServiceConfig } from '@windward/service-kit';
import { Project } from '../projects/project.entity.js';
import { ProjectsService } from '../projects/projects.service.js';
import { EVERY_PARK, PARK_CHANGES } from '../refs/park-changes.js';
import { ProgressRepository } from './progress.repository.js';
import type { ProgressQuery } from './progress.dto.js';
import type { ProjectProgressPage, ProjectProgressView } from './progress.view.js';

/** A project's figures on the dashboard (its name, customer and status are read with the page). */
type ProjectFigures = Pick<ProjectProgressView, 'turbinesPlanned' | 'turbinesInspected' | 'stages' | 'dpr'>;
/** Projects' figures kept (one per project and version of its parks). */
const KEPT_FIGURES = 500;

/** The progress dashboard: per project, turbines planned and inspected, inspections per completed task stage, approved DPR totals. */
@Injectable()
export class ProgressService {
  private readonly s: string;
  /**
   * A project's figures kept per version of its parks (delivery's park change log: stage
   * announcements, inspections, turbines, reports, the project itself) and its last update: every
   * open dashboard in scope asks again after each push, and those asks share one computation
   * (docs/delivery.md).
   */
  private readonly kept = new KeptAnswers<ProjectFigures>(KEPT_FIGURES);

  constructor(
    private readonly ds: DataSource,
    private readonly projects: ProjectsService,
    @Inject(SERVICE_CONFIG) cfg: ServiceConfig,
  ) {
    this.s = `"${cfg.schema}"`;
  }

  repo(m = this.ds.manager) {
    return new ProgressRepository(m, this.s);
  }

  async list(user: AuthUser, q: ProgressQuery): Promise<ProjectProgressPage> {
    const page = await this.projects.list(user, {
      pageIndex: q.pageIndex,
      pageSize: q.pageSize,
      fieldToSort: 'projectName',
      descending: q.descending ?? false,
      projectStatusType: q.projectStatusType ?? (q.projectId ? undefined : 2),
      ...(q.projectId ? { projectId: q.projectId } : {}),
    });
    const rows = page.results.length ? await this.ds.manager.findBy(Project, { id: In(page.results.map((p) => p.projectId)) }) : [];
    // Versions read before any figure is computed: a change committed meanwhile can only make a kept figure newer than its key.
    const versions = await parkVersions(this.ds.manager, this.s, PARK_CHANGES, [
      EVERY_PARK,
      ...new Set(rows.flatMap((r) => r.windParkIds)),
    ]);
    const results = [];
    for (const v of page.results) {
      const p = rows.find((r) => r.id === v.projectId)!;
      const key = [p.id, p.updatedAt.toISOString(), ...[EVERY_PARK, ...p.windParkIds].map((id) => versions.get(id))].join('|');
      const figures = await this.kept.get(key, () => this.figures(p));
      results.push({ projectId: p.id, projectName: p.name, customerName: v.customerName, projectStatusType: p.status, ...figures });
    }
    return { results, totalCount: page.totalCount };
  }

  private async figures(p: Project): Promise<ProjectFigures> {
    const repo = this.repo();
    const refs = this.projects.refs();
    const listed = [...new Set([...p.externalTurbineIds, ...p.internalTurbineIds])];
    const inspected = await refs.inspections({ parkIds: p.windParkIds, turbineIds: listed, from: p.startTime, to: p.endTime });
    return {
      turbinesPlanned: listed.length || (await refs.turbineCountOfParks(p.windParkIds)),
      turbinesInspected: inspected.length,
      stages: await repo.stageCounts(p.windParkIds, listed, p.startTime, p.endTime),
      dpr: await repo.dprTotals(p.id),
    };
  }
}
