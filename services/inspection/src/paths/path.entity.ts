import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A blade path of an inspection = its images with one (blade, view index, chamber). Rows are made
 * by the `image_paths` trigger (migration 1763700000420) when images arrive, so readers find
 * every path; `id` is the SPEC §3 `pathGuid`.
 */
@Entity({ name: 'paths' })
export class InspectionPath {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'inspection_id' })
  inspectionId!: string;

  @Column('smallint', { name: 'blade_position', nullable: true })
  bladePosition!: number | null;

  /** View index 1..8 (SPEC §3); the images' `path` column. */
  @Column('smallint', { name: 'path_view_index', nullable: true })
  pathViewIndex!: number | null;

  @Column('int')
  chamber!: number;

  /** Saved in the sort-and-remove tool since its content last changed. */
  @Column('boolean')
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
