import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GATEWAY_ROUTES, SERVICE_NAMES } from '@windward/contracts';
import { renderNginxConfig } from './nginx.js';

test('the nginx config has one upstream per service and every route in table order', () => {
  const conf = renderNginxConfig({ upstreams: { identity: 'id.internal:9001' } });
  for (const s of SERVICE_NAMES) assert.match(conf, new RegExp(`upstream windward_${s.replace(/-/g, '_')} \\{`));
  assert.match(conf, /server id\.internal:9001;/);
  let last = -1;
  for (const r of GATEWAY_ROUTES) {
    const at = conf.indexOf(`location ~ ${r.pattern} {`, last + 1);
    assert.ok(at > last, `route ${r.pattern} present and in order`);
    last = at;
  }
  // socket.io areas get the upgrade headers, and repeat the forwarding ones (nginx would not inherit them).
  const taskBlock = conf.slice(conf.indexOf('location ~ ^/gw/task/'));
  const taskLocation = taskBlock.slice(0, taskBlock.indexOf('}'));
  assert.match(taskLocation, /proxy_set_header Upgrade \$http_upgrade;/);
  assert.match(taskLocation, /proxy_set_header X-Forwarded-For \$remote_addr;/);
  // Kept alive to the services: no `Connection: close` on plain requests.
  assert.match(conf, /^ {2}proxy_set_header Connection "";$/m);
  assert.match(conf, /try_files \$uri \/index\.html;/);
  // Archives get their own body limit, ahead of the import route.
  const archive = conf.indexOf('location ~ ^/gw/import/api/v2/upload-tasks/[^/]+/archive$ {');
  assert.ok(archive > 0 && archive < conf.indexOf('location ~ ^/gw/import/ {'));
  assert.match(conf.slice(archive, archive + 200), /client_max_body_size 2g;/);
});
