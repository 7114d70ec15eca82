import { ApiProperty } from '@nestjs/swagger';
import type { TemplateKind } from './template.entity.js';

export class TemplateItemView {
  id!: string;
  customerId!: string;
  @ApiProperty({ enum: ['type', 'severity', 'recommendation'] }) kind!: TemplateKind;
  name!: string;
  /** Severity level 0..5 (severities only). */
  level!: number | null;
}

/** A customer's defect templates by kind. */
export class DefectTemplatesView {
  types!: TemplateItemView[];
  severities!: TemplateItemView[];
  recommendations!: TemplateItemView[];
}

export class LpsTemplateView {
  id!: string;
  customerId!: string;
  name!: string;
  minOhm!: number | null;
  maxOhm!: number | null;
}
