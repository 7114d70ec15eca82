import { QueryInt, QueryList } from '@windward/service-kit';
import { IsInt, IsOptional, IsString } from 'class-validator';

/** Filters of GET farm/inspectedFarms. */
export class InspectedFarmsQuery {
  /**
   * Components in the part-1 coding (1 blade, 2 tower, 3 foundation, 4 nacelle, 5 blade internal,
   * any other value LPS), `a,b` or repeated; absent = LPS.
   */
  @IsOptional() @QueryList() @IsString({ each: true }) componentTypes?: string[];
  /** Alias of `componentTypes`. */
  @IsOptional() @QueryList() @IsString({ each: true }) componentType?: string[];
  /** Only inspections made under this inspection data config (404 when unknown). */
  @IsOptional() @IsString() inspectionDataConfigId?: string;
}

/** Filter of GET windPark/permittedCampaignParks. */
export class CampaignParksQuery {
  /** Only projects holding campaigns of this type (absent = any campaign). */
  @IsOptional() @QueryInt() @IsInt() campaignType?: number;
}
