/**
 * What the inspection screens and the work tools (labeling, stitching, blade path) share: the
 * inspection service's endpoints (generated, with the console's tags and silent writes), the
 * readings of its views, contract labels, blade colours and path order, and a few small pieces.
 * The work tools import these from here, never from the inspection feature.
 */
import './inspection.css';

export * from './inspectionApi';
export { chamberText, pathLabel, repairPriorityLabel } from './labels';
export { diagramLength, lengthTicks, pathsInOrder, severityFill, severityLevel } from './blade';
export { VIEW_ORDERS, defectPolygons } from './viewer';
export { AuthedThumb, LoadError } from './components';
