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
