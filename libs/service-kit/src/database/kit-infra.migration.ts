import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from './schema-of.js';

/**
 * Tables every service has in its own schema for the kit's plumbing:
 * - outbox: events committed with the domain change, waiting for the relay;
 * - handled_event: ids of events this service already applied (idempotent consumers);
 * - dead_letter: events that kept failing after the retries, for an admin to replay;
 * - job_progress: progress of long jobs (pg-boss keeps the job itself).
 * Listed first in every service's migrations.
 */
export class KitInfra1763700000000 implements MigrationInterface {
  name = 'KitInfra1763700000000';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE ${s}.outbox (
      seq bigserial PRIMARY KEY,
      event_id uuid NOT NULL UNIQUE,
      type text NOT NULL,
      key text NOT NULL,
      envelope jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE TABLE ${s}.handled_event (
      event_id uuid PRIMARY KEY,
      type text NOT NULL,
      handled_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE TABLE ${s}.dead_letter (
      id bigserial PRIMARY KEY,
      event_id uuid NOT NULL,
      type text NOT NULL,
      envelope jsonb NOT NULL,
      error text NOT NULL,
      attempts int NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      replayed_at timestamptz)`);
    await q.query(`CREATE TABLE ${s}.job_progress (
      job_id text PRIMARY KEY,
      queue text NOT NULL,
      percent int NOT NULL DEFAULT 0,
      message text,
      updated_at timestamptz NOT NULL DEFAULT now())`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    for (const t of ['job_progress', 'dead_letter', 'handled_event', 'outbox']) {
      await q.query(`DROP TABLE ${s}.${t}`);
    }
  }
}
