import { Param, type PipeTransform } from '@nestjs/common';
import { AppError, TaskStage, isEnumValue } from '@windward/contracts';

/* Task-flow's own path parameter (the kit has the generic ones). */

/** The `:stage` path parameter: a task stage id (contracts TaskStage), anything else VALIDATION_FAILED. */
export class TaskStagePipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const n = Number(value);
    if (!isEnumValue(TaskStage, n)) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'stage', value }] });
    return n;
  }
}

/** `@StageParam()`: the `:stage` path parameter as a task stage id. */
export const StageParam = () => Param('stage', new TaskStagePipe());
