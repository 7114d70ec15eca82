import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { schemaName } from '../common/columns.js';

/** One defect of a timeline chain (newest first within a head). */
export interface ChainRow {
  head_id: string;
  depth: number;
  id: string;
  defect_no: string;
  defect_type: string;
  turbine_id: string;
  turbine_name: string;
  blade_position: number | null;
  distance_to_root: string | null;
  severity: number | null;
  repair_priority: number | null;
  size_length: string | null;
  size_width: string | null;
  inspection_date: string;
}

/** Timeline chains (defect → previous defect → …) of a park's or one defect's active inspections. */
@Injectable()
export class GrowthRepository {
  constructor(private readonly ds: DataSource) {}

  async chains(where: { windParkId: string } | { defectId: string }): Promise<ChainRow[]> {
    const s = schemaName(this.ds);
    const head = 'windParkId' in where ? 'd.wind_park_id = $1 AND i.is_active' : 'd.id = $1';
    return this.ds.query(
      `WITH RECURSIVE chain AS (
         SELECT d.id AS head_id, d.id, d.previous_defect_id, 0 AS depth
         FROM ${s}.defect d JOIN ${s}.inspection i ON i.id = d.inspection_id
         WHERE ${head} AND NOT d.suggested AND d.previous_defect_id IS NOT NULL
         UNION ALL
         SELECT c.head_id, p.id, p.previous_defect_id, c.depth + 1
         FROM chain c JOIN ${s}.defect p ON p.id = c.previous_defect_id WHERE c.depth < 50)
       SELECT c.head_id, c.depth, d.id, d.defect_no, d.defect_type, d.turbine_id, i.turbine_name, d.blade_position,
              d.distance_to_root, d.severity, d.repair_priority, d.size_length, d.size_width, i.inspection_date::text AS inspection_date
       FROM chain c JOIN ${s}.defect d ON d.id = c.id JOIN ${s}.inspection i ON i.id = d.inspection_id
       ORDER BY c.head_id, c.depth`,
      ['windParkId' in where ? where.windParkId : where.defectId],
    );
  }
}
