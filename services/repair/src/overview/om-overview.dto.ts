import { IsUUID } from 'class-validator';
import { PageQueryDto } from '@windward/service-kit';

/** GET om-overview: the KPI cards of one customer of the caller's scope. */
export class OmOverviewQuery {
  @IsUUID() customerId!: string;
}

/** GET om-overview/parks: the customer's parks, paged and sorted on the server (OM_PARK_SORT_FIELDS). */
export class OmParkListQuery extends PageQueryDto {
  @IsUUID() customerId!: string;
}
