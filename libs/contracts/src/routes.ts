import { SERVICES, type ServiceName } from './services.js';

/**
 * The gateway's route table: which service owns which public path.
 * Both the Node gateway (npm start) and the generated nginx config read this list,
 * in this order; the first pattern that matches wins. Patterns are anchored regular
 * expressions in a syntax both JavaScript and nginx (PCRE) accept.
 */
export interface GatewayRoute {
  service: ServiceName;
  pattern: string;
  /** Carries socket.io (WebSocket upgrade) traffic as well. */
  websocket?: boolean;
  note: string;
}

const ctx = (name: ServiceName) => SERVICES[name].context;

/** Services that push live updates over socket.io (their /gw/<context>/socket.io takes WebSocket upgrades). */
export const LIVE_SERVICES: readonly ServiceName[] = ['task-flow', 'delivery', 'repair', 'report', 'import'];


export const GATEWAY_ROUTES: readonly GatewayRoute[] = [
  // identity: sign-in, account, users, customers, metadata, permissions, usage logs
  { service: 'identity', pattern: '^/oauth(/|$)', note: 'built-in and SSO sign-in, JWKS' },
  { service: 'identity', pattern: '^/account/', note: 'password change' },
  { service: 'identity', pattern: '^/gw/user/', note: 'usage logging' },
  {
    service: 'identity',
    pattern: '^/context/api/v[0-9]+/(accounts|users|Customers|customers|MetaData|metadata|Permission|organizations|machine-clients|licence)(/|$)',
    note: 'accounts, users, customers, organizations, metadata, permissions, machine clients, the licence',
  },
  // asset: plants and the turbines of a project
  { service: 'asset', pattern: '^/context/api/v[0-9]+/plants(/|$)', note: 'wind parks, turbines, component types' },
  { service: 'asset', pattern: '^/context/api/v1/projects/[^/]+/turbines$', note: 'turbines of a project' },
  // delivery: project summary lives with projects
  { service: 'delivery', pattern: '^/context/api/v1/projects/[^/]+/summary$', note: 'project summary' },
  { service: 'delivery', pattern: '^/gw/project/', note: 'projects, investigation plans' },
  // report: report tasks
  { service: 'report', pattern: '^/report/', note: 'report tasks and downloads' },
  // every service's own /gw/<context>/ area (API, docs, health, socket.io)
  ...(Object.keys(SERVICES) as ServiceName[]).map(
    (name): GatewayRoute => ({
      service: name,
      pattern: `^/gw/${ctx(name)}/`,
      websocket: LIVE_SERVICES.includes(name),
      note: `${name} API, docs and health`,
    }),
  ),
];

const compiled = GATEWAY_ROUTES.map((r) => ({ route: r, re: new RegExp(r.pattern) }));

/** The route owning `path` (query string ignored), or undefined when no service does. */
export function matchRoute(path: string): GatewayRoute | undefined {
  const p = path.split('?')[0] ?? path;
  return compiled.find((c) => c.re.test(p))?.route;
}

/** socket.io path of a service that pushes live updates, e.g. `/gw/task/socket.io`. */
export function socketPath(name: ServiceName): string {
  return `/gw/${ctx(name)}/socket.io`;
}
