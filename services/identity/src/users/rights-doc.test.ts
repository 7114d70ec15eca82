import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ALL_RIGHTS, DEFAULT_ROLE_RIGHTS, RoleId } from '@windward/contracts';

/** Column order of the table in docs/identity.md. */
const COLUMNS = [
  RoleId.SA,
  RoleId.DR,
  RoleId.CA,
  RoleId.CW,
  RoleId.CR,
  RoleId.REPAIR_TECHNICIAN,
  RoleId.PILOT,
  RoleId.LABELER,
  RoleId.ENGINEER,
  RoleId.REPORT_REVIEWER,
];

test('docs/identity.md shows the default role → rights matrix of contracts, row by row', () => {
  const doc = readFileSync(new URL('../../../../docs/identity.md', import.meta.url), 'utf8');
  const rows = new Map(
    doc
      .split('\n')
      .filter((l) => /^\|\s*`[^`]+`\s*\|/.test(l))
      .map((l) => {
        const cells = l
          .split('|')
          .slice(1, -1)
          .map((c) => c.trim());
        return [cells[0]!.replace(/`/g, ''), cells.slice(2)] as const;
      })
      .filter(([key]) => (ALL_RIGHTS as readonly string[]).includes(key)),
  );
  assert.deepEqual([...rows.keys()], [...ALL_RIGHTS]);
  for (const right of ALL_RIGHTS) {
    const expected = COLUMNS.map((role) => (DEFAULT_ROLE_RIGHTS[role].includes(right) ? '✓' : ''));
    assert.deepEqual(rows.get(right), expected, right);
  }
  // Legacy ids and the admin pair share the first column: they must really be equal.
  for (const same of [RoleId.SA_LEGACY, RoleId.DA, RoleId.DA_LEGACY])
    assert.deepEqual(DEFAULT_ROLE_RIGHTS[same], DEFAULT_ROLE_RIGHTS[RoleId.SA]);
  assert.deepEqual(DEFAULT_ROLE_RIGHTS[RoleId.CA_LEGACY], DEFAULT_ROLE_RIGHTS[RoleId.CA]);
});
