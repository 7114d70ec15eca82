import { describe, expect, it } from 'vitest';
import { DPS_TRANSITIONS, SEVERITY_PALETTE_9, Rights } from './contracts';
import {
  DIAGRAM,
  bladeLengthFor,
  canEditComponent,
  canLinkDefects,
  chordShare,
  counterpartComponent,
  devicesForPackage,
  earlierInspections,
  editableComponents,
  isoDay,
  linkPair,
  packagesOfComponent,
  timelineCounts,
  defectToDiagram,
  diagramLength,
  dpsButtons,
  lengthTicks,
  lpsOutOfRange,
  pathsInOrder,
  repairDue,
  severityFill,
  severityLevel,
  sortImages,
  stepIndex,
} from './logic';
import { buildUrl } from '@/core/api/baseQuery';
import { findDefectByNumber, type Defect } from './inspectionApi';
import { filterByDefects, summariseDefects } from './components/GalleryTab';
import { viewDefectTarget } from './pages/ViewDefectPage';
import { lpsBody } from './components/LpsTable';

const SPAN = DIAGRAM.width - DIAGRAM.left - DIAGRAM.right;
const base = { defectId: 'd', chordwiseStart: null, chordwiseEnd: null, position: 5, severity: 2 };

describe('severity palette levels (SPEC §3: 0 empty, 1 TBD, 2 severity 0, 3..8 severity 1..5+)', () => {
  it('maps severities to the 9-colour palette', () => {
    expect(severityLevel(null)).toBe(1);
    expect(severityLevel(0)).toBe(2);
    expect(severityLevel(1)).toBe(3);
    expect(severityLevel(5)).toBe(7);
    expect(severityLevel(9)).toBe(8);
    expect(severityFill(null)).toBe(SEVERITY_PALETTE_9[1]);
    expect(severityFill(3)).toBe(SEVERITY_PALETTE_9[5]);
    expect(severityFill(7)).toBe(SEVERITY_PALETTE_9[8]);
  });
});

describe('defect → blade diagram coordinates', () => {
  it('places the distance to root along the length, root left and tip right', () => {
    expect(defectToDiagram({ ...base, distanceToRoot: 0 }, 100, 5).x).toBe(DIAGRAM.left);
    expect(defectToDiagram({ ...base, distanceToRoot: 100 }, 100, 5).x).toBe(DIAGRAM.left + SPAN);
    expect(defectToDiagram({ ...base, distanceToRoot: 25 }, 100, 5).x).toBeCloseTo(DIAGRAM.left + SPAN / 4);
    // beyond the tip or before the root: clamped
    expect(defectToDiagram({ ...base, distanceToRoot: 130 }, 100, 5).x).toBe(DIAGRAM.left + SPAN);
    expect(defectToDiagram({ ...base, distanceToRoot: -5 }, 100, 5).x).toBe(DIAGRAM.left);
  });

  it('uses the chordwise start/end over the blade width, within the local chord', () => {
    const m = defectToDiagram({ ...base, distanceToRoot: 20, chordwiseStart: 1, chordwiseEnd: 3 }, 100, 4);
    const chord = chordShare(0.2) * (DIAGRAM.height - DIAGRAM.top - DIAGRAM.bottom);
    expect(m.y1).toBeCloseTo(DIAGRAM.top + chord * 0.25);
    expect(m.y2).toBeCloseTo(DIAGRAM.top + chord * 0.75);
    expect(m.y).toBeCloseTo(DIAGRAM.top + chord * 0.5);
  });

  it('falls back to the blade side: leading edge on top, trailing edge at the bottom', () => {
    const le = defectToDiagram({ ...base, distanceToRoot: 50, position: 5 }, 100, 5);
    const te = defectToDiagram({ ...base, distanceToRoot: 50, position: 7 }, 100, 5);
    const ps = defectToDiagram({ ...base, distanceToRoot: 50, position: 6 }, 100, 5);
    expect(le.y).toBeLessThan(ps.y);
    expect(ps.y).toBeLessThan(te.y);
    expect(le.y1).toBeNull();
  });

  it('colours by severity and marks defects without a distance as not placed', () => {
    const m = defectToDiagram({ ...base, distanceToRoot: null, severity: 4 }, 100, 5);
    expect(m.placed).toBe(false);
    expect(m.x).toBe(DIAGRAM.left);
    expect(m.color).toBe(SEVERITY_PALETTE_9[6]);
    expect(m.level).toBe(6);
  });

  it('draws unknown blade lengths a little beyond the farthest defect', () => {
    expect(diagramLength(108, [])).toBe(108);
    expect(diagramLength(null, [{ distanceToRoot: 60 }])).toBe(66);
    expect(diagramLength(null, [])).toBe(100);
    expect(lengthTicks(108)).toEqual([0, 50, 100]);
    expect(lengthTicks(60)).toEqual([0, 20, 40, 60]);
  });
});


describe('view sort orders', () => {
  const img = (id: string, blade: number, path: number, chamber = 0, sortIndex = 1) => ({
    id,
    bladePosition: blade,
    pathViewIndex: path,
    chamber,
    sortIndex,
  });
  const images = [
    img('te', 1, 7),
    img('le', 1, 5),
    img('ss', 1, 8),
    img('ps', 1, 6),
    img('psle', 1, 1),
    img('b2', 2, 5),
    img('le-c1', 1, 5, -1),
    img('le-c0b', 1, 5, 0, 2),
  ];
  it('leading edge first: 5, 6, 8, 7, others after; chambers 0, 1, -1 …; sort index', () => {
    expect(sortImages(images, 'LEADING_EDGE_FIRST').map((i) => i.id)).toEqual(['le', 'le-c0b', 'le-c1', 'ps', 'ss', 'te', 'psle', 'b2']);
  });
  it('trailing edge first: 7, 6, 8, 5', () => {
    expect(
      sortImages(images, 'TRAILING_EDGE_FIRST')
        .map((i) => i.id)
        .slice(0, 4),
    ).toEqual(['te', 'ps', 'ss', 'le']);
  });
  it('middle first: 6, 8, 5, 7', () => {
    expect(
      sortImages(images, 'MIDDLE_FIRST')
        .map((i) => i.id)
        .slice(0, 3),
    ).toEqual(['ps', 'ss', 'le']);
    expect(pathsInOrder('MIDDLE_FIRST', [7, 5, 1, 6])).toEqual([6, 5, 7, 1]);
  });
});

describe('synchronised viewports and keeping the view', () => {
  it('steps through the strip without leaving it', () => {
    expect(stepIndex(0, -1, 3)).toBe(0);
    expect(stepIndex(1, 1, 3)).toBe(2);
    expect(stepIndex(2, 1, 3)).toBe(2);
    expect(stepIndex(0, 1, 0)).toBe(-1);
  });
});

describe('DPS transition buttons', () => {
  const grant = (key: string) => [{ key, value: true }];
  it('offers the contracts transitions to a reviewer', () => {
    expect(dpsButtons(2, grant(Rights.QA_EDIT))).toEqual([...DPS_TRANSITIONS[2]]);
    expect(dpsButtons(1, grant(Rights.INSPECTION_DATA))).toEqual([4]);
    expect(dpsButtons(0, grant(Rights.APPROVAL_TASKS_EDIT))).toEqual([2]);
    expect(dpsButtons(3, grant(Rights.QA_EDIT))).toEqual([2, 0]);
  });
  it('offers nothing without a review right or for an unknown status', () => {
    expect(dpsButtons(2, [])).toEqual([]);
    expect(dpsButtons(2, [{ key: Rights.QA_EDIT, value: false }])).toEqual([]);
    expect(dpsButtons(9, grant(Rights.QA_EDIT))).toEqual([]);
  });
});

describe('repair due date, LPS range, gallery filters, request shapes', () => {
  it('adds the priority months to the inspection day', () => {
    expect(repairDue('2025-06-10', 1)?.toISOString().slice(0, 10)).toBe('2025-06-10');
    expect(repairDue('2025-06-10', 3)?.toISOString().slice(0, 10)).toBe('2025-09-10');
    expect(repairDue('2025-08-31', 2)?.toISOString().slice(0, 10)).toBe('2025-09-30');
    expect(repairDue(null, 2)).toBeNull();
    expect(repairDue('2025-06-10', null)).toBeNull();
  });

  it('marks open circuits and readings outside their bounds', () => {
    expect(lpsOutOfRange({ openCircuit: true, ohm: null, minOhm: null, maxOhm: null, withinRange: undefined as unknown as boolean })).toBe(
      true,
    );
    expect(lpsOutOfRange({ openCircuit: false, ohm: 0.3, minOhm: 0, maxOhm: 0.2, withinRange: undefined as unknown as boolean })).toBe(
      true,
    );
    expect(lpsOutOfRange({ openCircuit: false, ohm: 0.1, minOhm: 0, maxOhm: 0.2, withinRange: undefined as unknown as boolean })).toBe(
      false,
    );
    expect(lpsOutOfRange({ openCircuit: false, ohm: 0.1, minOhm: 0, maxOhm: 0.2, withinRange: false })).toBe(true);
  });

  it('filters gallery images by defects and severities', () => {
    const defects = [
      { imageId: 'a', severity: 3 },
      { imageId: 'a', severity: 1 },
      { imageId: 'b', severity: null },
    ] as never[];
    const s = summariseDefects(defects);
    expect(s.get('a')).toMatchObject({ count: 2, maxSeverity: 3 });
    const images = ['a', 'b', 'c'].map((imageId) => ({ imageId })) as never[];
    const ids = (l: Array<{ imageId: string }>) => l.map((i) => i.imageId);
    expect(ids(filterByDefects(images, s, 'with', []))).toEqual(['a', 'b']);
    expect(ids(filterByDefects(images, s, 'without', []))).toEqual(['c']);
    expect(ids(filterByDefects(images, s, 'all', [1]))).toEqual(['a']);
  });

  it('sends list filters as repeated parameters (the service reads `a,b` and repeated alike), leaving out empty ones', () => {
    const args = { inspectionId: 'i', pageIndex: 2, pageSize: 10, severity: [3, 4], bladePosition: [1], dpsStatus: [], imageId: undefined };
    expect(buildUrl('/defects', args)).toBe('/defects?inspectionId=i&pageIndex=2&pageSize=10&severity=3&severity=4&bladePosition=1');
  });

  it('reads the /viewDefect query', () => {
    expect(viewDefectTarget(new URLSearchParams('defectId=x'))).toEqual({ defectId: 'x' });
    expect(viewDefectTarget(new URLSearchParams('inspectionId=i&defectNo=12'))).toEqual({ inspectionId: 'i', defectNo: '12' });
    expect(viewDefectTarget(new URLSearchParams('inspectionId=i'))).toBeNull();
  });

  it('finds a defect by its number, page by page', async () => {
    const pages = [
      Array.from({ length: 500 }, (_, i) => ({ defectNo: String(i + 1).padStart(6, '0') })),
      [{ defectNo: '000612', defectId: 'hit' }],
    ];
    const seen: number[] = [];
    const r = await findDefectByNumber('i', '612', async (args) => {
      const index = Number((args.params as Record<string, number>).pageIndex);
      seen.push(index);
      return { data: { results: pages[index - 1] ?? [], totalCount: 501 } };
    });
    expect(r).toEqual({ data: { defectNo: '000612', defectId: 'hit' } });
    expect(seen).toEqual([1, 2]);
    const miss = await findDefectByNumber('i', '999999', async () => ({ data: { results: [], totalCount: 0 } }));
    expect('error' in miss && miss.error.status).toBe(404);
  });
});

describe('engineer rights (docs/inspection.md "write rights")', () => {
  const grant = (...keys: string[]) => keys.map((key) => ({ key, value: true }));
  it("inspectionData.manage writes every component; otherwise the component's edit right", () => {
    expect(canEditComponent(grant(Rights.INSPECTION_DATA), 2)).toBe(true);
    expect(canEditComponent(grant(Rights.BLADE_EDIT), 1)).toBe(true);
    expect(canEditComponent(grant(Rights.BLADE_EDIT), 5)).toBe(true);
    expect(canEditComponent(grant(Rights.BLADE_EDIT), 2)).toBe(false);
    expect(canEditComponent(grant(Rights.LPS_EDIT), 0)).toBe(true);
    expect(canEditComponent([{ key: Rights.BLADE_EDIT, value: false }], 1)).toBe(false);
    expect(canEditComponent(grant(Rights.BLADE_EDIT), undefined)).toBe(false);
    expect(editableComponents(grant(Rights.TOWER_EDIT, Rights.LPS_EDIT), [1, 5, 2, 3, 4, 0])).toEqual([2, 0]);
  });

  it('links need bladeLink.manage or inspectionData.manage', () => {
    expect(canLinkDefects(grant(Rights.BLADE_LINK))).toBe(true);
    expect(canLinkDefects(grant(Rights.INSPECTION_DATA))).toBe(true);
    expect(canLinkDefects(grant(Rights.BLADE_EDIT))).toBe(false);
  });
});

describe('new inspection choices', () => {
  it('offers the package types of the chosen component', () => {
    expect(packagesOfComponent(1)).toEqual([1, 2]);
    expect(packagesOfComponent(5)).toEqual([6, 7, 8]);
    expect(packagesOfComponent(2)).toEqual([5, 11]);
    expect(packagesOfComponent(0)).toEqual([10]);
  });

  it("offers the asset config's devices of the package, else all devices of the turbine", () => {
    const a = { guid: 'a', displayName: 'A', bizId: null };
    const b = { guid: 'b', displayName: 'B', bizId: 'B-1' };
    const turbine = {
      devices: [a, b],
      assetConfigs: [
        { packageType: 1, devices: [b] },
        { packageType: 5, devices: [] },
      ],
    };
    expect(devicesForPackage(turbine, 1)).toEqual([b]);
    expect(devicesForPackage(turbine, 5)).toEqual([a, b]);
    expect(devicesForPackage(turbine, 2)).toEqual([a, b]);
    expect(devicesForPackage(undefined, 1)).toEqual([]);
  });

  it('writes the picked calendar day as YYYY-MM-DD', () => {
    expect(isoDay({ year: () => 2026, month: () => 0, date: () => 7 })).toBe('2026-01-07');
  });
});

describe('timeline link choices and counts', () => {
  const i = (inspectionId: string, inspectionDate: string, componentType = 1, turbineId = 't-1') => ({
    inspectionId,
    inspectionDate,
    componentType,
    turbineId,
  });
  it('offers only earlier inspections of the same turbine and component, newest first', () => {
    const current = i('now', '2026-03-05');
    const all = [
      i('old', '2025-06-01'),
      i('older', '2024-06-01'),
      i('sameDay', '2026-03-05'),
      i('later', '2026-09-01'),
      i('tower', '2025-01-01', 2),
      i('other', '2025-01-01', 1, 't-2'),
      current,
    ];
    expect(earlierInspections(all, current).map((x) => x.inspectionId)).toEqual(['old', 'older']);
  });

  it("counts the defects per timeline status in the contracts' order", () => {
    const d = (timelineStatus: Defect['timelineStatus']) => ({ timelineStatus });
    expect(timelineCounts([d('STABLE'), d('NEW'), d('STABLE'), d('INCREASED')])).toEqual([
      { status: 'NEW', count: 1 },
      { status: 'INCREASED', count: 1 },
      { status: 'STABLE', count: 2 },
    ]);
    expect(timelineCounts([])).toEqual([]);
  });
});

describe('internal / external defect links', () => {
  it("pairs a blade defect with its counterpart side in the request's order", () => {
    expect(counterpartComponent(1)).toBe(5);
    expect(counterpartComponent(5)).toBe(1);
    expect(counterpartComponent(2)).toBeNull();
    expect(linkPair(1, 'ext', 'int')).toEqual({ externalDefectId: 'ext', internalDefectId: 'int' });
    expect(linkPair(5, 'int', 'ext')).toEqual({ externalDefectId: 'ext', internalDefectId: 'int' });
  });
});

describe('image and LPS form values', () => {
  it('checks a distance against the chosen blade, else the longest blade', () => {
    const blades = [
      { position: 1, length: 60 },
      { position: 2, length: 62.5 },
      { position: 3, length: null },
    ];
    expect(bladeLengthFor(blades, 1)).toBe(60);
    expect(bladeLengthFor(blades, 3)).toBe(62.5);
    expect(bladeLengthFor(blades, null)).toBe(62.5);
    expect(bladeLengthFor([], 1)).toBeNull();
  });

  it('sends the template or the typed bounds, OC in capitals, the ring count as a number', () => {
    expect(
      lpsBody({ bladePosition: 2, receptorId: ' R3 ', side: 'SS', reading: 'oc', ringCount: '4', templateId: 'lt-1', minOhm: '1' }),
    ).toEqual({
      bladePosition: 2,
      receptorId: 'R3',
      side: 'SS',
      reading: 'OC',
      ringCount: 4,
      templateId: 'lt-1',
    });
    expect(lpsBody({ bladePosition: 1, receptorId: 'R1', side: 'PS', reading: '0.125', ringCount: '', minOhm: '0', maxOhm: ' ' })).toEqual({
      bladePosition: 1,
      receptorId: 'R1',
      side: 'PS',
      reading: '0.125',
      minOhm: '0',
    });
  });
});
