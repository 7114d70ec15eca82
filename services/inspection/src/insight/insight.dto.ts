import { IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { QueryInt } from '@windward/service-kit';

/** `GET /insights/parks/{id}`: optionally one component type; blade zones in metre bands. */
export class InsightQuery {
  /** Component type (contracts ComponentType); none = all. */
  @IsOptional() @QueryInt() @IsInt() @Min(0) @Max(5) componentType?: number;
  /** Width of a blade zone in metres (default 5). */
  @IsOptional() @QueryInt() @IsInt() @Min(1) @Max(50) zoneM?: number;
}

/** `GET /health/parks`: optionally the parks of one customer. */
export class HealthParksQuery {
  @IsOptional() @IsUUID() customerId?: string;
}
