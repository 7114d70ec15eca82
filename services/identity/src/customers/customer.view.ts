import { PageOf } from '@windward/service-kit';

export class DefectTemplateRefView {
  isDefault!: boolean;
  defectConfigName!: string;
  defectConfigId!: string;
}

/** SPEC §3 component config of a customer, per component type. */
export class ComponentConfigView {
  componentType!: number;
  permission!: boolean;
  reportTemplateName?: string | null;
  reportTemplateId?: string | null;
  defectTemplateData?: DefectTemplateRefView[];
  inspectionDataConfigId?: string | null;
}

/** SPEC §3 flow config: which optional stages run for a component type. */
export class FlowConfigView {
  componentType!: number;
  features!: string[];
  taskStages!: number[];
}

/** A customer-specific name of a severity level. */
export class SeverityNameView {
  level!: number;
  name!: string;
}

/** A customer as the customer list and editor show it. */
export class CustomerView {
  customerId!: string;
  customerName!: string;
  customerTypeId!: number | null;
  maxFlightTimes!: number | null;
  maxTurbines!: number | null;
  /** YYYY-MM-DD */
  validDate!: string | null;
  organizationId!: string | null;
  organizationName!: string | null;
  componentConfigs!: ComponentConfigView[];
  flowConfigs!: FlowConfigView[];
  customerAddress!: string | null;
  contactor!: string | null;
  post!: string | null;
  phone!: string | null;
  /** Accounts of the customer (they block deletion). */
  accountCount!: number;
  /** Wind parks of the customer (they block deletion). */
  windParkCount!: number;
  /** Send it back when saving; a stale one is refused (EDIT_CONFLICT). */
  version!: number;
}

export class CustomerPage extends PageOf(CustomerView) {}

/** A customer's names of the severity levels. */
export class SeverityMappingView {
  customerId!: string;
  severityMapping!: SeverityNameView[];
}

/** A customer type with its label in the request's locale. */
export class CustomerTypeView {
  id!: number;
  name!: string;
}
