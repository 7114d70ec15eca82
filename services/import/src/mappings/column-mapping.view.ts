import { PageOf } from '@windward/service-kit';

export class MappingSheetView {
  /** inspections | blades | defects */
  sheet!: string;
  name!: string;
}

export class MappingColumnView {
  sheet!: string;
  /** The template's column key. */
  column!: string;
  header!: string;
}

export class MappingSeverityView {
  value!: string;
  level!: number;
}

/** A saved column mapping of a customer (issue #20 item 7). */
export class ColumnMappingView {
  mappingId!: string;
  customerId!: string;
  name!: string;
  sheets!: MappingSheetView[];
  columns!: MappingColumnView[];
  severities!: MappingSeverityView[];
  ignoreOtherColumns!: boolean;
  createdBy!: string;
  createdAt!: Date;
  updatedAt!: Date;
}

export class ColumnMappingPage extends PageOf(ColumnMappingView) {}
