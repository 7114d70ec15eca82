import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/** Default time limit per stage in minutes (stage id → minutes); admins change them at /flow/time-limits. */
const DEFAULT_LIMITS: Record<number, number> = {
  1: 24 * 60, // upload
  2: 4 * 60, // auto processing
  3: 24 * 60, // sort and remove
  10: 24 * 60, // pre-label
  4: 48 * 60, // labeling
  5: 24 * 60, // labeling QA
  11: 24 * 60, // labeling FQA
  6: 48 * 60, // stitching
  7: 24 * 60, // stitching QA
  12: 24 * 60, // stitching FQA
  8: 24 * 60, // timeline
  9: 24 * 60, // timeline QA
};

export class TaskFlowInitial1763700000500 implements MigrationInterface {
  name = 'TaskFlowInitial1763700000500';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    // --- read models fed by other contexts' events ---
    await q.query(`CREATE TABLE ${s}.park_ref (
      wind_farm_id uuid PRIMARY KEY, name text NOT NULL, customer_id uuid, active boolean NOT NULL DEFAULT true,
      updated_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE TABLE ${s}.turbine_ref (
      turbine_id uuid PRIMARY KEY, name text NOT NULL, wind_farm_id uuid NOT NULL, deleted boolean NOT NULL DEFAULT false)`);
    await q.query(`CREATE INDEX turbine_ref_park_name_ix ON ${s}.turbine_ref (wind_farm_id, lower(name))`);
    await q.query(`CREATE TABLE ${s}.customer_ref (
      customer_id uuid PRIMARY KEY, name text NOT NULL, organization_id uuid, flow_configs jsonb, deleted boolean NOT NULL DEFAULT false)`);
    await q.query(`CREATE TABLE ${s}.organization_ref (organization_id uuid PRIMARY KEY, name text NOT NULL)`);
    await q.query(`CREATE TABLE ${s}.user_ref (
      user_id uuid PRIMARY KEY, username text NOT NULL, display_name text NOT NULL, roles int[] NOT NULL DEFAULT '{}',
      active boolean NOT NULL DEFAULT true, deleted boolean NOT NULL DEFAULT false)`);
    await q.query(`CREATE TABLE ${s}.inspection_ref (
      inspection_id uuid PRIMARY KEY, turbine_id uuid NOT NULL, wind_farm_id uuid NOT NULL, package_type int NOT NULL,
      component_type int, inspection_date date NOT NULL, upload_task_id text,
      images_processed_at timestamptz, image_count int, path_count int)`);
    await q.query(`CREATE TABLE ${s}.campaign_ref (
      campaign_id uuid PRIMARY KEY, name text NOT NULL, project_id uuid, project_type int, status int NOT NULL, active boolean NOT NULL)`);

    // --- tasks ---
    // One sequence versions every task change: live screens resynchronise with "changes since v".
    await q.query(`CREATE SEQUENCE ${s}.change_seq`);
    await q.query(`CREATE TABLE ${s}.stage_time_limit (stage int PRIMARY KEY, minutes int NOT NULL CHECK (minutes > 0))`);
    for (const [stage, minutes] of Object.entries(DEFAULT_LIMITS)) {
      await q.query(`INSERT INTO ${s}.stage_time_limit (stage, minutes) VALUES ($1, $2)`, [Number(stage), minutes]);
    }
    await q.query(`CREATE TABLE ${s}.task (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      upload_task_id text UNIQUE,
      inspection_id uuid UNIQUE,
      wind_farm_id uuid NOT NULL,
      windfarm_name text NOT NULL DEFAULT '',
      customer_id uuid, customer_name text NOT NULL DEFAULT '',
      organization_id uuid, organization_name text NOT NULL DEFAULT '',
      turbine_id uuid, turbine_name text NOT NULL DEFAULT '',
      inspection_date date NOT NULL,
      campaign_id uuid, project_type int,
      package_type int, component_type int,
      inspection_staff_id text, inspection_staff_name text,
      upload_file_uri text, drone_id text, uploaded_time timestamptz,
      features text[],
      images_processed boolean NOT NULL DEFAULT false,
      status int NOT NULL DEFAULT 1,
      current_stage int, current_stage_status int,
      handler_id uuid, handler_name text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz,
      version bigint NOT NULL DEFAULT nextval('${s.replace(/"/g, '')}.change_seq'))`);
    for (const [name, cols] of [
      ['task_updated_ix', 'updated_at, id'],
      ['task_created_ix', 'created_at, id'],
      ['task_completed_ix', 'completed_at'],
      ['task_inspection_date_ix', 'inspection_date, id'],
      ['task_uploaded_ix', 'uploaded_time, id'],
      ['task_park_ix', 'wind_farm_id, updated_at'],
      ['task_customer_ix', 'customer_id, updated_at'],
      ['task_handler_ix', 'handler_id, updated_at'],
      ['task_current_ix', 'current_stage, current_stage_status'],
      ['task_status_ix', 'status, updated_at'],
      ['task_version_ix', 'version'],
      ['task_campaign_turbine_ix', 'campaign_id, turbine_id'],
      ['task_match_ix', 'wind_farm_id, inspection_date, lower(turbine_name)'],
      ['task_park_name_ix', 'windfarm_name, id'],
      ['task_customer_name_ix', 'customer_name, id'],
      ['task_turbine_name_ix', 'turbine_name, id'],
    ]) {
      await q.query(`CREATE INDEX ${name} ON ${s}.task (${cols})`);
    }
    // The task pool (waiting for a picker, newest first) walks this small index instead of the whole table.
    await q.query(
      `CREATE INDEX task_pool_ix ON ${s}.task (updated_at, id) WHERE status IN (1, 4) AND current_stage_status IN (3, 7) AND handler_id IS NULL`,
    );
    await q.query(`CREATE TABLE ${s}.task_stage (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      task_id uuid NOT NULL REFERENCES ${s}.task(id) ON DELETE CASCADE,
      stage int NOT NULL,
      seq int NOT NULL,
      status int NOT NULL,
      handler_id uuid, handler_name text,
      ready_at timestamptz, started_at timestamptz, completed_at timestamptz, deadline timestamptz,
      error_message text, job_id text,
      -- what an automatic stage is doing right now (e.g. waiting for the inspection service)
      progress_message text,
      UNIQUE (task_id, stage))`);
    await q.query(`CREATE INDEX task_stage_stage_status_ix ON ${s}.task_stage (stage, status)`);
    await q.query(`CREATE INDEX task_stage_deadline_ix ON ${s}.task_stage (deadline) WHERE status IN (3, 4)`);
    await q.query(`CREATE TABLE ${s}.task_history (
      id bigserial PRIMARY KEY,
      task_id uuid NOT NULL REFERENCES ${s}.task(id) ON DELETE CASCADE,
      at timestamptz NOT NULL DEFAULT clock_timestamp(),
      stage int, stage_status int,
      handler_id uuid, handler_name text,
      actor_id text, actor_name text,
      action text,
      message text NOT NULL DEFAULT '')`);
    await q.query(`CREATE INDEX task_history_task_ix ON ${s}.task_history (task_id, id)`);
    await q.query(`CREATE TABLE ${s}.task_log (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      task_id uuid NOT NULL REFERENCES ${s}.task(id) ON DELETE CASCADE,
      log_name text NOT NULL, log_type text NOT NULL, drone_id text, log_file_uri text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX task_log_task_ix ON ${s}.task_log (task_id, created_at)`);

    // --- QA ---
    await q.query(`CREATE TABLE ${s}.qa_result (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      task_id uuid NOT NULL REFERENCES ${s}.task(id) ON DELETE CASCADE,
      stage int NOT NULL, work_stage int NOT NULL,
      result int NOT NULL CHECK (result IN (1, 2, 3)),
      defect_id text,
      comments text NOT NULL DEFAULT '',
      reviewer_id uuid NOT NULL, reviewer_name text NOT NULL,
      labeler_id uuid, labeler_name text,
      added int NOT NULL DEFAULT 0, deleted int NOT NULL DEFAULT 0, modified int NOT NULL DEFAULT 0, correct int NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX qa_result_task_ix ON ${s}.qa_result (task_id, created_at)`);
    await q.query(`CREATE INDEX qa_result_created_ix ON ${s}.qa_result (created_at) WHERE defect_id IS NULL`);

    // --- re-inspection requests (approval tasks) ---
    await q.query(`CREATE TABLE ${s}.reinspection_request (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      task_id uuid NOT NULL REFERENCES ${s}.task(id) ON DELETE CASCADE,
      inspection_id uuid,
      stage int NOT NULL,
      requester_id uuid NOT NULL, requester_name text NOT NULL,
      request_time timestamptz NOT NULL DEFAULT now(),
      request_comments text NOT NULL DEFAULT '',
      source_url text,
      status int NOT NULL DEFAULT 1,
      approved boolean,
      processor_id uuid, processor_name text, process_time timestamptz, process_comments text)`);
    // At most one request waiting per task.
    await q.query(`CREATE UNIQUE INDEX reinspection_one_open_uq ON ${s}.reinspection_request (task_id) WHERE status = 1`);
    await q.query(`CREATE INDEX reinspection_time_ix ON ${s}.reinspection_request (request_time, id)`);

    // --- turbines within inspection campaigns ---
    await q.query(`CREATE TABLE ${s}.campaign_turbine (
      campaign_id uuid NOT NULL, turbine_id uuid NOT NULL, status int NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (campaign_id, turbine_id))`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    for (const t of [
      'campaign_turbine',
      'reinspection_request',
      'qa_result',
      'task_log',
      'task_history',
      'task_stage',
      'task',
      'stage_time_limit',
      'campaign_ref',
      'inspection_ref',
      'user_ref',
      'organization_ref',
      'customer_ref',
      'turbine_ref',
      'park_ref',
    ]) {
      await q.query(`DROP TABLE ${s}.${t}`);
    }
    await q.query(`DROP SEQUENCE ${s}.change_seq`);
  }
}
