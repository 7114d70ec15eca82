import { Param, type PipeTransform, type Type } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString } from 'class-validator';
import { AppError, isUuid } from '@windward/contracts';

/** Query strings carry text: numbers and booleans are read leniently, as parsePage always did. */
const toInt = ({ value }: { value: unknown }) => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? Math.trunc(n) : undefined;
};
const toBool = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : value === true || value === 'true');

/**
 * Paging and sorting of every list (SPEC paging: 1-based `pageIndex`, `pageSize`, `fieldToSort`,
 * `descending`). List queries extend it with their filters; `parsePage` checks the sort field
 * against the list's own columns.
 */
export class PageQueryDto {
  @ApiPropertyOptional({ minimum: 1, default: 1, description: '1-based page number.' })
  @IsOptional() @Transform(toInt) @IsInt() pageIndex?: number;

  @ApiPropertyOptional({ minimum: 1, description: 'Rows per page (clamped to the maximum).' })
  @IsOptional() @Transform(toInt) @IsInt() pageSize?: number;

  @ApiPropertyOptional({ description: 'Column to sort by; each list names the ones it allows.' })
  @IsOptional() @IsString() fieldToSort?: string;

  @ApiPropertyOptional({ type: Boolean })
  @IsOptional() @Transform(toBool) @IsBoolean() descending?: boolean;
}

/** `true`/`false` query flags (e.g. `active=true`); anything else stays as sent, so `@IsBoolean()` refuses it. */
export const QueryBoolean = () => Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value === '' ? undefined : value));
/** Numeric query values; anything else stays as sent, so `@IsInt()`/`@IsNumber()` refuses it. */
export const QueryInt = () =>
  Transform(({ value }: { value: unknown }) => (value === '' ? undefined : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value));
/** `ids=a,b` or `ids=a&ids=b` as a string list. */
export const QueryList = () =>
  Transform(({ value }: { value: unknown }) =>
    value === undefined || value === null || value === ''
      ? undefined
      : (Array.isArray(value) ? value : [value]).flatMap((x) => String(x).split(',')).map((s) => s.trim()).filter(Boolean),
  );

/**
 * The paged answer of a list of `item`s, as a named response class for the OpenAPI document
 * (`results`, `totalCount`; `totalCountExact` is false when the count is an estimate).
 */
export function PageOf<T>(item: Type<T>): Type<{ results: T[]; totalCount: number; totalCountExact?: boolean }> {
  class Page {
    @ApiProperty({ type: () => [item] }) results!: T[];
    @ApiProperty() totalCount!: number;
    @ApiPropertyOptional({ description: 'false when totalCount is the planner\'s estimate ("about N").' }) totalCountExact?: boolean;
  }
  Object.defineProperty(Page, 'name', { value: `${item.name}Page` });
  return Page;
}

/** A path id that is not a UUID names nothing: the same 404 as an unknown id, not a 400. */
export class UuidOr404Pipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!isUuid(value)) throw new AppError('NOT_FOUND');
    return value;
  }
}

/** `@IdParam()` / `@IdParam('turbineId')`: a UUID path parameter (404 otherwise). */
export const IdParam = (name = 'id') => Param(name, new UuidOr404Pipe());
