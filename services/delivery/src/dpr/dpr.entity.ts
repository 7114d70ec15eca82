import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { DprStatus } from '@windward/contracts';
import { Project } from '../projects/project.entity.js';
import { InspectionCampaign } from '../campaigns/campaign.entity.js';

/** One activity line of a daily progress report: planned versus done. */
export interface DprItem {
  activityId: string;
  activityName: string;
  unit: string | null;
  planned: number;
  done: number;
}

const num = { to: (v: number | null) => v, from: (v: string | null) => (v === null ? null : Number(v)) };

/** A daily progress report (DPR): submitted by a campaign manager, approved or rejected by a project manager. */
@Entity({ name: 'dpr' })
@Check('dpr_status_check', `status IN ('SUBMITTED', 'APPROVED', 'REJECTED')`)
@Index('dpr_project_date_ix', ['projectId', 'reportDate'])
/** The list's default order, newest first (migration 1764710000100). */
@Index('dpr_report_date_ix', ['reportDate', 'id'])
export class Dpr {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'project_id' })
  projectId!: string;

  @ManyToOne(() => Project, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'project_id', foreignKeyConstraintName: 'dpr_project_id_fkey' })
  project?: Project;

  @Column('uuid', { name: 'campaign_id', nullable: true })
  campaignId!: string | null;

  @ManyToOne(() => InspectionCampaign, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'campaign_id', foreignKeyConstraintName: 'dpr_campaign_id_fkey' })
  campaign?: InspectionCampaign;

  @Column('date', { name: 'report_date' })
  reportDate!: string;

  @Column('text', { default: 'SUBMITTED' })
  status!: DprStatus;

  @Column('jsonb', { default: () => `'[]'` })
  items!: DprItem[];

  @Column('text', { nullable: true })
  weather!: string | null;

  @Column('numeric', { name: 'downtime_hours', precision: 6, scale: 2, nullable: true, transformer: num })
  downtimeHours!: number | null;

  @Column('text', { nullable: true })
  comments!: string | null;

  @Column('text', { array: true, default: () => `'{}'` })
  photos!: string[];

  @Column('uuid', { name: 'submitted_by' })
  submittedBy!: string;

  @Column('text', { name: 'submitted_by_name' })
  submittedByName!: string;

  @Column('uuid', { name: 'reviewed_by', nullable: true })
  reviewedBy!: string | null;

  @Column('text', { name: 'reviewed_by_name', nullable: true })
  reviewedByName!: string | null;

  @Column('timestamptz', { name: 'reviewed_at', nullable: true })
  reviewedAt!: Date | null;

  @Column('text', { name: 'review_comment', nullable: true })
  reviewComment!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
