import { PageOf } from '@windward/service-kit';

export class RepairStepView {
  name!: string;
  description!: string;
}

/** A repair-step template; `inUse` = some repair plan's defect uses it (it cannot be deleted). */
export class RepairTemplateView {
  id!: string;
  name!: string;
  steps!: RepairStepView[];
  inUse!: boolean;
  updatedAt!: Date;
}

export class RepairTemplatePage extends PageOf(RepairTemplateView) {}
