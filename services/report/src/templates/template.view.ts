import { ApiProperty } from '@nestjs/swagger';
import { LOCALES, REPORT_SECTIONS, type Locale, type ReportSection } from '@windward/contracts';
import { PageOf } from '@windward/service-kit';

export class SeverityLabelView {
  severity!: number;
  label!: string;
}

export class ReportTemplateView {
  id!: string;
  name!: string;
  @ApiProperty({ enum: REPORT_SECTIONS, isArray: true })
  sections!: ReportSection[];
  logo!: string | null;
  customerName!: string | null;
  @ApiProperty({ enum: LOCALES, nullable: true })
  language!: Locale | null;
  severityLabels!: SeverityLabelView[];
  projectIds!: string[];
  createdAt!: Date;
  updatedAt!: Date;
}

export class ReportTemplatePage extends PageOf(ReportTemplateView) {}
