import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '@windward/service-kit';
import { TaskLogKind, type TaskLogParams } from '@windward/contracts';

/** Labels added, deleted, modified and kept by a review. */
export class ChangeCountsView {
  added!: number;
  deleted!: number;
  modified!: number;
  correct!: number;
}

/** A QA/FQA result: task-level (`defectId` null) or for one defect. */
export class QaResultView {
  qaResultId!: string;
  /** The review stage (TaskStage). */
  taskStageType!: number;
  /** The work stage it reviewed (TaskStage). */
  reviewedStageType!: number;
  /** QaStatus. */
  result!: number;
  defectId!: string | null;
  comments!: string;
  reviewerId!: string;
  reviewerName!: string;
  labelerId!: string | null;
  labelerName!: string | null;
  counts!: ChangeCountsView;
  time!: Date;
}
export class QaResultPage extends PageOf(QaResultView) {}

/** A history entry that carries a labeling history action. */
export class LabelingHistoryView {
  time!: Date;
  /** LabelingHistoryAction. */
  action!: string | null;
  stage!: number | null;
  operatorId!: string | null;
  operatorName!: string | null;
  handlerName!: string | null;
  /** What happened (contracts TaskLogKind, rendered with taskLogText); null on older lines. */
  @ApiProperty({ type: String, nullable: true, enum: Object.values(TaskLogKind) }) kind!: TaskLogKind | null;
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }] } }) params!: TaskLogParams | null;
  /** What the user typed with it; on older lines, their English text. */
  message!: string;
}
export class LabelingHistoryPage extends PageOf(LabelingHistoryView) {}

/** Change rate of one labeler or reviewer. */
export class ChangeRateView {
  userId!: string;
  userName!: string | null;
  reviewCount!: number;
  failCount!: number;
  added!: number;
  deleted!: number;
  modified!: number;
  correct!: number;
  /** (added + deleted + modified) / (correct + modified + added). */
  changeRate!: number;
  /** (added + modified) / (correct + modified + added). */
  changeRateWithoutDeletions!: number;
}

export class ChangeRatePage extends PageOf(ChangeRateView) {
  @ApiProperty({ enum: ['labeler', 'reviewer'] }) groupBy!: 'labeler' | 'reviewer';
}
