import { useMatches } from 'react-router-dom';
import type { RouteHandle } from '@/shell/router/handle';
import { AreaPlaceholder } from './AreaPlaceholder';

/** Route component for an area still to come: reads the area id from the route handle. */
export function Component() {
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.area)?.handle as
    | RouteHandle
    | undefined;
  if (!handle?.area) return null;
  return <AreaPlaceholder area={handle.area} standalone={handle.standalone} />;
}
