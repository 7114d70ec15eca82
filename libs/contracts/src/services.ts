/**
 * The eight bounded contexts, their default ports, PostgreSQL schemas and the
 * `/gw/<context>` segment under which each serves its own API and Swagger docs.
 * Environment overrides: `<NAME>_PORT` and `<NAME>_URL` (NAME = upper snake case).
 */
export const SERVICE_NAMES = [
  'identity',
  'asset',
  'inspection',
  'task-flow',
  'repair',
  'delivery',
  'report',
  'import',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export interface ServiceDescriptor {
  name: ServiceName;
  /** Default HTTP port of the service process (loopback). */
  port: number;
  /** The PostgreSQL schema the service owns; no other service reads it. */
  schema: string;
  /** Segment in `/gw/<context>/...`; docs are at `/gw/<context>/docs`. */
  context: string;
}

export const SERVICES: Record<ServiceName, ServiceDescriptor> = {
  identity: { name: 'identity', port: 3001, schema: 'identity', context: 'identity' },
  asset: { name: 'asset', port: 3002, schema: 'asset', context: 'asset' },
  inspection: { name: 'inspection', port: 3003, schema: 'inspection', context: 'inspection' },
  'task-flow': { name: 'task-flow', port: 3004, schema: 'task_flow', context: 'task' },
  repair: { name: 'repair', port: 3005, schema: 'repair', context: 'repair' },
  delivery: { name: 'delivery', port: 3006, schema: 'delivery', context: 'delivery' },
  report: { name: 'report', port: 3007, schema: 'report', context: 'report' },
  import: { name: 'import', port: 3008, schema: 'data_import', context: 'import' },
};

/** `task-flow` -> `TASK_FLOW`, the prefix of the service's environment variables. */
export function serviceEnvPrefix(name: ServiceName): string {
  return name.replace(/-/g, '_').toUpperCase();
}

/** Default gateway origin (`GATEWAY_PORT` overrides the port). */
export const DEFAULT_GATEWAY_PORT = 8080;
