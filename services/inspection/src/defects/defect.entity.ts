import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { Inspection } from '../inspections/inspection.entity.js';
import { Image } from '../images/image.entity.js';
import { numericNumber } from '../common/columns.js';

/** [x, y] in image pixels, origin top-left. */
export type Point = [number, number];

/**
 * `defect.dps_rank`: the SPEC §3 sort priority of the DPS status (most urgent first), as the first
 * migration made it (migration 1763700000470 records it in typeorm_metadata for TypeORM).
 */
export const DPS_RANK_SQL = 'CASE dps_status WHEN 4 THEN 0 WHEN 2 THEN 1 WHEN 3 THEN 2 WHEN 1 THEN 3 ELSE 4 END';

@Entity({ name: 'defect' })
@Check('defect_defect_no_check', `defect_no ~ '^[0-9]{6}$'`)
@Check('defect_severity_check', 'severity BETWEEN 0 AND 5')
@Check('defect_position_check', 'position BETWEEN 1 AND 8')
@Check('defect_blade_position_check', 'blade_position BETWEEN 1 AND 3')
@Check('defect_repair_priority_check', 'repair_priority BETWEEN 1 AND 4')
@Check('defect_dps_status_check', 'dps_status BETWEEN 0 AND 4')
@Check('defect_timeline_status_check', `timeline_status IN ('NOT_APPLICABLE', 'NEW', 'INCREASED', 'STABLE', 'REPAIRED')`)
/** Defect numbers are unique within their inspection (docs/inspection.md). */
@Index('defect_no_uq', ['inspectionId', 'defectNo'], { unique: true })
@Index('defect_inspection_idx', ['inspectionId', 'dpsRank', 'id'])
@Index('defect_image_idx', ['imageId'])
/**
 * Park and turbine lists walk these in order; they never show suggestions (migration: partial,
 * WHERE NOT suggested; the filter index is on lower(defect_type)).
 */
@Index('defect_park_dps_idx', { synchronize: false })
@Index('defect_park_severity_idx', { synchronize: false })
@Index('defect_park_created_idx', { synchronize: false })
@Index('defect_park_filter_idx', { synchronize: false })
@Index('defect_turbine_idx', { synchronize: false })
/** The Data Center search's default order, newest inspection first (migration 1764600000000: partial). */
@Index('defect_park_date_idx', { synchronize: false })
/** The search's severity order, most severe first, unrated last (migration 1764600000000: partial, covering). */
@Index('defect_park_severity_desc_idx', { synchronize: false })
/** One defect type in that severity order (migration 1764600000000: partial, on lower(defect_type)). */
@Index('defect_park_type_severity_idx', { synchronize: false })
/** Single-point export and blade-zone insights (migration 1764151500000: partial, WHERE NOT suggested). */
@Index('defect_point_idx', { synchronize: false })
/** An inspection's suggestions (migration: partial, WHERE suggested). */
@Index('defect_suggested_idx', { synchronize: false })
export class Defect {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'inspection_id' })
  inspectionId!: string;

  /** Declares the migration's foreign key only (an inspection's defects go with it); never loaded. */
  @ManyToOne(() => Inspection, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'inspection_id', foreignKeyConstraintName: 'defect_inspection_id_fkey' })
  inspection?: Inspection;

  @Column('uuid', { name: 'image_id' })
  imageId!: string;

  /** Declares the migration's foreign key only; never loaded. */
  @ManyToOne(() => Image)
  @JoinColumn({ name: 'image_id', foreignKeyConstraintName: 'defect_image_id_fkey' })
  image?: Image;

  @Column('uuid', { name: 'wind_park_id' })
  windParkId!: string;

  /** The inspection's date, copied by a trigger (migration 1764600000000) for the search's order; never written here. */
  @Column({ type: 'date', name: 'inspection_date', insert: false, update: false })
  inspectionDate!: string;

  @Column('uuid', { name: 'turbine_id' })
  turbineId!: string;

  @Column('char', { name: 'defect_no', length: 6 })
  defectNo!: string;

  @Column('smallint', { nullable: true })
  severity!: number | null;

  @Column('text', { name: 'defect_type' })
  defectType!: string;

  @Column('text', { nullable: true })
  layer!: string | null;

  @Column('text', { name: 'affected_part', nullable: true })
  affectedPart!: string | null;

  @Column('text', { nullable: true })
  recommendation!: string | null;

  @Column('numeric', { name: 'size_length', precision: 12, scale: 3, nullable: true, transformer: numericNumber })
  sizeLength!: number | null;

  @Column('numeric', { name: 'size_width', precision: 12, scale: 3, nullable: true, transformer: numericNumber })
  sizeWidth!: number | null;

  /** Blade side (view index 1..8) the defect sits on. */
  @Column('smallint', { nullable: true })
  position!: number | null;

  @Column('smallint', { name: 'blade_position', nullable: true })
  bladePosition!: number | null;

  @Column('numeric', { name: 'distance_to_root', precision: 8, scale: 2, nullable: true, transformer: numericNumber })
  distanceToRoot!: number | null;

  @Column('numeric', { name: 'chordwise_start', precision: 12, scale: 3, nullable: true, transformer: numericNumber })
  chordwiseStart!: number | null;

  @Column('numeric', { name: 'chordwise_end', precision: 12, scale: 3, nullable: true, transformer: numericNumber })
  chordwiseEnd!: number | null;

  @Column('smallint', { name: 'repair_priority', nullable: true })
  repairPriority!: number | null;

  @Column({ type: 'jsonb' })
  polygon!: Point[];

  @Column('smallint', { name: 'dps_status', default: 2 })
  dpsStatus!: number;

  // Generated by PostgreSQL from dps_status (SPEC §3 sort priority); never written.
  // Nullable as PostgreSQL reports every generated column; the CASE always yields a value.
  @Column({
    type: 'smallint',
    name: 'dps_rank',
    nullable: true,
    generatedType: 'STORED',
    asExpression: DPS_RANK_SQL,
    insert: false,
    update: false,
  })
  dpsRank!: number;

  @Column('text', { name: 'timeline_status', default: 'NOT_APPLICABLE' })
  timelineStatus!: string;

  @Column('boolean', { name: 'timeline_manual', default: false })
  timelineManual!: boolean;

  @Column('uuid', { name: 'previous_defect_id', nullable: true })
  previousDefectId!: string | null;

  /** A pre-label suggestion (import or model) until a labeler accepts it; hidden from the regular lists. */
  @Column('boolean', { default: false })
  suggested!: boolean;

  @Column('text', { name: 'created_by', nullable: true })
  createdBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** An external defect and an internal defect of the same blade seen from both sides. */
@Entity({ name: 'defect_link' })
@Index('defect_link_internal_idx', ['internalDefectId'])
export class DefectLink {
  @PrimaryColumn('uuid', { name: 'external_defect_id' })
  externalDefectId!: string;

  /** Declares the migration's foreign key only (a link goes with either defect); never loaded. */
  @ManyToOne(() => Defect, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'external_defect_id', foreignKeyConstraintName: 'defect_link_external_defect_id_fkey' })
  externalDefect?: Defect;

  @PrimaryColumn('uuid', { name: 'internal_defect_id' })
  internalDefectId!: string;

  /** Declares the migration's foreign key only; never loaded. */
  @ManyToOne(() => Defect, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'internal_defect_id', foreignKeyConstraintName: 'defect_link_internal_defect_id_fkey' })
  internalDefect?: Defect;

  @Column('text', { name: 'created_by', nullable: true })
  createdBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
