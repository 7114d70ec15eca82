import type { RequestArgs } from './baseQuery';

/** The base query's per-request flags a generated endpoint cannot carry by itself. */
export type RequestFlags = Pick<RequestArgs, 'silent' | 'nullOn403' | 'authFlow'>;

/** Any endpoint definition as `enhanceEndpoints` hands it to a function (generated ones have `query`). */
interface WithQuery {
  query?: (arg: never) => unknown;
}

/**
 * For `enhanceEndpoints({ endpoints: { name: withFlags() } })`: every request of a generated
 * endpoint carries the flags — by default `silent` (the screen shows the refusal itself, so the
 * base query does not). The generated URL, params and body are kept as they are.
 */
export function withFlags(flags: RequestFlags = { silent: true }): (definition: WithQuery) => void {
  return (definition) => {
    const query = definition.query;
    if (!query) return;
    definition.query = (arg: never) => {
      const args = query(arg);
      return typeof args === 'string' ? { url: args, ...flags } : { ...(args as RequestArgs), ...flags };
    };
  };
}
