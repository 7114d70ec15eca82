import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * Stitched panoramas of blade paths: one row per (inspection, blade, view index, chamber); the
 * JPEG, thumbnail and deep-zoom tiles of the last run live in the file store below
 * `storage_prefix`. `version` counts the runs asked for, so a superseded job drops its result.
 */
export class InspectionStitching1763700000440 implements MigrationInterface {
  name = 'InspectionStitching1763700000440';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE ${s}.panoramas (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      inspection_id uuid NOT NULL REFERENCES ${s}.inspection(id) ON DELETE CASCADE,
      blade_position smallint NOT NULL CHECK (blade_position BETWEEN 1 AND 3),
      path_view_index smallint NOT NULL CHECK (path_view_index BETWEEN 1 AND 8),
      chamber int NOT NULL DEFAULT 0,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
      version int NOT NULL DEFAULT 1,
      job_id text,
      error_code int,
      error_message text,
      pixel_size_mm numeric(10,4) NOT NULL CHECK (pixel_size_mm > 0),
      offsets jsonb NOT NULL DEFAULT '{}',
      width int,
      height int,
      scale double precision,
      image_count int,
      placements jsonb NOT NULL DEFAULT '[]',
      storage_prefix text,
      requested_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE UNIQUE INDEX panoramas_path_uq ON ${s}.panoramas (inspection_id, blade_position, path_view_index, chamber)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS ${schemaOf(q)}.panoramas`);
  }
}
