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

/** One person's throughput and quality in the range (docs/delivery.md "Performance statistics"). */
export class PersonStatisticsView {
  userId!: string;
  /** Identity's display name (the name task-flow announced when identity has not). */
  userName!: string | null;
  /** The person's organization (their team); null = none known. */
  organizationId!: string | null;
  organizationName!: string | null;
  /** Images of the inspections whose sort-and-remove stage they completed. */
  imagesSorted!: number;
  /** Defects of the inspections whose labeling stage they completed. */
  defectsLabeled!: number;
  /** Task stages they completed (work and passed reviews). */
  stagesCompleted!: number;
  /** QA verdicts on their work, and how many passed. */
  reviewsReceived!: number;
  reviewsPassed!: number;
  /** reviewsPassed / reviewsReceived (0..1); null without reviews. */
  qaPassRate!: number | null;
  /** (added + deleted + modified) / (correct + modified + added) over the reviewers' counts of their work (contracts `changeRate`); null without counts. */
  changeRate!: number | null;
  /** QA verdicts they gave as reviewer. */
  reviewsDone!: number;
  /** Time recorded on the stages they completed, in hours (2 decimals). */
  hoursSpent!: number;
}

/** A team (organization): its people's figures added up. */
export class TeamStatisticsView {
  organizationId!: string | null;
  organizationName!: string | null;
  people!: number;
  imagesSorted!: number;
  defectsLabeled!: number;
  stagesCompleted!: number;
  reviewsDone!: number;
  qaPassRate!: number | null;
  hoursSpent!: number;
}

/** Throughput per organization, project and task stage, per day, per person and per team, over at most 3 months. */
export class StatisticsView {
  from!: string;
  to!: string;
  rows!: StatisticsRowView[];
  days!: StatisticsDayView[];
  people!: PersonStatisticsView[];
  teams!: TeamStatisticsView[];
}
