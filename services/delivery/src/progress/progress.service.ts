import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { SERVICE_CONFIG, type AuthUser, type ServiceConfig } from '@windward/service-kit';
import { Project } from '../projects/project.entity.js';
import { ProjectsService } from '../projects/projects.service.js';
import { ProgressRepository } from './progress.repository.js';
import type { ProgressQuery } from './progress.dto.js';
import type { ProjectProgressPage } from './progress.view.js';

/** The progress dashboard: per project, turbines planned and inspected, inspections per completed task stage, approved DPR totals. */
@Injectable()
export class ProgressService {
  private readonly s: string;

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
    const repo = this.repo();
    const refs = this.projects.refs();
    const rows = page.results.length ? await this.ds.manager.findBy(Project, { id: In(page.results.map((p) => p.projectId)) }) : [];
    const results = [];
    for (const v of page.results) {
      const p = rows.find((r) => r.id === v.projectId)!;
      const listed = [...new Set([...p.externalTurbineIds, ...p.internalTurbineIds])];
      const inspected = await refs.inspections({ parkIds: p.windParkIds, turbineIds: listed, from: p.startTime, to: p.endTime });
      results.push({
        projectId: p.id,
        projectName: p.name,
        customerName: v.customerName,
        projectStatusType: p.status,
        turbinesPlanned: listed.length || (await refs.turbineCountOfParks(p.windParkIds)),
        turbinesInspected: inspected.length,
        stages: await repo.stageCounts(p.windParkIds, listed, p.startTime, p.endTime),
        dpr: await repo.dprTotals(p.id),
      });
    }
    return { results, totalCount: page.totalCount };
  }
}
