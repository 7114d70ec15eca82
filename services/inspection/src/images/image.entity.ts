import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { numericNumber } from '../common/columns.js';

export type TileStatus = 'pending' | 'processing' | 'done' | 'failed';

/** A photograph of an inspection; its bytes, thumbnail and deep-zoom tiles live in the file store. */
@Entity({ name: 'image' })
export class Image {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'inspection_id' })
  inspectionId!: string;

  /** Blade 1..3 (position on the rotor); null for tower, nacelle, foundation photos. */
  @Column('smallint', { name: 'blade_position', nullable: true })
  bladePosition!: number | null;

  /** Blade path 1..8 = view index (SPEC §3). */
  @Column('smallint', { nullable: true })
  path!: number | null;

  @Column('int')
  chamber!: number;

  @Column('text', { nullable: true })
  section!: string | null;

  @Column('int', { name: 'sort_index' })
  sortIndex!: number;

  @Column('numeric', { name: 'distance_to_root', nullable: true, transformer: numericNumber })
  distanceToRoot!: number | null;

  @Column('boolean', { name: 'is_active' })
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

  @Column('text', { name: 'tile_status' })
  tileStatus!: TileStatus;

  @Column('text', { name: 'tile_job_id', nullable: true })
  tileJobId!: string | null;

  @Column('text', { name: 'tile_error', nullable: true })
  tileError!: string | null;

  @Column('timestamptz', { name: 'tiled_at', nullable: true })
  tiledAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
