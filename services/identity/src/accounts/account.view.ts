/** The signed-in account (the web's personal info). */
export class MeView {
  id!: string;
  username!: string;
  displayName!: string;
  email!: string | null;
  roles!: number[];
  organizationId!: string | null;
  customerIds!: string[];
  parkIds!: string[];
  validUntil!: Date | null;
}

/** One right key and whether the caller holds it. */
export class RightEntryView {
  key!: string;
  value!: boolean;
}
