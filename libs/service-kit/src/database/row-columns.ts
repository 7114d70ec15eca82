/** The properties of `Row` that `C` does not name (never when it names them all). */
type Unnamed<Row, C extends readonly string[]> = Exclude<keyof Row & string, C[number]>;

/** A table and the columns a typed repository reads or writes in it. */
export interface RowColumns {
  readonly table: string;
  readonly columns: readonly string[];
}

const declared: RowColumns[] = [];

/**
 * Declares the columns of a typed repository's row (`<aggregate>.repository.ts`, raw SQL): every
 * property of `Row` must be named (a property left out does not compile), so the list is the row
 * type the repository's SQL returns and writes. Leave out of `Row` what the SQL computes or joins
 * from another table (`Omit<SheetImportRow, 'windfarm_name'>`). The service's schema test checks
 * every declaration against the migrated database (`missingRowColumns`, kit testing): a migration
 * that drops or renames a column a repository uses fails it, as `pendingSchemaChanges` does for
 * entities.
 *
 * `export const SHEET_IMPORT_COLUMNS = rowColumns<Omit<SheetImportRow, 'windfarm_name'>>()('sheet_import', ['id', …]);`
 */
export function rowColumns<Row>() {
  return <const C extends readonly (keyof Row & string)[]>(
    table: string,
    columns: C & ([Unnamed<Row, C>] extends [never] ? unknown : { missing: Unnamed<Row, C> }),
  ): RowColumns => {
    const d: RowColumns = { table, columns };
    declared.push(d);
    return d;
  };
}

/**
 * A typed repository whose rows carry an entity's own property names (a hot read path that
 * answers the same view as the entity without TypeORM's hydration): `columnOf` maps each property
 * to its column; declared like `rowColumns` (checked by the schema test), and `select(alias)` is
 * the select list `alias.column AS "property"`, with the `numeric` columns cast to float8 (pg
 * hands numeric over as text, the entity's transformer as a number) and the `date` columns to
 * text (pg hands a date over as a Date at local midnight, TypeORM as 'YYYY-MM-DD').
 */
export function entityRowColumns<const M extends Record<string, string>>(
  table: string,
  columnOf: M,
  numeric: readonly M[keyof M][] = [],
  date: readonly M[keyof M][] = [],
): RowColumns & { select(alias: string): string } {
  const d: RowColumns = { table, columns: Object.values(columnOf) };
  declared.push(d);
  const cast = (column: M[keyof M]) => (numeric.includes(column) ? '::float8' : date.includes(column) ? '::text' : '');
  const list = (alias: string) =>
    Object.entries(columnOf)
      .map(([property, column]) => `${alias}.${column}${cast(column as M[keyof M])} AS "${property}"`)
      .join(', ');
  return { ...d, select: list };
}

/** Every declaration made so far (the modules of a started service have all run theirs). */
export function declaredRowColumns(): readonly RowColumns[] {
  return declared;
}
