/**
 * A stateful fake of the inspection service for the engineer-action tests: it keeps inspections,
 * images, tile jobs, defects, links, LPS readings and templates, changes them on writes and
 * refuses what the service refuses (with the catalogue's codes), leaving the state as it was.
 * Uploads arrive through `FakeXhr` (XMLHttpRequest with upload progress events).
 */
import { OPEN_CIRCUIT, componentTypeOfPackage, fileExtension, parseOhmReading } from '@windward/contracts';
import { CUSTOMER_ID, turbine, type Call } from '@/test/fixtures/asset';
import type { DefectTemplatesView, Inspection, InspectionImage, LpsMeasurementView, LpsTemplateView, Defect, TemplateItemView } from '../inspectionApi';
import { DEFECTS, IMAGES, INSPECTIONS, LPS, defect, image, inspection, listParam } from '@/test/fixtures/inspection';

const API = '/gw/inspection/api/v2';
type Answer = { status: number; body?: unknown };
const refuse = (status: number, code: string | number, message = String(code)): Answer => ({ status, body: { code, message } });
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
export const FAKE_CUSTOMER = 'c-1';

let seq = 0;
const newId = (prefix: string) => `${prefix}-${++seq}`;

export class FakeInspectionServer {
  inspections: Inspection[];
  images: InspectionImage[];
  defects: Defect[];
  lps: LpsMeasurementView[];
  links: Array<{ externalDefectId: string; internalDefectId: string }> = [];
  templates: Record<string, DefectTemplatesView>;
  lpsTemplates: Record<string, LpsTemplateView[]>;
  /** Tile jobs: each GET …/processing moves a waiting job one step (0 → 60 → done). */
  tiles = new Map<string, { percent: number; status: 'pending' | 'done' | 'failed' }>();
  /** The blade of the internal inspection was changed: links are refused with BLADE_CHANGED_CANNOT_LINK. */
  bladeChanged = false;
  /** Hold upload answers until `releaseUploads()` (to look at the progress bar mid-way). */
  private held: Array<() => void> | null = null;

  constructor() {
    const internal = { ...inspection('i-int', '2026-03-01', null, 5), isActive: true };
    const lpsInsp = { ...inspection('i-lps', '2026-01-01', null, 0), packageType: 10, isActive: true };
    this.inspections = clone([...INSPECTIONS, internal, lpsInsp]);
    this.images = clone([...Object.values(IMAGES).flat(), image('int-1', 'i-int', 1, 5)]);
    this.defects = clone([
      ...DEFECTS,
      defect('d-int', {
        defectNo: '000001',
        inspectionId: 'i-int',
        imageId: 'int-1',
        inspectionDate: '2026-03-01',
        defectType: 'Delamination',
        timelineStatus: 'NOT_APPLICABLE',
        previousDefectId: null,
      }),
      defect('d-int-3', {
        defectNo: '000002',
        inspectionId: 'i-int',
        imageId: 'int-1',
        bladePosition: 3,
        inspectionDate: '2026-03-01',
        defectType: 'Crack',
        previousDefectId: null,
      }),
    ]);
    this.lps = clone(LPS);
    // The inspections' customer (c-1) and the customer list's (asset fixtures) start with the same templates.
    this.templates = {};
    this.lpsTemplates = {};
    for (const customerId of [FAKE_CUSTOMER, CUSTOMER_ID]) {
      this.templates[customerId] = {
        types: [{ id: `tt-1-${customerId}`, customerId, kind: 'type', name: 'Leading edge erosion', level: null }],
        severities: [{ id: `ts-1-${customerId}`, customerId, kind: 'severity', name: 'Minor', level: 1 }],
        recommendations: [{ id: `tr-1-${customerId}`, customerId, kind: 'recommendation', name: 'Repair within 3 months', level: null }],
      };
      this.lpsTemplates[customerId] = [
        { id: customerId === FAKE_CUSTOMER ? 'lt-1' : `lt-1-${customerId}`, customerId, name: 'Standard receptor', minOhm: 0, maxOhm: 0.2 },
      ];
    }
  }

  holdUploads(): void {
    this.held = [];
  }

  releaseUploads(): void {
    const waiting = this.held ?? [];
    this.held = null;
    waiting.forEach((go) => go());
  }

  /** Answers one JSON call (the fetch stub), or undefined for calls that are not the inspection service's or asset's turbine list. */
  respond(call: Call): Answer | undefined {
    const { method, path, query } = call;
    const body = (call.body ?? {}) as Record<string, unknown>;
    if (method === 'GET' && /^\/context\/api\/v2\/plants\/[^/]+\/all-turbines$/.test(path)) return { status: 200, body: this.turbines() };
    if (!path.startsWith(API)) return undefined;
    const rest = path.slice(API.length);
    let m: RegExpExecArray | null;

    // ---------------------------------------------------------------- inspections
    if (rest === '/inspections' && method === 'GET') {
      let list = this.inspections.filter((i) => !query.get('turbineId') || i.turbineId === query.get('turbineId'));
      const types = query.has('componentType') ? listParam(query, 'componentType').map(Number) : undefined;
      if (types) list = list.filter((i) => types.includes(i.componentType));
      list = [...list].sort((a, b) => b.inspectionDate.localeCompare(a.inspectionDate));
      return { status: 200, body: { results: list, totalCount: list.length } };
    }
    if (rest === '/inspections' && method === 'POST') return this.createInspection(body);
    if ((m = /^\/inspections\/([^/]+)$/.exec(rest))) {
      const insp = this.inspections.find((i) => i.inspectionId === m![1]);
      if (!insp) return refuse(404, 'NOT_FOUND', 'Not found');
      if (method === 'GET') return { status: 200, body: insp };
      if (method === 'PATCH') {
        if (body.isActive === true)
          this.inspections
            .filter((i) => i.turbineId === insp.turbineId && i.componentType === insp.componentType)
            .forEach((i) => (i.isActive = false));
        Object.assign(insp, body);
        return { status: 200, body: insp };
      }
    }
    if ((m = /^\/inspections\/([^/]+)\/processing$/.exec(rest))) return { status: 200, body: this.processing(m[1]!) };
    if ((m = /^\/inspections\/([^/]+)\/images$/.exec(rest)) && method === 'GET') {
      const list = this.images.filter((i) => i.inspectionId === m![1]);
      return { status: 200, body: { results: list, totalCount: list.length } };
    }
    if ((m = /^\/inspections\/([^/]+)\/timeline$/.exec(rest))) return { status: 200, body: this.timeline(m[1]!) };
    if ((m = /^\/inspections\/([^/]+)\/timeline-link$/.exec(rest))) {
      const insp = this.inspections.find((i) => i.inspectionId === m![1])!;
      if (method === 'PUT') {
        const prev = this.inspections.find((i) => i.inspectionId === body.previousInspectionId);
        if (
          !prev ||
          prev.turbineId !== insp.turbineId ||
          prev.componentType !== insp.componentType ||
          prev.inspectionDate >= insp.inspectionDate
        ) {
          return refuse(409, 'TIMELINE_LINK_INVALID');
        }
        insp.previousInspectionId = prev.inspectionId;
        this.defects.filter((d) => d.inspectionId === insp.inspectionId).forEach((d) => (d.timelineManual = false));
      } else if (method === 'DELETE') {
        insp.previousInspectionId = null;
        this.defects
          .filter((d) => d.inspectionId === insp.inspectionId)
          .forEach((d) => Object.assign(d, { timelineStatus: 'NOT_APPLICABLE', timelineManual: false, previousDefectId: null }));
      }
      return { status: 200, body: this.timeline(insp.inspectionId) };
    }
    if ((m = /^\/inspections\/([^/]+)\/lps-measurements$/.exec(rest))) {
      if (method === 'GET') return { status: 200, body: this.lps.filter((x) => x.inspectionId === m![1]) };
      return this.addLps(m[1]!, body);
    }

    // ---------------------------------------------------------------- images
    if ((m = /^\/images\/([^/]+)$/.exec(rest))) {
      const img = this.images.find((i) => i.imageId === m![1]);
      if (!img) return refuse(404, 'NOT_FOUND', 'Not found');
      if (method === 'GET') return { status: 200, body: img };
      if (method === 'PATCH') {
        const { path: view, ...fields } = body;
        Object.assign(img, fields, view === undefined ? {} : { pathViewIndex: view });
        if (typeof img.distanceToRoot === 'string') img.distanceToRoot = Number(img.distanceToRoot);
        return { status: 200, body: img };
      }
      if (method === 'DELETE') {
        if (this.defects.some((d) => d.imageId === img.imageId))
          return refuse(409, 'IMAGE_HAS_DEFECTS', 'An image with defects cannot be deleted');
        if (this.images.filter((i) => i.inspectionId === img.inspectionId).length <= 1)
          return refuse(400, 'LAST_IMAGE_CANNOT_BE_DELETED', 'At least one image must remain');
        this.images = this.images.filter((i) => i !== img);
        return { status: 204 };
      }
    }
    if (/^\/images\/[^/]+\/thumbnail$/.test(rest)) return { status: 200, body: 'jpeg' };

    // ---------------------------------------------------------------- defects, timeline status, links
    if (rest === '/defects' && method === 'GET') {
      let list = this.defects.filter((d) => d.inspectionId === query.get('inspectionId'));
      if (query.get('bladePosition')) list = list.filter((d) => listParam(query, 'bladePosition').includes(String(d.bladePosition)));
      const size = Number(query.get('pageSize') ?? 20);
      const index = Number(query.get('pageIndex') ?? 1);
      return {
        status: 200,
        body: { results: list.slice((index - 1) * size, index * size), totalCount: list.length, totalCountExact: true },
      };
    }
    if ((m = /^\/defects\/([^/]+)\/links$/.exec(rest))) return { status: 200, body: this.linkState(m[1]!) };
    if ((m = /^\/defects\/([^/]+)\/timeline-status$/.exec(rest)) && method === 'PUT') {
      const d = this.defects.find((x) => x.defectId === m![1])!;
      Object.assign(d, { timelineStatus: body.timelineStatus, timelineManual: true });
      return { status: 200, body: d };
    }
    if ((m = /^\/defects\/([^/]+)\/dps-status$/.exec(rest)) && method === 'PUT') {
      const d = this.defects.find((x) => x.defectId === m![1])!;
      d.dpsStatus = body.dpsStatus as number;
      return { status: 200, body: d };
    }
    if ((m = /^\/defects\/([^/]+)$/.exec(rest))) {
      const d = this.defects.find((x) => x.defectId === m![1]);
      if (!d) return refuse(404, 'NOT_FOUND', 'Not found');
      if (method === 'GET') return { status: 200, body: d };
      if (method === 'DELETE') {
        if (this.links.some((l) => l.externalDefectId === d.defectId || l.internalDefectId === d.defectId))
          return refuse(409, 'LINK_DEFECT_RELATED', 'Link Defect Related');
        this.defects = this.defects.filter((x) => x !== d);
        return { status: 204 };
      }
    }
    if (rest === '/defect-links') {
      const pair =
        method === 'POST'
          ? (body as { externalDefectId: string; internalDefectId: string })
          : { externalDefectId: query.get('externalDefectId')!, internalDefectId: query.get('internalDefectId')! };
      if (method === 'POST') {
        if (this.bladeChanged) return refuse(409, 'BLADE_CHANGED_CANNOT_LINK', 'Cannot link because the blade was changed');
        this.links.push(pair);
        return { status: 201, body: this.linkState(pair.externalDefectId) };
      }
      this.links = this.links.filter((l) => l.externalDefectId !== pair.externalDefectId || l.internalDefectId !== pair.internalDefectId);
      return { status: 200, body: this.linkState(pair.externalDefectId) };
    }
    if ((m = /^\/lps-measurements\/([^/]+)$/.exec(rest)) && method === 'DELETE') {
      this.lps = this.lps.filter((x) => x.id !== m![1]);
      return { status: 204 };
    }

    // ---------------------------------------------------------------- templates
    if ((m = /^\/customers\/([^/]+)\/defect-templates$/.exec(rest))) return { status: 200, body: this.templatesOf(m[1]!) };
    if ((m = /^\/customers\/([^/]+)\/defect-templates\/(types|severities|recommendations)(?:\/([^/]+))?$/.exec(rest))) {
      const all = this.templatesOf(m[1]!);
      const kind = m[2] as keyof DefectTemplatesView;
      if (method === 'DELETE') {
        all[kind] = all[kind].filter((x) => x.id !== m![3]);
        return { status: 204 };
      }
      const name = String(body.name ?? '').trim();
      if (all[kind].some((x) => x.name.toLowerCase() === name.toLowerCase())) {
        const code = { types: 'DEFECT_TYPE_EXISTS', severities: 'RESULT_EXISTS', recommendations: 'RECOMMENDATION_EXISTS' }[kind];
        return refuse(
          409,
          code,
          {
            types: 'Same Defect Type Already Exists',
            severities: 'Result Already Exists',
            recommendations: 'Recommendation Already Exists',
          }[kind],
        );
      }
      const item: TemplateItemView = {
        id: newId('tpl'),
        customerId: m[1]!,
        kind: ({ types: 'type', severities: 'severity', recommendations: 'recommendation' } as const)[kind],
        name,
        level: kind === 'severities' ? (body.level as number) : null,
      };
      all[kind].push(item);
      return { status: 201, body: item };
    }
    if ((m = /^\/customers\/([^/]+)\/lps-templates(?:\/([^/]+))?$/.exec(rest))) {
      const list = (this.lpsTemplates[m[1]!] ??= []);
      if (method === 'GET') return { status: 200, body: list };
      if (method === 'DELETE') {
        this.lpsTemplates[m[1]!] = list.filter((x) => x.id !== m![2]);
        return { status: 204 };
      }
      const name = String(body.name ?? '').trim();
      if (list.some((x) => x.name.toLowerCase() === name.toLowerCase())) return refuse(409, 'NAME_DUPLICATED', 'The name already exists');
      const num = (v: unknown) => (v === undefined || v === null || v === '' ? null : Number(v));
      const tpl: LpsTemplateView = { id: newId('lt'), customerId: m[1]!, name, minOhm: num(body.minOhm), maxOhm: num(body.maxOhm) };
      if (tpl.minOhm !== null && tpl.maxOhm !== null && tpl.minOhm > tpl.maxOhm) return refuse(400, 'MIN_GREATER_THAN_MAX');
      list.push(tpl);
      return { status: 201, body: tpl };
    }
    return undefined;
  }

  /** POST …/images from the fake XHR: photo names and types as the service checks them. */
  upload(inspectionId: string, fields: Record<string, string>, file: File | undefined, answer: (a: Answer) => void): void {
    const go = () => answer(this.acceptUpload(inspectionId, fields, file));
    if (this.held) this.held.push(go);
    else go();
  }

  private acceptUpload(inspectionId: string, fields: Record<string, string>, file: File | undefined): Answer {
    if (!file) return refuse(400, -11001);
    if (!['.jpg', '.jpeg', '.png'].includes(fileExtension(file.name))) return refuse(400, -11003);
    // The service reads the bytes' magic number; the fake trusts the File's type.
    if (!['image/jpeg', 'image/png'].includes(file.type)) return refuse(400, -11003);
    const id = newId('upl');
    const img: InspectionImage = {
      ...image(
        id,
        inspectionId,
        Number(fields.bladePosition ?? 1),
        Number(fields.path ?? 5),
        Number(fields.chamber ?? 0),
        Number(fields.sortIndex ?? 0),
      ),
      fileName: file.name,
      sizeBytes: file.size,
      section: fields.section ?? null,
      distanceToRoot: fields.distanceToRoot === undefined ? null : Number(fields.distanceToRoot),
      tileStatus: 'pending',
      tileJobId: `job-${id}`,
    };
    this.images.push(img);
    this.tiles.set(id, { percent: 0, status: 'pending' });
    return { status: 201, body: img };
  }

  private processing(inspectionId: string) {
    const images = this.images.filter((i) => i.inspectionId === inspectionId);
    const rows = images.map((img) => {
      const job = this.tiles.get(img.imageId);
      if (job && job.status === 'pending') {
        // one step per poll: 0 → 60 → done
        if (job.percent >= 60) {
          job.status = 'done';
          job.percent = 100;
          img.tileStatus = 'done';
        } else job.percent = 60;
      }
      return {
        imageId: img.imageId,
        tileStatus: img.tileStatus,
        tileError: null,
        jobId: img.tileJobId,
        state: job ? (job.status === 'done' ? 'completed' : 'active') : null,
        percent: img.tileStatus === 'done' ? 100 : (job?.percent ?? 0),
      };
    });
    const count = (s: string) => images.filter((i) => i.tileStatus === s).length;
    return { imageCount: images.length, done: count('done'), failed: count('failed'), waiting: count('pending'), images: rows };
  }

  private createInspection(body: Record<string, unknown>): Answer {
    const packageType = Number(body.packageType);
    const component = componentTypeOfPackage(packageType);
    if (component === null) return refuse(400, 'VALIDATION_FAILED');
    if (body.componentType !== undefined && body.componentType !== component) return refuse(409, 'INSPECTION_COMPONENT_MISMATCH');
    const day = String(body.inspectionDate).slice(0, 10);
    if (
      this.inspections.some((i) => i.turbineId === body.turbineId && i.componentType === component && i.inspectionDate.slice(0, 10) === day)
    ) {
      return refuse(409, -10009, 'An inspection of this turbine already exists on the same date');
    }
    const id = newId('insp');
    if (body.isActive !== false)
      this.inspections.filter((i) => i.turbineId === body.turbineId && i.componentType === component).forEach((i) => (i.isActive = false));
    const created: Inspection = {
      ...inspection(id, day, null, component),
      turbineId: String(body.turbineId),
      packageType,
      isActive: body.isActive !== false,
      pilot: (body.pilot as string) ?? null,
      deviceId: (body.deviceId as string) ?? null,
      defectCount: 0,
      imageCount: 0,
      tiledImageCount: 0,
      dpsStatus: null,
    };
    this.inspections.push(created);
    return { status: 201, body: created };
  }

  /** Asset's turbine list with the fake's inspections of t-1 (asset's read model of them). */
  private turbines() {
    return [1, 2, 3].map((i) => {
      const t = turbine(i);
      t.inspections = this.inspections
        .filter((x) => x.turbineId === t.turbineId)
        .map((x) => ({
          inspectionId: x.inspectionId,
          inspectionGuid: x.inspectionId,
          packageType: x.packageType,
          componentType: x.componentType,
          isActive: x.isActive,
          inspectionDate: `${x.inspectionDate.slice(0, 10)}T00:00:00.000Z`,
        }));
      return t;
    });
  }

  private timeline(inspectionId: string) {
    const insp = this.inspections.find((i) => i.inspectionId === inspectionId)!;
    const current = this.defects.filter((d) => d.inspectionId === inspectionId);
    const matched = new Set(current.map((d) => d.previousDefectId).filter(Boolean));
    const previous = insp.previousInspectionId ? this.defects.filter((d) => d.inspectionId === insp.previousInspectionId) : [];
    return {
      inspectionId,
      previousInspectionId: insp.previousInspectionId,
      toleranceM: 0.5,
      defects: current,
      repaired: previous.filter((p) => !matched.has(p.defectId)).map((p) => ({ ...p, timelineStatus: 'REPAIRED' })),
    };
  }

  private linkState(defectId: string) {
    const d = this.defects.find((x) => x.defectId === defectId);
    const others = this.links
      .filter((l) => l.externalDefectId === defectId || l.internalDefectId === defectId)
      .map((l) => (l.externalDefectId === defectId ? l.internalDefectId : l.externalDefectId));
    const linked = this.defects.filter((x) => others.includes(x.defectId));
    return { defectId: d?.defectId, state: linked.length ? 'LINKED' : this.bladeChanged ? 'BLADE_CHANGED' : 'UNLINKED', linked };
  }

  private addLps(inspectionId: string, body: Record<string, unknown>): Answer {
    const reading = parseOhmReading(body.reading as string);
    if (!reading) return refuse(400, 'INVALID_OHM_VALUE');
    if (
      this.lps.some(
        (x) =>
          x.inspectionId === inspectionId &&
          x.bladePosition === body.bladePosition &&
          x.receptorId === body.receptorId &&
          x.side === body.side,
      )
    ) {
      return refuse(409, 'DUPLICATE_VALUES', 'Values must not be repeated');
    }
    const tpl = body.templateId
      ? Object.values(this.lpsTemplates)
          .flat()
          .find((x) => x.id === body.templateId)
      : undefined;
    const num = (v: unknown) => (v === undefined || v === null || v === '' ? null : Number(v));
    const minOhm = tpl ? tpl.minOhm : num(body.minOhm);
    const maxOhm = tpl ? tpl.maxOhm : num(body.maxOhm);
    const ohm = reading.kind === 'ohm' ? reading.value : null;
    const row: LpsMeasurementView = {
      id: newId('lps'),
      inspectionId,
      bladePosition: body.bladePosition as number,
      receptorId: String(body.receptorId),
      side: body.side as 'PS' | 'SS',
      reading: ohm === null ? OPEN_CIRCUIT : String(ohm),
      ohm,
      openCircuit: ohm === null,
      minOhm,
      maxOhm,
      ringCount: (body.ringCount as number) ?? null,
      templateId: tpl?.id ?? null,
      withinRange: ohm !== null && (minOhm === null || ohm >= minOhm) && (maxOhm === null || ohm <= maxOhm),
    };
    this.lps.push(row);
    return { status: 201, body: row };
  }

  private templatesOf(customerId: string): DefectTemplatesView {
    return (this.templates[customerId] ??= { types: [], severities: [], recommendations: [] });
  }
}

/**
 * An XMLHttpRequest stand-in for the upload: records the call (fields, file name, headers),
 * reports the bytes in three progress events, then lets the fake server answer.
 */
export function fakeXhr(server: FakeInspectionServer, calls: Call[]) {
  return class FakeXhr {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    status = 0;
    responseText = '';
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(k: string, v: string) {
      this.headers[k] = v;
    }

    send(form: FormData) {
      const fields: Record<string, string> = {};
      let file: File | undefined;
      for (const [k, v] of form.entries()) {
        if (typeof v === 'string') fields[k] = v;
        else file = v;
      }
      const url = new URL(this.url, 'http://console.test');
      calls.push({
        method: this.method,
        path: url.pathname,
        query: url.searchParams,
        body: { ...fields, file: file?.name, headers: { ...this.headers } },
        raw: undefined,
      });
      const total = file?.size ?? 0;
      const steps = [0.3, 0.7, 1];
      let i = 0;
      const tick = () => {
        if (i < steps.length) {
          this.upload.onprogress?.({ lengthComputable: true, loaded: Math.round(total * steps[i]!), total });
          i++;
          setTimeout(tick, 5);
          return;
        }
        const m = /\/inspections\/([^/]+)\/images$/.exec(url.pathname);
        server.upload(m?.[1] ?? '', fields, file, (a) => {
          this.status = a.status;
          this.responseText = a.body === undefined ? '' : JSON.stringify(a.body);
          this.onload?.();
        });
      };
      setTimeout(tick, 5);
    }
  };
}
