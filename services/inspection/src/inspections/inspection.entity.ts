import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { dateText } from '../common/columns.js';

/** The blades as they were when the inspection was made (serials tell a changed blade apart). */
export interface BladeSnapshot {
  position: number;
  serialNumber: string;
  length: number | null;
}

@Entity({ name: 'inspection' })
@Check('inspection_component_type_check', 'component_type BETWEEN 0 AND 5')
/** -10009: one inspection of a component per turbine and day; the index settles races. */
@Index('inspection_same_day_uq', ['turbineId', 'componentType', 'inspectionDate'], { unique: true })
/** Park lists, newest first (migration: inspection_date DESC). */
@Index('inspection_park_idx', { synchronize: false })
/** Partial (migration: WHERE previous_inspection_id IS NOT NULL). */
@Index('inspection_previous_idx', { synchronize: false })
export class Inspection {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'turbine_id' })
  turbineId!: string;

  @Column('uuid', { name: 'wind_park_id' })
  windParkId!: string;

  @Column('uuid', { name: 'customer_id' })
  customerId!: string;

  @Column('text', { name: 'turbine_name' })
  turbineName!: string;

  @Column('smallint', { name: 'package_type' })
  packageType!: number;

  @Column('smallint', { name: 'component_type' })
  componentType!: number;

  @Column('date', { name: 'inspection_date', transformer: dateText })
  inspectionDate!: string;

  @Column('boolean', { name: 'is_active', default: true })
  isActive!: boolean;

  @Column('text', { nullable: true })
  pilot!: string | null;

  @Column('text', { name: 'device_id', nullable: true })
  deviceId!: string | null;

  @Column('text', { name: 'inspection_data_config_id', nullable: true })
  inspectionDataConfigId!: string | null;

  @Column('uuid', { name: 'previous_inspection_id', nullable: true })
  previousInspectionId!: string | null;

  /** Declares the migration's foreign key only; never loaded. */
  @ManyToOne(() => Inspection)
  @JoinColumn({ name: 'previous_inspection_id', foreignKeyConstraintName: 'inspection_previous_inspection_id_fkey' })
  previousInspection?: Inspection | null;

  @Column('jsonb', { default: () => `'[]'` })
  blades!: BladeSnapshot[];

  @Column('text', { name: 'created_by', nullable: true })
  createdBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  /**
   * The labeling completeness last announced in `inspection.labeling.changed` (null: never);
   * read and written by the labeling repository's SQL only, so never selected here.
   */
  @Column('boolean', { name: 'labeling_complete', nullable: true, select: false })
  labelingComplete?: boolean | null;
}
