/** The inspection feature's public API: what the shell and other features may import. */
// Screens built from this feature's components (the work tools) need its stylesheet too.
import '@/shared/inspection/inspection.css';

export { InspectionPanel } from './InspectionPanel';
export { ParkResults, resultLink } from './components/ParkResults';
export { ComponentResults } from './components/ComponentResults';
export { NewInspectionButton } from './components/CreateInspection';
export { AuthedThumb, LoadError, Refusal, SeverityTag, contractRule } from './components/common';
export { VIEW_ORDERS, defectPolygons } from './components/ImagesTab';
export { checkDecimal3, checkMinMax } from './contracts';
export { chamberText, pathLabel, repairPriorityLabel } from './labels';
export { diagramLength, lengthTicks, pathsInOrder, severityFill, severityLevel } from './logic';
export {
  INSPECTION_API,
  INSPECTION_MAX_PAGE_SIZE,
  useTemplatesAddMutation,
  useTemplatesAddLpsMutation,
  useTemplatesAllQuery,
  useInspectionTemplatesRemoveMutation,
  useTemplatesRemoveLpsMutation,
  useDefectsListQuery,
  useImagesListQuery,
  useInspectionsGetQuery,
  useInspectionsListQuery,
  useTemplatesLpsQuery,
  type Defect,
  type Inspection,
  type InspectionDetailView,
  type InspectionImage,
  type LpsMeasurementView,
  type LpsTemplateView,
  type Point,
  type TemplateItemView,
  type TemplateKind,
  inspectionApi,
} from './inspectionApi';
export * from './pages';
