import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from './schema-of.js';

/**
 * Order per record after a failure (issue #16 item 7, docs/events.md "Dead letters and order"):
 * a dead letter names its record (producer + key) and blocks it; later events of that record wait
 * in `held_event`, in arrival order, until the dead letter is replayed or set aside.
 */
export class KitEventOrder1764400004000 implements MigrationInterface {
  name = 'KitEventOrder1764400004000';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`ALTER TABLE ${s}.dead_letter ADD COLUMN source text, ADD COLUMN key text, ADD COLUMN set_aside_at timestamptz`);
    await q.query(`UPDATE ${s}.dead_letter SET source = coalesce(envelope->'actor'->>'service', ''), key = coalesce(envelope->>'key', '')`);
    await q.query(`ALTER TABLE ${s}.dead_letter ALTER COLUMN source SET NOT NULL, ALTER COLUMN key SET NOT NULL`);
    await q.query(`CREATE INDEX dead_letter_open_idx ON ${s}.dead_letter (source, key) WHERE replayed_at IS NULL AND set_aside_at IS NULL`);
    await q.query(`CREATE TABLE ${s}.held_event (
      id bigserial PRIMARY KEY,
      event_id uuid NOT NULL UNIQUE,
      source text NOT NULL,
      key text NOT NULL,
      type text NOT NULL,
      envelope jsonb NOT NULL,
      held_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX held_event_record_idx ON ${s}.held_event (source, key, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`DROP TABLE ${s}.held_event`);
    await q.query(`DROP INDEX ${s}.dead_letter_open_idx`);
    await q.query(`ALTER TABLE ${s}.dead_letter DROP COLUMN source, DROP COLUMN key, DROP COLUMN set_aside_at`);
  }
}
