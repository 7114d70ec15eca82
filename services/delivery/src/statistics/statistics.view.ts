export class StatisticsRowView {
  organizationId!: string | null;
  organizationName!: string | null;
  projectId!: string;
  projectName!: string;
  /** contracts TaskStage id. */
  stage!: number;
  /** Stages of the project's inspections completed in the range. */
  completed!: number;
}

export class StatisticsDayView {
  day!: string;
  completed!: number;
}

/** Throughput per organization, project and task stage, and per day, over at most 3 months. */
export class StatisticsView {
  from!: string;
  to!: string;
  rows!: StatisticsRowView[];
  days!: StatisticsDayView[];
}
