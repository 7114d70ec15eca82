import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * Blade paths of an inspection: one row per (inspection, blade, view index, chamber) its images
 * use, with a stable id (`pathGuid`), the sort-and-remove "saved" flag and the stitched panorama
 * URIs. A trigger on `image` creates the row when an image arrives in (or is moved to) a group,
 * so every path exists for any reader (sort-and-remove, stitching) without a listing first.
 */
export class InspectionPaths1763700000420 implements MigrationInterface {
  name = 'InspectionPaths1763700000420';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE ${s}.paths (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      inspection_id uuid NOT NULL REFERENCES ${s}.inspection(id) ON DELETE CASCADE,
      blade_position smallint CHECK (blade_position BETWEEN 1 AND 3),
      path_view_index smallint CHECK (path_view_index BETWEEN 1 AND 8),
      chamber int NOT NULL DEFAULT 0,
      saved boolean NOT NULL DEFAULT false,
      saved_at timestamptz,
      saved_by text,
      cv_pano_uri text,
      cv_pano_thumb_uri text,
      -- Photos without a blade or view (tower, nacelle…) form one path too: NULLs compare equal here.
      CONSTRAINT paths_group_uq UNIQUE NULLS NOT DISTINCT (inspection_id, blade_position, path_view_index, chamber))`);
    await q.query(`CREATE FUNCTION ${s}.paths_of_image() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO ${s}.paths (inspection_id, blade_position, path_view_index, chamber)
        VALUES (NEW.inspection_id, NEW.blade_position, NEW.path, NEW.chamber)
        ON CONFLICT ON CONSTRAINT paths_group_uq DO NOTHING;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER image_paths AFTER INSERT OR UPDATE OF blade_position, path, chamber ON ${s}.image
      FOR EACH ROW EXECUTE FUNCTION ${s}.paths_of_image()`);
    await q.query(`INSERT INTO ${s}.paths (inspection_id, blade_position, path_view_index, chamber)
      SELECT DISTINCT inspection_id, blade_position, path, chamber FROM ${s}.image
      ON CONFLICT ON CONSTRAINT paths_group_uq DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`DROP TRIGGER image_paths ON ${s}.image`);
    await q.query(`DROP FUNCTION ${s}.paths_of_image()`);
    await q.query(`DROP TABLE ${s}.paths`);
  }
}
