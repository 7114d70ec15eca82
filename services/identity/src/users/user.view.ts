import { PageOf } from '@windward/service-kit';

/** A user as the user list and detail show it. */
export class UserView {
  id!: string;
  userId!: string;
  username!: string;
  displayName!: string;
  email!: string | null;
  /** Role ids (SPEC §2 roles). */
  roles!: number[];
  organizationId!: string | null;
  organizationName!: string | null;
  customerIds!: string[];
  /** null = every park of the user's customers. */
  parkIds!: string[] | null;
  active!: boolean;
  validUntil!: Date | null;
  /** true when an administrator changed the role's default rights. */
  customRights!: boolean;
  createdAt!: Date;
}

export class UserPage extends PageOf(UserView) {}

/** A created account, as `identity.user.created` announces it. */
export class CreatedUserView {
  userId!: string;
  username!: string;
  displayName!: string;
  email!: string | null;
  roles!: number[];
  organizationId!: string | null;
  customerIds!: string[];
  parkIds!: string[];
  active!: boolean;
}

/** A user who may handle QA tasks. */
export class TaskHandlerView {
  userId!: string;
  username!: string;
  displayName!: string;
  roles!: number[];
  organizationId!: string | null;
}

export class TaskHandlerPage extends PageOf(TaskHandlerView) {}

/** A pilot of a user's organization. */
export class PilotView {
  userId!: string;
  username!: string;
  displayName!: string;
  organizationId!: string | null;
}

export class PilotPage extends PageOf(PilotView) {}

export class AuthDataCustomerView {
  customerId!: string;
  customerName!: string;
}

export class AuthDataParkView {
  windFarmId!: string;
  windFarmName!: string;
  customerId!: string;
}

/** Data permissions of a user: customer and wind park scope, with names. */
export class AuthDataView {
  userId!: string;
  /** Administrators see every customer. */
  allCustomers!: boolean;
  /** Administrators, and users without a park list, see every park of their customers. */
  allParks!: boolean;
  customerIds!: string[];
  customers!: AuthDataCustomerView[];
  parkIds!: string[];
  parks!: AuthDataParkView[];
}

/** Effective rights of a user and the defaults of the user's roles. */
export class UserRightsView {
  userId!: string;
  /** true when an administrator chose the rights (not the role defaults). */
  custom!: boolean;
  rights!: string[];
  defaults!: string[];
}

/** A role with its label in the request's locale. */
export class RoleView {
  roleId!: number;
  roleName!: string;
  adminLevel!: boolean;
}
