import { PageOf } from '@windward/service-kit';

/** SPEC §3 Organization (a pilot team or service company). */
export class OrganizationView {
  organizationGuid!: string;
  organizationName!: string;
  customerCount!: number;
  /** Pilots whose organization this is. */
  pilotCount!: number;
}

export class OrganizationPage extends PageOf(OrganizationView) {}
