import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GATEWAY_ROUTES, matchRoute, socketPath } from './routes.js';
import { SERVICE_NAMES, SERVICES, serviceEnvPrefix } from './services.js';

const owner = (p: string) => matchRoute(p)?.service;

test('SPEC §7 paths go to the service that owns them (ARCHITECTURE route table)', () => {
  const cases: [string, string | undefined][] = [
    ['/oauth/token', 'identity'],
    ['/oauth/v2/getClientId?host=a', 'identity'],
    ['/account/api/v1/accounts/me/password', 'identity'],
    ['/context/api/v1/accounts/me', 'identity'],
    ['/context/api/v1/users/task-handlers', 'identity'],
    ['/context/api/v2/Customers/defectSeverityMapping/batchQuery?ids=a,b', 'identity'],
    ['/context/api/v1/MetaData/customer/types', 'identity'],
    ['/context/api/v1/metadata/user/roles/iris', 'identity'],
    ['/context/api/v2/Permission/menus', 'identity'],
    ['/context/api/v2/machine-clients/0b1c/revoke', 'identity'],
    ['/context/api/v1/licence', 'identity'],
    ['/gw/asset/api/v2/licence/usage', 'asset'],
    ['/gw/user/api/v2/user/metric/log', 'identity'],
    ['/context/api/v1/plants', 'asset'],
    ['/context/api/v1/plants/42/blade-types/7', 'asset'],
    ['/context/api/v2/plants/42/all-turbines', 'asset'],
    ['/context/api/v1/projects/9/turbines', 'asset'],
    ['/context/api/v1/projects/9/summary?inspectionSubtype=0', 'delivery'],
    ['/gw/project/api/v2/investigation/plan/windParks', 'delivery'],
    ['/gw/asset/api/v2/farm/inspectedFarms?componentTypes=1', 'asset'],
    ['/report/api/v1/projects/9/report-tasks', 'report'],
    ['/gw/task/socket.io/?EIO=4', 'task-flow'],
    ['/gw/import/api/v2/upload', 'import'],
    ['/gw/inspection/docs', 'inspection'],
    ['/', undefined],
    ['/assets/index.js', undefined],
    ['/app_config.json', undefined],
    ['/context/api/v1/projects/9/turbines/extra', undefined],
    ['/oauthx', undefined],
  ];
  for (const [path, service] of cases) assert.equal(owner(path), service, path);
});

test('every service has its /gw/<context>/ area, and only live areas take WebSocket upgrades', () => {
  for (const name of SERVICE_NAMES) {
    assert.equal(owner(`/gw/${SERVICES[name].context}/health`), name);
  }
  const ws = GATEWAY_ROUTES.filter((r) => r.websocket).map((r) => r.service);
  assert.deepEqual(ws.sort(), ['delivery', 'import', 'repair', 'report', 'task-flow']);
  assert.equal(owner(socketPath('task-flow')), 'task-flow');
  assert.equal(owner(socketPath('repair')), 'repair');
  assert.equal(owner(socketPath('delivery')), 'delivery');
  assert.equal(owner(socketPath('report')), 'report');
  assert.equal(owner(socketPath('import')), 'import');
});

test('service descriptors have unique ports, schemas and contexts', () => {
  const all = Object.values(SERVICES);
  for (const k of ['port', 'schema', 'context'] as const) {
    assert.equal(new Set(all.map((s) => s[k])).size, all.length, k);
  }
  assert.equal(serviceEnvPrefix('task-flow'), 'TASK_FLOW');
});
