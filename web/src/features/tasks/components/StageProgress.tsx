import { Tag, Tooltip } from 'antd';
import { useLocale } from '@/shared/useLocale';
import { TASK_STAGE_LABELS, TASK_STAGE_STATUS_LABELS, labelOf, type TaskStage, type TaskStageStatus } from '../contracts';
import { stageProgress, stageStatusColor, type StageStep } from '../logic';
import type { TaskView } from '../tasksApi';

export const stageLabel = (stage: number, locale: 'en_us' | 'zh_cn'): string => labelOf(TASK_STAGE_LABELS, stage as TaskStage, locale);
export const stageStatusLabel = (status: number, locale: 'en_us' | 'zh_cn'): string =>
  labelOf(TASK_STAGE_STATUS_LABELS, status as TaskStageStatus, locale);

function segmentClass(step: StageStep): string {
  if (step.state !== 'current') return `task-progress__seg task-progress__seg--${step.state}`;
  return `task-progress__seg task-progress__seg--current task-progress__seg--${stageStatusColor(step.status)}`;
}

/** The task's stages as a row of segments (done / current with its status colour / waiting) and the current stage. */
export function StageProgress({ task }: { task: TaskView }) {
  const locale = useLocale();
  const steps = stageProgress(task);
  const current = steps.find((s) => s.state === 'current');
  const done = steps.filter((s) => s.state === 'done').length;
  return (
    <div className="task-progress" data-testid="stage-progress" data-done={done} data-total={steps.length}>
      <div className="task-progress__bar">
        {steps.map((s) => (
          <Tooltip
            key={s.stage}
            title={`${stageLabel(s.stage, locale)}${s.status != null && s.state === 'current' ? ` · ${stageStatusLabel(s.status, locale)}` : ''}`}
          >
            <span className={segmentClass(s)} data-stage={s.stage} data-state={s.state} />
          </Tooltip>
        ))}
      </div>
      {current ? (
        <Tag color={stageStatusColor(current.status)} className="task-progress__tag">
          {stageLabel(current.stage, locale)} · {current.status != null ? stageStatusLabel(current.status, locale) : ''}
        </Tag>
      ) : (
        <span className="task-progress__count">
          {done}/{steps.length}
        </span>
      )}
    </div>
  );
}
