import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Inspection } from '../inspections/inspection.entity.js';
import { numericNumber } from '../common/columns.js';

export type TileStatus = 'pending' | 'processing' | 'done' | 'failed';

/** A photograph of an inspection; its bytes, thumbnail and deep-zoom tiles live in the file store. */
@Entity({ name: 'image' })
@Check('image_blade_position_check', 'blade_position BETWEEN 1 AND 3')
@Check('image_path_check', 'path BETWEEN 1 AND 8')
@Check('image_format_check', `format IN ('jpeg', 'png')`)
@Check('image_tile_status_check', `tile_status IN ('pending', 'processing', 'done', 'failed')`)
@Index('image_inspection_idx', ['inspectionId', 'bladePosition', 'path', 'sortIndex'])
/** The Data Center gallery's default order (migration 1764600000000: partial, WHERE is_active). */
@Index('image_park_date_idx', { synchronize: false })
export class Image {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'inspection_id' })
  inspectionId!: string;

  /** Declares the migration's foreign key only (an inspection's images go with it); never loaded. */
  @ManyToOne(() => Inspection, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'inspection_id', foreignKeyConstraintName: 'image_inspection_id_fkey' })
  inspection?: Inspection;

  /** The inspection's park and date, copied by a trigger (migration 1764600000000) for the search's order; never written here. */
  @Column({ type: 'uuid', name: 'wind_park_id', insert: false, update: false })
  windParkId!: string;

  @Column({ type: 'date', name: 'inspection_date', insert: false, update: false })
  inspectionDate!: string;

  /** Blade 1..3 (position on the rotor); null for tower, nacelle, foundation photos. */
  @Column('smallint', { name: 'blade_position', nullable: true })
  bladePosition!: number | null;

  /** Blade path 1..8 = view index (SPEC §3). */
  @Column('smallint', { nullable: true })
  path!: number | null;

  @Column('int', { default: 0 })
  chamber!: number;

  @Column('text', { nullable: true })
  section!: string | null;

  @Column('int', { name: 'sort_index', default: 0 })
  sortIndex!: number;

  @Column('numeric', { name: 'distance_to_root', precision: 8, scale: 2, nullable: true, transformer: numericNumber })
  distanceToRoot!: number | null;

  @Column('boolean', { name: 'is_active', default: true })
  isActive!: boolean;

  @Column('text', { name: 'key_part_tag', nullable: true })
  keyPartTag!: string | null;

  @Column('text', { name: 'file_name' })
  fileName!: string;

  @Column('text')
  format!: 'jpeg' | 'png';

  @Column('int')
  width!: number;

  @Column('int')
  height!: number;

  @Column('int', { name: 'size_bytes' })
  sizeBytes!: number;

  /** Folder of this image in the file store: original, thumb.jpg, image.dzi, image_files/. */
  @Column('text', { name: 'storage_prefix' })
  storagePrefix!: string;

  @Column('text', { name: 'tile_status', default: 'pending' })
  tileStatus!: TileStatus;

  @Column('text', { name: 'tile_job_id', nullable: true })
  tileJobId!: string | null;

  @Column('text', { name: 'tile_error', nullable: true })
  tileError!: string | null;

  @Column('timestamptz', { name: 'tiled_at', nullable: true })
  tiledAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /**
   * The labeler's "this image is labeled" mark, who set it and when: read and written by the
   * labeling SQL only (labeling.repository.ts, labeling-progress.ts), so never selected here.
   */
  @Column('boolean', { default: false, select: false })
  labeled?: boolean;

  @Column('text', { name: 'labeled_by', nullable: true, select: false })
  labeledBy?: string | null;

  @Column('timestamptz', { name: 'labeled_at', nullable: true, select: false })
  labeledAt?: Date | null;
}
