import { Outlet } from 'react-router-dom';


/** Full-page routes (labeling, stitching, …): no sidebar, no header. */
export function Component() {
  return (
    <div className="standalone-layout">
      <Outlet />
    </div>
  );
}
