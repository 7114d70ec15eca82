import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Delivery's projects as asset needs them (from delivery.project.* events). */
@Entity({ name: 'project_ref' })
/** Projects covering a park (migration: GIN on wind_park_ids). */
@Index('project_ref_parks_ix', { synchronize: false })
export class ProjectRef {
  @PrimaryColumn('text', { name: 'project_id' })
  projectId!: string;

  @Column('text')
  name!: string;

  @Column('int')
  status!: number;

  @Column('int', { name: 'project_type', nullable: true })
  projectType!: number | null;

  @Column('uuid', { name: 'customer_id', nullable: true })
  customerId!: string | null;

  @Column('boolean', { default: false })
  operation!: boolean;

  @Column('int', { name: 'campaign_types', array: true, default: () => `'{}'` })
  campaignTypes!: number[];

  @Column('uuid', { name: 'wind_park_ids', array: true, default: () => `'{}'` })
  windParkIds!: string[];

  @Column('uuid', { name: 'turbine_ids', array: true, default: () => `'{}'` })
  turbineIds!: string[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
