import { PageOf } from '@windward/service-kit';

export class StageProgressView {
  /** contracts TaskStage id. */
  stage!: number;
  /** Inspections of the project that completed this stage. */
  inspections!: number;
}

export class DprActivityTotalView {
  activityName!: string;
  planned!: number;
  done!: number;
}

/** One project on the progress dashboard: planned turbines, turbines flown, stages completed, approved DPR totals. */
export class ProjectProgressView {
  projectId!: string;
  projectName!: string;
  customerName!: string | null;
  projectStatusType!: number;
  turbinesPlanned!: number;
  turbinesInspected!: number;
  stages!: StageProgressView[];
  dpr!: DprActivityTotalView[];
}

export class ProjectProgressPage extends PageOf(ProjectProgressView) {}
