import type { QueryRunner } from 'typeorm';
import { schemaOf } from './schema-of.js';

/**
 * Creates the two tables the kit's AssetRefsConsumer writes — `park_ref` and `turbine_ref` — in
 * the migration's schema, for a NEW service's first migration. The shape is the consumer's SQL
 * contract; a service adds its own indexes (and columns) after this call. Services whose
 * applied migrations created these tables differently keep those migrations as they are.
 */
export async function createAssetRefTables(q: QueryRunner): Promise<void> {
  const s = schemaOf(q);
  await q.query(`CREATE TABLE ${s}.park_ref (
      wind_farm_id uuid PRIMARY KEY,
      name text NOT NULL,
      customer_id uuid NOT NULL,
      active boolean NOT NULL DEFAULT true)`);
  await q.query(`CREATE TABLE ${s}.turbine_ref (
      turbine_id uuid PRIMARY KEY,
      wind_farm_id uuid NOT NULL,
      name text NOT NULL,
      deleted boolean NOT NULL DEFAULT false)`);
}
