import { Param, type PipeTransform } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { AppError, TaskStage, isEnumValue } from '@windward/contracts';

/*
 * Query-string helpers the kit does not have yet (kept here so libs/ stay untouched; candidates
 * for @windward/service-kit's http/dto.ts).
 */

const listOf = (value: unknown): string[] | undefined =>
  value === undefined || value === null || value === ''
    ? undefined
    : (Array.isArray(value) ? value : [value]).flatMap((x) => String(x).split(',')).map((s) => s.trim()).filter(Boolean);

/** `ids=1,2` or `ids=1&ids=2` as a number list; values that are not numbers stay as sent, so `@IsInt({ each: true })` refuses them. */
export const QueryIntList = () =>
  Transform(({ value }: { value: unknown }) => listOf(value)?.map((s) => (Number.isFinite(Number(s)) ? Number(s) : s)));

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
