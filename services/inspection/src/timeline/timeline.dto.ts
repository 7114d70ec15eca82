import { IsBoolean, IsOptional, IsString } from 'class-validator';
import { QueryBoolean } from '@windward/service-kit';

export class TimelineUnlinkQuery {
  /** `true` also removes links of later inspections to this one (needed before a move). */
  @IsOptional() @QueryBoolean() @IsBoolean() all?: boolean;
}

/** `DELETE /defect-links?externalDefectId=…&internalDefectId=…`: unknown ids are a 404. */
export class DefectLinkQuery {
  @IsString() externalDefectId!: string;
  @IsString() internalDefectId!: string;
}
