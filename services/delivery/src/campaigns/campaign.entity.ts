import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Project } from '../projects/project.entity.js';

/** An inspection campaign of a project (SPEC §3 campaign types 1..5; 6 and 7 live in repair and investigation). */
@Entity({ name: 'inspection_campaign' })
@Check('inspection_campaign_type_check', 'campaign_type BETWEEN 1 AND 5')
@Check('inspection_campaign_status_check', 'status BETWEEN 1 AND 3')
/** Campaign names are unique (SPEC §5), case-insensitively (migration: on lower(name)). */
@Index('inspection_campaign_name_uq', { synchronize: false })
@Index('inspection_campaign_project_ix', ['projectId'])
export class InspectionCampaign {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'project_id' })
  projectId!: string;

  @ManyToOne(() => Project, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'project_id', foreignKeyConstraintName: 'inspection_campaign_project_id_fkey' })
  project?: Project;

  @Column('text')
  name!: string;

  @Column('int', { name: 'campaign_type' })
  campaignType!: number;

  /** Protocol status: 1 pending, 2 processing, 3 completed. */
  @Column('int', { default: 1 })
  status!: number;

  /** Inactive is final: its ongoing tasks cannot proceed (task-flow follows delivery.campaign.updated). */
  @Column('boolean', { default: true })
  active!: boolean;

  @Column('uuid', { name: 'wind_park_ids', array: true, default: () => `'{}'` })
  windParkIds!: string[];

  @Column('timestamptz', { name: 'start_time', nullable: true })
  startTime!: Date | null;

  @Column('timestamptz', { name: 'end_time', nullable: true })
  endTime!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
