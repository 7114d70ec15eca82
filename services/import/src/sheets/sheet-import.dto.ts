import { IsIn, IsInt, IsOptional, IsUUID, ValidateIf } from 'class-validator';
import { ComponentType, UploadTaskStatus } from '@windward/contracts';
import { PageQueryDto, QueryList } from '@windward/service-kit';

/** Step 1 of the import wizard (SPEC §2): basic config. */
export class CreateSheetImportDto {
  /** The customer chosen in step 1: one import knows (-10007 otherwise) that owns the park (-10008 otherwise). */
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsUUID() customerId?: string | null;
  @IsUUID() windfarmId!: string;
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsUUID() projectId?: string | null;
  /** Blade external (1) or internal (5). */
  @IsInt() @IsIn([ComponentType.BLADE_EXTERNAL, ComponentType.BLADE_INTERNAL]) componentType!: number;
  /** The park's customer's defect template (a template is named by its customer's id; -10017 otherwise). */
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsUUID() defectTemplateId?: string | null;
}

/** The import queue list: sort by createdAt (default, newest first), updatedAt or status. */
export class SheetImportListQuery extends PageQueryDto {
  @IsOptional() @QueryList() @IsUUID('all', { each: true }) windfarmId?: string[];
  /** Upload task statuses (FAILED, SUCCEEDED, CANCELLED, PROCESSING), `a,b` or repeated. */
  @IsOptional() @QueryList() @IsIn(Object.values(UploadTaskStatus), { each: true }) taskStatus?: string[];
}
