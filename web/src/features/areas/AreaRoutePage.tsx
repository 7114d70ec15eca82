import { useMatches } from 'react-router-dom';
import type { AreaHandle } from './areas';
import { AreaPlaceholder } from './AreaPlaceholder';

/** Route component for an area still to come: reads the area id from the route handle. */
export function Component() {
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as AreaHandle | undefined)?.area)?.handle as
    | AreaHandle
    | undefined;
  if (!handle?.area) return null;
  return <AreaPlaceholder area={handle.area} standalone={handle.standalone} />;
}
