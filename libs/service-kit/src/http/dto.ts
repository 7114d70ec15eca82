import { Param, createParamDecorator, type ExecutionContext, type PipeTransform, type Type } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString } from 'class-validator';
import { AppError, isUuid, type ErrorCode } from '@windward/contracts';
import { requestLocale } from '../errors/locale.js';
import { listParam } from './paging.js';

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
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  pageIndex?: number;

  @ApiPropertyOptional({ minimum: 1, description: 'Rows per page (clamped to the maximum).' })
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  pageSize?: number;

  @ApiPropertyOptional({ description: 'Column to sort by; each list names the ones it allows.' })
  @IsOptional()
  @IsString()
  fieldToSort?: string;

  @ApiPropertyOptional({ type: Boolean })
  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  descending?: boolean;
}

/** `true`/`false` query flags (e.g. `active=true`); anything else stays as sent, so `@IsBoolean()` refuses it. */
export const QueryBoolean = () =>
  Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value === '' ? undefined : value));
/** Numeric query values; anything else stays as sent, so `@IsInt()`/`@IsNumber()` refuses it. */
export const QueryInt = () =>
  Transform(({ value }: { value: unknown }) =>
    value === '' ? undefined : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value,
  );
/** Absent stays undefined (the DTO's `@IsOptional()`); anything sent is read as `listParam` reads it. */
const listOf = (value: unknown): string[] | undefined =>
  value === undefined || value === null || value === '' ? undefined : listParam(value);

/** `ids=a,b` or `ids=a&ids=b` as a string list. */
export const QueryList = () => Transform(({ value }: { value: unknown }) => listOf(value));

/** `ids=1,2` or `ids=1&ids=2` as a number list; values that are not numbers stay as sent, so `@IsInt({ each: true })` refuses them. */
export const QueryIntList = () =>
  Transform(({ value }: { value: unknown }) => listOf(value)?.map((s) => (Number.isFinite(Number(s)) ? Number(s) : s)));

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
  constructor(private readonly code: ErrorCode = 'NOT_FOUND') {}
  transform(value: string): string {
    if (!isUuid(value)) throw new AppError(this.code);
    return value;
  }
}

/**
 * `@IdParam()` / `@IdParam('turbineId')`: a UUID path parameter, 404 otherwise. `notFound` is
 * the aggregate's own not-found code when it has one (e.g. `USER_NOT_FOUND`).
 */
export const IdParam = (name = 'id', notFound: ErrorCode = 'NOT_FOUND') => Param(name, new UuidOr404Pipe(notFound));

/**
 * `@RequestLocale() locale: Locale`: the request's locale (`locale` header, else Accept-Language,
 * else en_us), so controllers need not take every header as a record.
 */
export const RequestLocale = createParamDecorator((_data: unknown, ctx: ExecutionContext) =>
  requestLocale(ctx.switchToHttp().getRequest<{ headers: Record<string, string | string[] | undefined> }>().headers),
);

/** The answer of a call that only acknowledges (`{}`): deletions, password changes, logout. */
export class OkView {}
