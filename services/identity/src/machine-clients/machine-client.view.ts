import { PageOf } from '@windward/service-kit';

/** A machine client as administrators see it (never its secret). */
export class MachineClientView {
  id!: string;
  clientId!: string;
  name!: string;
  rights!: string[];
  customerIds!: string[] | null;
  parkIds!: string[] | null;
  createdBy!: string;
  createdAt!: Date;
  lastUsedAt!: Date | null;
  revokedAt!: Date | null;
}

/** The answer to a registration: the only time the secret is shown. */
export class CreatedMachineClientView extends MachineClientView {
  clientSecret!: string;
}

export class MachineClientPage extends PageOf(MachineClientView) {}
