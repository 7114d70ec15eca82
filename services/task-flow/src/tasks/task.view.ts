import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '@windward/service-kit';
import { TaskLogKind, type TaskLogParams } from '@windward/contracts';

/** SPEC §3 task item (plus ids, the current stage status and the version live screens compare). */
export class TaskView {
  taskId!: string;
  inspectionId!: string | null;
  uploadTaskId!: string | null;
  customerId!: string | null;
  customerName!: string;
  windFarmId!: string;
  windfarmName!: string;
  turbineId!: string | null;
  turbineName!: string;
  /** The current stage's handler (zero or one). */
  handlebyIds!: string[];
  handlebyNames!: string[];
  /** The current stage (zero or one TaskStage). */
  taskStageTypes!: number[];
  /** TaskStageStatus of the current stage. */
  taskStageStatus!: number | null;
  /** TaskStatus. */
  taskStatusType!: number;
  updateTime!: Date;
  createTime!: Date;
  completeTime!: Date | null;
  /** YYYY-MM-DD. */
  inspectionDate!: string;
  packageType!: number | null;
  uploadedTime!: Date | null;
  organizationId!: string | null;
  organizationName!: string;
  inspectionStaffId!: string | null;
  inspectionStaffName!: string | null;
  projectType!: number | null;
  campaignId!: string | null;
  /** Optional flow features of the task's flow config (null until planned). */
  features!: string[] | null;
  /** Increases with every change of the task. */
  version!: number;
}

/** One stage of a task. */
export class TaskStageView {
  taskStageId!: string;
  /** TaskStage. */
  taskStageType!: number;
  /** TaskStageStatus. */
  status!: number;
  handlerId!: string | null;
  handlerName!: string | null;
  readyTime!: Date | null;
  startTime!: Date | null;
  completeTime!: Date | null;
  deadline!: Date | null;
  errorMessage!: string | null;
  progressMessage!: string | null;
  /** Seconds the handlers reported working on the stage (work tools, while their page is visible). */
  spentSeconds!: number;
}

/** A task with its upload file, drone and stages. */
export class TaskDetailView extends TaskView {
  uploadFileUri!: string | null;
  droneId!: string | null;
  stages!: TaskStageView[];
}

export class TaskPage extends PageOf(TaskView) {
  pageIndex!: number;
  pageSize!: number;
}

/** Tasks changed after a version; `complete: false` with no tasks means "refetch your lists". */
export class TaskChangesView {
  latestVersion!: number;
  complete!: boolean;
  tasks!: TaskView[];
}

/** One entry of a task's history. */
export class TaskHistoryView {
  time!: Date;
  stage!: number | null;
  handlerName!: string | null;
  stageStatus!: number | null;
  /** What happened (contracts TaskLogKind; render with taskLogText in the reader's language); null on lines older than kinds. */
  @ApiProperty({ type: String, nullable: true, enum: Object.values(TaskLogKind) }) kind!: TaskLogKind | null;
  /** The kind's parameters (`stage`, `from`/`to` task statuses, `result` QA status, names). */
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }] } }) params!: TaskLogParams | null;
  /** What the user typed with it (comments, reasons, a reported error); on older lines, their English text. */
  message!: string;
  /** LabelingHistoryAction, when the change records one. */
  action!: string | null;
  operatorName!: string | null;
}
export class TaskHistoryPage extends PageOf(TaskHistoryView) {}

/** A log file of a task. */
export class TaskLogView {
  logId!: string;
  logName!: string;
  /** TaskLogType. */
  logType!: string;
  droneId!: string | null;
  logFileUri!: string;
  createTime!: Date;
}
export class TaskLogPage extends PageOf(TaskLogView) {}

/** Tasks at one stage of the dashboard summary. */
export class StageSummaryView {
  total!: number;
  /** In error or overtime. */
  abnormal!: number;
  @ApiProperty({ enum: ['normal', 'abnormal'] }) status!: 'normal' | 'abnormal';
}

/** SPEC §3 dashboard summary in the caller's scope. */
export class DashboardSummaryView {
  todayNewTaskCount!: number;
  todayCompletedTaskCount!: number;
  upload!: StageSummaryView;
  autoprocessing!: StageSummaryView;
  filtering!: StageSummaryView;
  labeling!: StageSummaryView;
  labelingQA!: StageSummaryView;
  stitching!: StageSummaryView;
  stitchingQA!: StageSummaryView;
  labelingFQA!: StageSummaryView;
  stitchingFQA!: StageSummaryView;
}

/** An active stage in the task stage center. */
export class StageCenterItemView extends TaskStageView {
  taskId!: string;
  inspectionId!: string | null;
  windfarmName!: string;
  turbineName!: string;
  customerName!: string;
  /** TaskStatus. */
  taskStatusType!: number;
}

/** SPEC §3 task stage center: active stages with the count per stage. */
export class StageCenterPage extends PageOf(StageCenterItemView) {
  sortAndRemoveCount!: number;
  labelingCount!: number;
  labelingQACount!: number;
  stitchingCount!: number;
  stitchingQACount!: number;
}

/** The stage's spent time after a report. */
export class SpentTimeView {
  taskId!: string;
  taskStageType!: number;
  spentSeconds!: number;
}

/** A stage's time limit. */
export class StageTimeLimitView {
  /** TaskStage. */
  taskStageType!: number;
  minutes!: number;
}

/** One component type's flow (contracts CustomerFlowConfig). */
export class FlowConfigView {
  componentType!: number;
  /** Optional flow features switched on (`stitching`, `timeline`, `prelabel`). */
  features!: string[];
  /** Task stage ids; when non-empty, stages of enabled features not listed here are skipped. */
  taskStages!: number[];
}

/** A customer's flow configs (edited in identity). */
export class CustomerFlowConfigsView {
  customerId!: string;
  customerName!: string;
  flowConfigs!: FlowConfigView[];
}

/** The overtime check's result. */
export class OvertimeCheckView {
  /** Stages flagged overtime by this run. */
  overtimeStages!: number;
}
