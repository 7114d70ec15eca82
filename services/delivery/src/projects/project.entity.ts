import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { DprTemplate } from '../dpr/dpr-template.entity.js';

/** A project operator as the project form names them. */
export interface ProjectOperator {
  id: string;
  name: string;
}

/**
 * A delivery project (SPEC §3 project item). `operation` marks an O&M project; an inspection
 * project affiliated to one carries its id in `operationProjectId` (one O&M project per link).
 */
@Entity({ name: 'project' })
@Check('project_type_check', 'project_type BETWEEN 1 AND 5')
@Check('project_status_check', 'status BETWEEN 1 AND 3')
/** O&M names are unique case-insensitively (migration: partial index on lower(name)). */
@Index('project_operation_name_uq', { synchronize: false })
/** Projects covering a park (migration: GIN on wind_park_ids). */
@Index('project_parks_ix', { synchronize: false })
export class Project {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('text')
  name!: string;

  /** SPEC §3 project type 1..5. */
  @Column('int', { name: 'project_type' })
  projectType!: number;

  /** SPEC §3 sub-type (1-4 external, 11-14 internal, 21-23 LPS); it fixes the project type. */
  @Column('int', { name: 'sub_type', nullable: true })
  subType!: number | null;

  @Column('int', { name: 'service_type', nullable: true })
  serviceType!: number | null;

  /** Protocol status: 1 pending, 2 processing, 3 completed. */
  @Column('int', { default: 1 })
  status!: number;

  @Column('boolean', { default: false })
  operation!: boolean;

  @Column('uuid', { name: 'operation_project_id', nullable: true })
  operationProjectId!: string | null;

  /** Deleting an O&M project releases its affiliated projects. */
  @ManyToOne(() => Project, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'operation_project_id', foreignKeyConstraintName: 'project_operation_project_id_fkey' })
  operationProject?: Project;

  @Column('uuid', { name: 'customer_id', nullable: true })
  customerId!: string | null;

  @Column('uuid', { name: 'organization_id', nullable: true })
  organizationId!: string | null;

  @Column('uuid', { name: 'wind_park_ids', array: true, default: () => `'{}'` })
  windParkIds!: string[];

  @Column('uuid', { name: 'internal_turbine_ids', array: true, default: () => `'{}'` })
  internalTurbineIds!: string[];

  @Column('uuid', { name: 'external_turbine_ids', array: true, default: () => `'{}'` })
  externalTurbineIds!: string[];

  @Column('jsonb', { default: () => `'[]'` })
  operators!: ProjectOperator[];

  @Column('int', { name: 'planned_volume', nullable: true })
  plannedVolume!: number | null;

  @Column('timestamptz', { name: 'start_time', nullable: true })
  startTime!: Date | null;

  @Column('timestamptz', { name: 'end_time', nullable: true })
  endTime!: Date | null;

  @Column('uuid', { name: 'defect_template_id', nullable: true })
  defectTemplateId!: string | null;

  @Column('uuid', { name: 'dpr_template_id', nullable: true })
  dprTemplateId!: string | null;

  /** A template a project uses cannot be deleted (-8002); the key is the last word. */
  @ManyToOne(() => DprTemplate)
  @JoinColumn({ name: 'dpr_template_id', foreignKeyConstraintName: 'project_dpr_template_id_fkey' })
  dprTemplate?: DprTemplate;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
