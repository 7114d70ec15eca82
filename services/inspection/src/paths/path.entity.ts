import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { Inspection } from '../inspections/inspection.entity.js';

/**
 * A blade path of an inspection = its images with one (blade, view index, chamber). Rows are made
 * by the `image_paths` trigger (migration 1763700000420) when images arrive, so readers find
 * every path; `id` is the SPEC §3 `pathGuid`.
 */
@Entity({ name: 'paths' })
@Check('paths_blade_position_check', 'blade_position BETWEEN 1 AND 3')
@Check('paths_path_view_index_check', 'path_view_index BETWEEN 1 AND 8')
/**
 * Photos without a blade or view (tower, nacelle…) form one path too: NULLs compare equal here
 * (migration: UNIQUE NULLS NOT DISTINCT, which TypeORM cannot express; it compares uniques by name).
 */
@Unique('paths_group_uq', ['inspectionId', 'bladePosition', 'pathViewIndex', 'chamber'])
export class InspectionPath {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'inspection_id' })
  inspectionId!: string;

  /** Declares the migration's foreign key only (an inspection's paths go with it); never loaded. */
  @ManyToOne(() => Inspection, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'inspection_id', foreignKeyConstraintName: 'paths_inspection_id_fkey' })
  inspection?: Inspection;

  @Column('smallint', { name: 'blade_position', nullable: true })
  bladePosition!: number | null;

  /** View index 1..8 (SPEC §3); the images' `path` column. */
  @Column('smallint', { name: 'path_view_index', nullable: true })
  pathViewIndex!: number | null;

  @Column('int', { default: 0 })
  chamber!: number;

  /** Saved in the sort-and-remove tool since its content last changed. */
  @Column('boolean', { default: false })
  saved!: boolean;

  @Column('timestamptz', { name: 'saved_at', nullable: true })
  savedAt!: Date | null;

  /** User id of the last save. */
  @Column('text', { name: 'saved_by', nullable: true })
  savedBy!: string | null;

  /** Stitched panorama of the path (SPEC §3 CVPanoUri / CVPanoThumbUri), filled by stitching. */
  @Column('text', { name: 'cv_pano_uri', nullable: true })
  cvPanoUri!: string | null;

  @Column('text', { name: 'cv_pano_thumb_uri', nullable: true })
  cvPanoThumbUri!: string | null;
}
