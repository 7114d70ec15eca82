import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { importMappingProblem, resolveImportMapping, type ImportMappingContent } from './import-sheet.js';

const none: ImportMappingContent = { sheets: [], columns: [], severities: [], ignoreOtherColumns: false };

describe('saved column mappings (issue #20 item 7)', () => {
  test('the rules: something mapped, known columns, names told apart (ours included), severities unique within 0..8', () => {
    assert.equal(importMappingProblem(none)?.code, 'IMPORT_MAPPING_EMPTY');
    assert.equal(importMappingProblem({ ...none, columns: [{ sheet: 'defects', column: 'severity', header: 'Class' }] }), null);
    assert.deepEqual(importMappingProblem({ ...none, columns: [{ sheet: 'blades', column: 'severity', header: 'Class' }] }), {
      code: 'IMPORT_MAPPING_UNKNOWN_COLUMN',
      params: { sheet: 'blades', column: 'severity' },
    });
    // 缺陷类型 is the Chinese name of the unmapped Defect type column.
    assert.equal(importMappingProblem({ ...none, columns: [{ sheet: 'defects', column: 'severity', header: '缺陷类型' }] })?.code, 'IMPORT_MAPPING_DUPLICATE_HEADER');
    assert.equal(importMappingProblem({ ...none, sheets: [{ sheet: 'blades', name: '巡检' }] })?.code, 'IMPORT_MAPPING_DUPLICATE_HEADER');
    // The same vendor header in two sheets is fine (Turbine is in all three of ours).
    const turbine = (['inspections', 'blades', 'defects'] as const).map((sheet) => ({ sheet, column: 'turbine', header: 'Asset' }));
    assert.equal(importMappingProblem({ ...none, columns: turbine }), null);
    for (const severities of [[{ value: 'A', level: 9 }], [{ value: 'A', level: -1 }], [{ value: 'A', level: 1 }, { value: ' a ', level: 2 }], [{ value: '', level: 1 }]])
      assert.equal(importMappingProblem({ ...none, severities })?.code, 'IMPORT_MAPPING_SEVERITY_INVALID', JSON.stringify(severities));
  });

  test('the lookups the check uses: names without case, a scale or none', () => {
    const m = resolveImportMapping({
      sheets: [{ sheet: 'defects', name: 'Findings' }],
      columns: [{ sheet: 'defects', column: 'severity', header: 'Damage class' }],
      severities: [{ value: 'Cat D', level: 4 }],
      ignoreOtherColumns: true,
    });
    assert.equal(m.sheetOf(' FINDINGS ')?.key, 'defects');
    assert.equal(m.sheetOf('Defects'), null);
    assert.equal(m.sheetName('defects'), 'Findings');
    assert.equal(m.sheetName('blades'), null);
    assert.equal(m.header('defects', 'severity'), 'Damage class');
    assert.equal(m.header('defects', 'defectType'), null);
    assert.equal(m.severity('cat d'), 4);
    assert.equal(m.severity('Cat Z'), null);
    assert.equal(resolveImportMapping({ ...none, sheets: [{ sheet: 'blades', name: 'X' }] }).severity('3'), undefined, 'no scale: our levels');
  });
});
