import { recordingFetch, type FakeCall } from '@/test/fakeFetch';
import { jsonResponse } from '@/test/renderApp';
import type {
  CampaignDefectView,
  RepairCampaignDetailView,
  RepairDefectView,
  RepairPlanView,
  RepairTemplateView,
} from '../repairApi';

export type Call = FakeCall;
const API = '/gw/repair/api/v2';

export const PARK = 'aaaaaaaa-0000-4000-8000-000000000001';
export const TURBINE = 'bbbbbbbb-0000-4000-8000-000000000001';
export const CAMPAIGN = 'cccccccc-0000-4000-8000-000000000001';
export const PLAN = 'dddddddd-0000-4000-8000-000000000001';
export const TECH = 'eeeeeeee-0000-4000-8000-000000000001';

const defect = (i: number, extra: Partial<RepairDefectView> = {}): RepairDefectView => ({
  defectId: `ffffffff-0000-4000-8000-00000000000${i}`,
  defectNo: `10000${i}`,
  inspectionId: 'i-1',
  windFarmId: PARK,
  turbineId: TURBINE,
  turbineName: 'WTG-01',
  defectType: 'Crack',
  severity: 4,
  bladePosition: 1,
  distanceToRoot: 12.5,
  repairPriority: 2,
  timelineStatus: 'NEW',
  campaignId: null,
  campaignName: null,
  ...extra,
});

export const DEFECTS = [defect(1), defect(2), defect(3, { severity: 2 })];

/** A fake repair service: keeps templates, plans and one campaign; answers refusals the tests ask for. */
export function repairFetch(options: { refuse?: Record<string, { status: number; body: unknown }> } = {}) {
  const templates: RepairTemplateView[] = [
    { id: 't-1', name: 'Leading edge', steps: [{ name: 'Sand', description: 'Sand the area' }], inUse: true, updatedAt: '2026-04-01T00:00:00Z' },
  ];
  const plans: RepairPlanView[] = [];
  let progress = 0;
  const campaign = (): RepairCampaignDetailView => ({
    id: CAMPAIGN,
    name: 'April repairs',
    planId: PLAN,
    planName: 'Spring plan',
    windFarmId: PARK,
    windFarmName: 'Dogger Bank',
    projectId: null,
    projectName: null,
    startDate: '2026-04-01',
    endDate: '2026-04-30',
    status: progress ? 1 : 0,
    defectCount: 2,
    doneCount: progress ? 1 : 0,
    progress,
    byStatus: [1, 2, 3, 4, 5, 6].map((s) => ({ repairStatus: s as 1, count: s === 1 ? 2 - (progress ? 1 : 0) : s === 6 && progress ? 1 : 0 })),
    turbineCount: 1,
    turbinesDone: 0,
    technicians: [],
    createdAt: '2026-04-01T00:00:00Z',
    turbines: [{ turbineId: TURBINE, turbineName: 'WTG-01', status: progress ? 1 : 0, defectCount: 2, doneCount: progress ? 1 : 0 }],
  });
  const campaignDefects: CampaignDefectView[] = [1, 2].map((i) => ({
    defectId: DEFECTS[i - 1]!.defectId,
    defectNo: DEFECTS[i - 1]!.defectNo,
    turbineId: TURBINE,
    turbineName: 'WTG-01',
    defectType: 'Crack',
    severity: 4,
    bladePosition: 1,
    distanceToRoot: 12.5,
    bladeLength: 60,
    repairPriority: 2,
    repairStatus: 1,
    templateId: 't-1',
    templateName: 'Leading edge',
    recordCount: 0,
    updatedAt: '2026-04-01T00:00:00Z',
  }));
  const records: { id: string; photos: { id: string; kind: string; format: string; width: number; height: number }[] }[] = [];
  const server = recordingFetch((call) => {
    const key = `${call.method} ${call.path.replace(API, '')}`;
    const refusal = options.refuse?.[key];
    if (refusal) return jsonResponse(refusal.status, refusal.body);
    const p = call.path.replace(API, '');
    // The report service, for the campaign's report button (its dialog and the header's queue badge).
    if (call.method === 'GET' && p === '/report/api/v1/report-templates') return jsonResponse(200, { results: [], totalCount: 0 });
    if (call.method === 'GET' && p === '/report/api/v1/report-tasks') return jsonResponse(200, { results: [], totalCount: 0 });
    if (call.method === 'POST' && p === `/report/api/v1/repair-campaigns/${CAMPAIGN}/report-tasks`)
      return jsonResponse(201, { id: 'rt-1', scopeType: 'repairCampaign', scopeId: CAMPAIGN, scopeName: 'April repairs', status: 0, progress: 0 });
    if (call.method === 'GET' && p === '/templates') return jsonResponse(200, { results: templates, totalCount: templates.length });
    if (call.method === 'POST' && p === '/templates') {
      const body = call.body as { name: string; steps: { name: string; description: string }[] };
      const t = { id: `t-${templates.length + 1}`, name: body.name, steps: body.steps, inUse: false, updatedAt: '2026-04-02T00:00:00Z' };
      templates.push(t);
      return jsonResponse(201, t);
    }
    if (call.method === 'GET' && p === '/parks')
      return jsonResponse(200, [
        { windFarmId: PARK, windFarmName: 'Dogger Bank', turbines: [{ turbineId: TURBINE, turbineName: 'WTG-01' }, { turbineId: 't-2', turbineName: 'WTG-02' }] },
      ]);
    if (call.method === 'GET' && p === '/om-projects')
      return jsonResponse(200, [{ projectId: 'pr-1', projectName: 'O&M North', startDate: '2026-04-01', endDate: '2026-06-30' }]);
    if (call.method === 'GET' && p === '/defects') {
      const sev = call.query.get('severities');
      const rows = sev ? DEFECTS.filter((d) => sev.split(',').map(Number).includes(d.severity ?? -1)) : DEFECTS;
      return jsonResponse(200, { results: rows, totalCount: rows.length });
    }
    if (call.method === 'GET' && p === '/plans') return jsonResponse(200, { results: plans, totalCount: plans.length });
    if (call.method === 'POST' && p === '/plans') {
      const body = call.body as { name: string; defectIds: string[] };
      const plan: RepairPlanView = {
        id: PLAN,
        name: body.name,
        windFarmId: PARK,
        windFarmName: 'Dogger Bank',
        version: 1,
        defectCount: body.defectIds.length,
        withoutStepCount: body.defectIds.length,
        inCampaignCount: 0,
        campaignCount: 0,
        batches: [],
        createdAt: '2026-04-01T00:00:00Z',
        updatedAt: '2026-04-01T00:00:00Z',
      };
      plans.push(plan);
      return jsonResponse(201, plan);
    }
    if (call.method === 'GET' && p === `/plans/${PLAN}`) return jsonResponse(200, plans[0]);
    if (call.method === 'GET' && p === `/plans/${PLAN}/defects`) {
      const rows = DEFECTS.slice(0, plans[0]?.defectCount ?? 0).map((d) => ({ ...d, batchId: null, batchName: null, templateId: null, templateName: null }));
      return jsonResponse(200, { results: rows, totalCount: rows.length });
    }
    if (call.method === 'GET' && p === '/campaigns') return jsonResponse(200, { results: [campaign()], totalCount: 1 });
    if (call.method === 'GET' && p === `/campaigns/${CAMPAIGN}`) return jsonResponse(200, campaign());
    if (call.method === 'GET' && p === '/technicians') return jsonResponse(200, { results: [{ userId: TECH, username: 'anna', displayName: 'Anna Tech' }], totalCount: 1 });
    if (call.method === 'PUT' && p === `/campaigns/${CAMPAIGN}/technicians`) return jsonResponse(200, campaign());
    if (call.method === 'GET' && p === `/campaigns/${CAMPAIGN}/defects`) return jsonResponse(200, { results: campaignDefects, totalCount: campaignDefects.length });
    if (call.method === 'GET' && p.endsWith('/records')) return jsonResponse(200, records);
    if (call.method === 'POST' && p.endsWith('/records')) {
      progress = 50;
      const body = call.body as { repairDate: string; distanceToRoot: number; outcome: number; comment: string };
      const r = { id: 'r-1', defectId: DEFECTS[0]!.defectId, technicianId: TECH, technicianName: 'Anna Tech', ...body, photos: [], createdAt: '2026-04-02T00:00:00Z' };
      records.push(r);
      return jsonResponse(201, r);
    }
    if (call.method === 'POST' && p.endsWith('/photos')) {
      const kind = (call.form?.get('kind') as string) ?? 'before';
      const photo = { id: `p-${kind}`, kind, format: 'jpeg', width: 64, height: 48 };
      records[0]?.photos.push(photo);
      return jsonResponse(201, photo);
    }
    if (call.method === 'GET' && p.includes('/photos/')) return new Response(new Uint8Array([0xff, 0xd8, 0xff]), { status: 200, headers: { 'content-type': 'image/jpeg' } });
    return jsonResponse(404, { code: 'NOT_FOUND', message: `no fake for ${key}` });
  });
  return { ...server, setProgress: (v: number) => (progress = v) };
}
