import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError } from '@windward/contracts';
import { pageRows, parsePage, type AuthUser } from '@windward/service-kit';
import { WindPark } from '../plants/wind-park.entity.js';
import { loadVisiblePark, whereParkVisible } from '../plants/park-scope.js';
import { ProjectRef } from '../projects/project-ref.entity.js';
import { Turbine } from './turbine.entity.js';
import { loadTurbine } from './turbine-scope.js';
import { presentTurbine, presentTurbines, turbineViews } from './turbine.presenter.js';
import { TURBINE_SORT, TurbineListRepository } from './turbine-list.repository.js';
import type { ProjectTurbineListQuery, TurbineListQuery } from './turbine.dto.js';
import type { TurbinePage, TurbineView } from './turbine.view.js';

/** The project's turbine list still pages through the query builder. */
const SORT_COLUMN: Record<string, string> = { turbineName: 't.name', createdAt: 't.createdAt', serialNumber: 't.serialNumber' };

/** Reading turbines: a park's list, all of a park's turbines, one turbine, a project's turbines. */
@Injectable()
export class TurbineQueriesService {
  constructor(
    private readonly ds: DataSource,
    private readonly list: TurbineListRepository,
  ) {}

  /** Paged turbine list of a park with inspection counts and the last inspection time. */
  async listForPark(user: AuthUser, parkId: string, q: TurbineListQuery): Promise<TurbinePage> {
    await loadVisiblePark(this.ds.manager, user, parkId);
    const page = parsePage(q, Object.keys(TURBINE_SORT), { sortField: 'turbineName', pageSize: 50 });
    const { rows, parts, total } = await this.list.page(this.ds.manager, parkId, q.turbineName, page);
    return { results: turbineViews(rows, parts), totalCount: total };
  }

  /** Every turbine of a park (selectors need them all), sorted by name on the server. */
  async allForPark(user: AuthUser, parkId: string): Promise<TurbineView[]> {
    await loadVisiblePark(this.ds.manager, user, parkId);
    const rows = await this.ds
      .getRepository(Turbine)
      .createQueryBuilder('t')
      .where('t.windParkId = :parkId', { parkId })
      .orderBy('t.name')
      .addOrderBy('t.id')
      .getMany();
    return presentTurbines(this.ds.manager, rows, { inspections: true });
  }

  async get(user: AuthUser, parkId: string, turbineId: string): Promise<TurbineView> {
    const t = await loadTurbine(this.ds.manager, user, parkId, turbineId);
    return presentTurbine(this.ds.manager, t);
  }

  /** Turbines of a project: its listed turbines, or every turbine of its parks; only visible parks count. */
  async forProject(user: AuthUser, projectId: string, q: ProjectTurbineListQuery): Promise<TurbinePage> {
    const project = await this.ds.getRepository(ProjectRef).findOne({ where: { projectId } });
    if (!project) throw new AppError('NOT_FOUND');
    const parks = project.windParkIds.length
      ? await whereParkVisible(this.ds.getRepository(WindPark).createQueryBuilder('p'), user, 'p.customerId', 'p.id')
          .andWhere('p.id IN (:...ids)', { ids: project.windParkIds })
          .getMany()
      : [];
    if (!parks.length) throw new AppError('NOT_FOUND');
    const page = parsePage(q, Object.keys(SORT_COLUMN), { sortField: 'turbineName', pageSize: 100 });
    const qb = this.ds
      .getRepository(Turbine)
      .createQueryBuilder('t')
      .where('t.windParkId IN (:...parks)', { parks: parks.map((p) => p.id) });
    if (project.turbineIds.length) qb.andWhere('t.id IN (:...turbines)', { turbines: project.turbineIds });
    const [rows, totalCount] = await pageRows(qb, page, SORT_COLUMN, 't.id', { nulls: 'largest' });
    return { results: await presentTurbines(this.ds.manager, rows), totalCount };
  }
}
