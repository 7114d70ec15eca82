/** The labeling edit lock of an inspection (one editor at a time). */
export class EditLockView {
  inspectionId!: string;
  /** Someone holds an unexpired lock. */
  locked!: boolean;
  /** The caller holds it. */
  mine!: boolean;
  holderId!: string | null;
  holderName!: string | null;
  acquiredAt!: Date | null;
  expiresAt!: Date | null;
  /** How long an acquired or renewed lock lasts (the labeling tool renews it every 20 s). */
  leaseSeconds!: number;
}
