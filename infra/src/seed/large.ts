import pg from 'pg';

export interface LargeDataset {
  customers: number;
  parks: number;
  turbinesPerPark: number;
}

export const LARGE_DEFAULTS: LargeDataset = { customers: 20, parks: 200, turbinesPerPark: 50 };

/**
 * Fills asset's tables with a large registry in a few set-based statements (generate_series):
 * 20 customers, 200 parks, 10,000 turbines with 30,000 blades by default. Asset's schema must
 * exist (the service migrates it at start). Rows are written directly, so no events are
 * published: other services do not learn about these parks — this data is for measuring asset.
 */
export async function seedLarge(databaseUrl: string, o: LargeDataset = LARGE_DEFAULTS): Promise<{ seconds: number; turbines: number }> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const started = Date.now();
  try {
    await c.query('BEGIN');
    const run = `L${Date.now().toString(36)}`;
    await c.query(
      `INSERT INTO asset.customer_ref (customer_id, name, max_turbines)
       SELECT gen_random_uuid(), $1 || ' customer ' || g, NULL FROM generate_series(1, $2) g`,
      [run, o.customers],
    );
    await c.query(
      `WITH cust AS (SELECT customer_id, row_number() OVER (ORDER BY customer_id) - 1 AS i
                     FROM asset.customer_ref WHERE name LIKE $1 || ' customer %')
       INSERT INTO asset.wind_park (name, customer_id, latitude, longitude, province, city, capacity_mw)
       SELECT $1 || ' park ' || g, cust.customer_id, 20 + random() * 35, 75 + random() * 50, 'Province ' || (g % 30), 'City ' || (g % 90), 50 + (g % 20) * 25
       FROM generate_series(1, $2) g JOIN cust ON cust.i = g % $3`,
      [run, o.parks, o.customers],
    );
    await c.query(
      `INSERT INTO asset.turbine (wind_park_id, name, serial_number, latitude, longitude)
       SELECT p.id, 'T' || lpad(n::text, 3, '0'), $1 || '-' || p.id || '-' || n, p.latitude + n * 0.001, p.longitude
       FROM asset.wind_park p CROSS JOIN generate_series(1, $2) n WHERE p.name LIKE $1 || ' park %'`,
      [run, o.turbinesPerPark],
    );
    const { rowCount } = await c.query(
      `INSERT INTO asset.blade (turbine_id, position, name, serial_number)
       SELECT t.id, b, chr(64 + b), t.serial_number || '-B' || b
       FROM asset.turbine t JOIN asset.wind_park p ON p.id = t.wind_park_id CROSS JOIN generate_series(1, 3) b
       WHERE p.name LIKE $1 || ' park %'`,
      [run],
    );
    await c.query('COMMIT');
    await c.query('ANALYZE asset.wind_park; ANALYZE asset.turbine; ANALYZE asset.blade');
    return { seconds: (Date.now() - started) / 1000, turbines: (rowCount ?? 0) / 3 };
  } catch (err) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await c.end();
  }
}
