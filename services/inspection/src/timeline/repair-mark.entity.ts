import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A defect the repair centre repaired (repair.defect.repaired): shown as repaired on the next inspection's timeline. */
@Entity({ name: 'repair_mark' })
export class RepairMark {
  @PrimaryColumn('uuid', { name: 'defect_id' })
  defectId!: string;

  @Column('uuid', { name: 'campaign_id' })
  campaignId!: string;

  @Column('smallint', { name: 'repair_status' })
  repairStatus!: number;

  @Column('timestamptz', { name: 'repaired_at' })
  repairedAt!: Date;
}
