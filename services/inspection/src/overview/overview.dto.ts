import { IsIn, IsInt, IsOptional, IsUUID, Matches } from 'class-validator';
import { QueryIntList } from '@windward/service-kit';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const COMPONENTS = [0, 1, 2, 3, 4, 5];

/** `GET /wind-parks/{id}/overview` */
export class ParkOverviewQuery {
  /** Part-2 component types (comma list); default every component the caller may see. */
  @IsOptional() @QueryIntList() @IsInt({ each: true }) @IsIn(COMPONENTS, { each: true }) componentTypes?: number[];
  /** Only inspections on or after this day (a project's start), YYYY-MM-DD. */
  @IsOptional() @Matches(DAY) from?: string;
  /** Only inspections on or before this day (a project's end), YYYY-MM-DD. */
  @IsOptional() @Matches(DAY) to?: string;
}

/** `GET /turbines/{turbineId}/components/{componentType}` */
export class ComponentResultsQuery {
  /** The inspection to show (default: the newest of the component). */
  @IsOptional() @IsUUID() inspectionId?: string;
  /** The inspection to compare with (default: its timeline link, else the one before it). */
  @IsOptional() @IsUUID() compareTo?: string;
}
