import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * Timelines across inspections and repair-campaign reports (issue #19):
 * - `inspection_timeline` / `defect_timeline`: inspection's `inspection.timeline.changed` (the full
 *   set per inspection): its previous inspection and, per defect, the timeline status and the
 *   previous defect it matched. Own tables (keyed by inspection, another partition than the defect
 *   events), joined to `defect_ref` when a report is rendered.
 * - `repair_campaign_ref` / `repair_campaign_defect`: repair's `repair.campaign.*` and
 *   `repair.defect.status-changed`: the campaign's park, customer, dates, status and each defect's
 *   repair status.
 * - report tasks may be made for a repair campaign (`scope_type` 'repairCampaign').
 */
export class ReportTimelinesCampaigns1764203000100 implements MigrationInterface {
  name = 'ReportTimelinesCampaigns1764203000100';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE ${s}.inspection_timeline (
      inspection_id uuid PRIMARY KEY,
      previous_inspection_id uuid
    )`);
    await q.query(`CREATE TABLE ${s}.defect_timeline (
      defect_id uuid PRIMARY KEY,
      inspection_id uuid NOT NULL,
      timeline_status text NOT NULL,
      previous_defect_id uuid
    )`);
    await q.query(`CREATE INDEX defect_timeline_inspection_idx ON ${s}.defect_timeline (inspection_id)`);
    await q.query(`CREATE INDEX defect_timeline_previous_idx ON ${s}.defect_timeline (previous_defect_id)`);
    await q.query(`CREATE TABLE ${s}.repair_campaign_ref (
      campaign_id uuid PRIMARY KEY,
      name text NOT NULL,
      status smallint NOT NULL,
      wind_farm_id uuid,
      customer_id uuid,
      start_date date,
      end_date date,
      deleted boolean NOT NULL DEFAULT false
    )`);
    await q.query(`CREATE TABLE ${s}.repair_campaign_defect (
      campaign_id uuid NOT NULL,
      defect_id uuid NOT NULL,
      repair_status smallint NOT NULL,
      changed_at timestamptz,
      PRIMARY KEY (campaign_id, defect_id)
    )`);
    await q.query(`ALTER TABLE ${s}.report_task DROP CONSTRAINT report_task_scope_type_check`);
    await q.query(`ALTER TABLE ${s}.report_task ADD CONSTRAINT report_task_scope_type_check
      CHECK (scope_type IN ('project', 'park', 'turbine', 'inspection', 'repairCampaign'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`DELETE FROM ${s}.report_task WHERE scope_type = 'repairCampaign'`);
    await q.query(`ALTER TABLE ${s}.report_task DROP CONSTRAINT report_task_scope_type_check`);
    await q.query(`ALTER TABLE ${s}.report_task ADD CONSTRAINT report_task_scope_type_check
      CHECK (scope_type IN ('project', 'park', 'turbine', 'inspection'))`);
    await q.query(`DROP TABLE ${s}.repair_campaign_defect`);
    await q.query(`DROP TABLE ${s}.repair_campaign_ref`);
    await q.query(`DROP TABLE ${s}.defect_timeline`);
    await q.query(`DROP TABLE ${s}.inspection_timeline`);
  }
}
