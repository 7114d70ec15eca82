import { Injectable } from '@nestjs/common';
import { TaskStage, TaskStageStatus as SS } from '@windward/contracts';
import { parsePage, type AuthUser } from '@windward/service-kit';
import { STAGE_CENTER_SORT, TaskRepository } from './task.repository.js';
import { stageCenterItem } from './task-items.js';
import { dayStart } from './task-lists.service.js';
import type { DashboardQuery, StageCenterQuery } from './task.dto.js';
import type { DashboardSummaryView, StageCenterPage, StageSummaryView } from './task.view.js';

/** Dashboard keys of SPEC §3 per stage. */
const DASHBOARD_STAGES: Record<Exclude<keyof DashboardSummaryView, 'todayNewTaskCount' | 'todayCompletedTaskCount'>, number> = {
  upload: TaskStage.UPLOAD,
  autoprocessing: TaskStage.AUTO_PROCESSING,
  filtering: TaskStage.SORT_AND_REMOVE,
  labeling: TaskStage.LABELING,
  labelingQA: TaskStage.LABELING_QA,
  stitching: TaskStage.STITCHING,
  stitchingQA: TaskStage.STITCHING_QA,
  labelingFQA: TaskStage.LABELING_FQA,
  stitchingFQA: TaskStage.STITCHING_FQA,
};

/** Task stage center counts (SPEC §3): the five stages people work on. */
const STAGE_CENTER: Record<'sortAndRemoveCount' | 'labelingCount' | 'labelingQACount' | 'stitchingCount' | 'stitchingQACount', number> = {
  sortAndRemoveCount: TaskStage.SORT_AND_REMOVE,
  labelingCount: TaskStage.LABELING,
  labelingQACount: TaskStage.LABELING_QA,
  stitchingCount: TaskStage.STITCHING,
  stitchingQACount: TaskStage.STITCHING_QA,
};
const ACTIVE_STAGE_STATUSES = [SS.READY, SS.PROCESSING, SS.OVERTIME, SS.ERROR];

/** What supervisors watch: the dashboard summary and the task stage center. */
@Injectable()
export class TaskMonitorService {
  constructor(private readonly tasks: TaskRepository) {}

  /** SPEC §3 dashboard summary in the caller's scope. */
  async dashboard(user: AuthUser, q: DashboardQuery): Promise<DashboardSummaryView> {
    const [today, perStage] = await Promise.all([this.tasks.dayCounts(user, dayStart(q.date)), this.tasks.perStageCounts(user)]);
    const by = new Map(perStage.map((r) => [r.stage, r]));
    const summary = (stage: number): StageSummaryView => {
      const r = by.get(stage);
      const abnormal = r?.abnormal ?? 0;
      return { total: r?.total ?? 0, abnormal, status: abnormal > 0 ? 'abnormal' : 'normal' };
    };
    const d = DASHBOARD_STAGES;
    return {
      todayNewTaskCount: today.created,
      todayCompletedTaskCount: today.completed,
      upload: summary(d.upload),
      autoprocessing: summary(d.autoprocessing),
      filtering: summary(d.filtering),
      labeling: summary(d.labeling),
      labelingQA: summary(d.labelingQA),
      stitching: summary(d.stitching),
      stitchingQA: summary(d.stitchingQA),
      labelingFQA: summary(d.labelingFQA),
      stitchingFQA: summary(d.stitchingFQA),
    };
  }

  /** SPEC §3 task stage center: active stage rows with per-stage counts. */
  async stageCenter(user: AuthUser, q: StageCenterQuery): Promise<StageCenterPage> {
    const page = parsePage(q, Object.keys(STAGE_CENTER_SORT), { sortField: 'readyTime', descending: false });
    const { rows, count, perStage } = await this.tasks.stageCenter(
      user,
      {
        stages: Object.values(STAGE_CENTER),
        statuses: ACTIVE_STAGE_STATUSES,
        listed: q.taskStageType ?? [],
        windfarmId: q.windfarmId ?? q.windFarmId,
        turbineName: q.turbineName,
        taskStageId: q.taskStageId,
      },
      page,
    );
    const byStage = new Map(perStage.map((r) => [r.stage, r.n]));
    const n = (stage: number) => byStage.get(stage) ?? 0;
    return {
      sortAndRemoveCount: n(STAGE_CENTER.sortAndRemoveCount),
      labelingCount: n(STAGE_CENTER.labelingCount),
      labelingQACount: n(STAGE_CENTER.labelingQACount),
      stitchingCount: n(STAGE_CENTER.stitchingCount),
      stitchingQACount: n(STAGE_CENTER.stitchingQACount),
      results: rows.map(stageCenterItem),
      ...count,
    };
  }
}
