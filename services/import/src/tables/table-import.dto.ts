import { IsUUID } from 'class-validator';

/** Multipart fields of an LPS import besides `file`. */
export class LpsImportFieldsDto {
  /** The wind park whose turbines the sheet names (-12005 for others). */
  @IsUUID() windfarmId!: string;
}

/** Multipart fields of a template import besides `file`. */
export class TemplateImportFieldsDto {
  /** The customer whose Config Center templates receive the rows. */
  @IsUUID() customerId!: string;
}
