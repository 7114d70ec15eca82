import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  checkArchiveEntry,
  checkArchiveFile,
  checkArchiveTotals,
  isSafeArchivePath,
  checkImportFile,
  checkInspectionCount,
  checkPhotoFile,
  checkSpreadsheetFile,
  sniffPhoto,
  checkTurbineBlades,
  checkUniqueInspectionDates,
  fileExtension,
  isArchiveFile,
  isPhotoFile,
  isSpreadsheetFile,
} from './upload.js';

const MB = 1024 * 1024;

describe('file extensions', () => {
  test('extension parsing', () => {
    assert.equal(fileExtension('a.XLSX'), '.xlsx');
    assert.equal(fileExtension('images.tar.gz'), '.tar.gz');
    assert.equal(fileExtension('dir/x.y/photo.JPG'), '.jpg');
    assert.equal(fileExtension('noext'), '');
    assert.equal(fileExtension('.hidden'), '');
  });
  test('kinds', () => {
    assert.equal(isSpreadsheetFile('a.xls'), true);
    assert.equal(isSpreadsheetFile('a.csv'), false);
    assert.equal(isArchiveFile('a.zip'), true);
    assert.equal(isArchiveFile('a.tar.GZ'), true);
    assert.equal(isArchiveFile('a.gz'), false);
    assert.equal(isArchiveFile('a.rar'), false);
    assert.equal(isPhotoFile('a.jpeg'), true);
    assert.equal(isPhotoFile('a.PNG'), true);
    assert.equal(isPhotoFile('a.gif'), false);
  });
});

describe('size and type limits', () => {
  test('spreadsheet ≤ 10MB', () => {
    assert.deepEqual(checkSpreadsheetFile({ name: 'a.xlsx', size: 10 * MB }), { ok: true });
    assert.deepEqual(checkSpreadsheetFile({ name: 'a.xlsx', size: 10 * MB + 1 }), {
      ok: false,
      code: 'FILE_TOO_LARGE',
      params: { maxMb: 10 },
    });
    assert.deepEqual(checkSpreadsheetFile({ name: 'a.csv', size: 1 }), { ok: false, code: -10001 });
  });
  test('archive ≤ 10MB', () => {
    assert.deepEqual(checkArchiveFile({ name: 'a.tar.gz', size: MB }), { ok: true });
    assert.equal(checkArchiveFile({ name: 'a.zip', size: 11 * MB }).ok, false);
    assert.deepEqual(checkArchiveFile({ name: 'a.7z', size: 1 }), {
      ok: false,
      code: 'FILE_TYPE_NOT_ALLOWED',
      params: { allowed: '.zip, .tar.gz' },
    });
  });
  test('import file: spreadsheet or archive', () => {
    assert.equal(checkImportFile({ name: 'a.xls', size: 5 }).ok, true);
    assert.equal(checkImportFile({ name: 'a.zip', size: 5 }).ok, true);
    assert.deepEqual(checkImportFile({ name: 'a.pdf', size: 5 }), {
      ok: false,
      code: 'FILE_TYPE_NOT_ALLOWED',
      params: { allowed: '.xls, .xlsx, .zip, .tar.gz' },
    });
    assert.equal(checkImportFile({ name: 'a.xls', size: -1 }).ok, false);
  });
  test('photo ≤ 20MB, JPG/JPEG/PNG', () => {
    assert.deepEqual(checkPhotoFile({ name: 'p.jpg', size: 20 * MB }), { ok: true });
    assert.deepEqual(checkPhotoFile({ name: 'p.jpg', size: 20 * MB + 1 }), { ok: false, code: 'FILE_TOO_LARGE', params: { maxMb: 20 } });
    assert.deepEqual(checkPhotoFile({ name: 'p.bmp', size: 1 }), { ok: false, code: -11003 });
  });
  test('at most 30 inspections per import', () => {
    assert.deepEqual(checkInspectionCount(30), { ok: true });
    assert.deepEqual(checkInspectionCount(31), { ok: false, code: -10036 });
  });
  test('no duplicate inspection of a turbine on the same date', () => {
    assert.equal(
      checkUniqueInspectionDates([
        { turbine: 'T1', date: '2024-05-01T08:00:00Z' },
        { turbine: 'T2', date: '2024-05-01T09:00:00Z' },
        { turbine: 'T1', date: '2024-05-02T08:00:00Z' },
      ]).ok,
      true,
    );
    assert.deepEqual(
      checkUniqueInspectionDates([
        { turbine: 'T1', date: '2024-05-01T08:00:00Z' },
        { turbine: 't1 ', date: '2024-05-01T17:00:00Z' },
      ]),
      { ok: false, code: -10009 },
    );
  });
});

describe('blades per turbine', () => {
  const blade = (name: string, serialNumber: string) => ({ name, serialNumber });
  test('three unique blades', () => {
    assert.deepEqual(checkTurbineBlades([blade('A', 's1'), blade('B', 's2'), blade('C', 's3')]), { ok: true });
  });
  test('not three', () => {
    assert.deepEqual(checkTurbineBlades([blade('A', 's1'), blade('B', 's2')]), { ok: false, code: 'BLADES_PER_TURBINE' });
    assert.equal(checkTurbineBlades([blade('A', '1'), blade('B', '2'), blade('C', '3'), blade('D', '4')]).ok, false);
  });
  test('repeated names or serials', () => {
    assert.deepEqual(checkTurbineBlades([blade('A', 's1'), blade('a', 's2'), blade('C', 's3')]), {
      ok: false,
      code: 'BLADE_NAME_SERIAL_REPEATED',
    });
    assert.deepEqual(checkTurbineBlades([blade('A', 's1'), blade('B', 's1'), blade('C', 's3')]), {
      ok: false,
      code: 'BLADE_NAME_SERIAL_REPEATED',
    });
  });
  test('empty name or serial', () => {
    assert.deepEqual(checkTurbineBlades([blade('A', 's1'), blade(' ', 's2'), blade('C', 's3')]), { ok: false, code: 'REQUIRED' });
  });
});

describe('archive safety', () => {
  test('safe entry names', () => {
    for (const n of ['a.jpg', 'dir/sub/b.png', 'x..y/z.jpg', './c.jpg']) assert.equal(isSafeArchivePath(n), true, n);
  });
  test('unsafe entry names', () => {
    for (const n of ['../evil', 'a/../../b', '/etc/passwd', 'C:\\x.jpg', 'a\\..\\b', '', 'a\0b']) {
      assert.equal(isSafeArchivePath(n), false, JSON.stringify(n));
    }
    assert.deepEqual(checkArchiveEntry('../x'), { ok: false, code: 'ARCHIVE_UNSAFE_PATH' });
    assert.deepEqual(checkArchiveEntry('x'), { ok: true });
  });
  test('zip-bomb totals', () => {
    assert.deepEqual(checkArchiveTotals({ entries: 300, compressedBytes: 9e6, expandedBytes: 9.5e6 }), { ok: true });
    assert.deepEqual(checkArchiveTotals({ entries: 1, compressedBytes: 1e4, expandedBytes: 1e9 }), {
      ok: false,
      code: 'ARCHIVE_TOO_LARGE',
    });
    assert.equal(checkArchiveTotals({ entries: 20_000, compressedBytes: 1e6, expandedBytes: 1e6 }).ok, false);
    assert.equal(checkArchiveTotals({ entries: 1, compressedBytes: 5e6, expandedBytes: 3 * 1024 ** 3 }).ok, false);
    assert.equal(checkArchiveTotals({ entries: 1, compressedBytes: 0, expandedBytes: 10 }).ok, false);
  });
});

test('sniffPhoto tells JPEG and PNG by their bytes, whatever the name', () => {
  assert.equal(sniffPhoto(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])), 'jpeg');
  assert.equal(sniffPhoto(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])), 'png');
  assert.equal(sniffPhoto(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a])), null, 'a cut PNG signature');
  assert.equal(sniffPhoto(Uint8Array.from([0xff, 0xd8])), null);
  assert.equal(sniffPhoto(new TextEncoder().encode('GIF89a')), null);
  assert.equal(sniffPhoto(new Uint8Array()), null);
});
