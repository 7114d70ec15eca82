/** The inspection feature's public API: what the shell and other features may import. */
// Screens built from this feature's components (the work tools) need its stylesheet too.
import './inspection.css';

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
  useAddDefectTemplateMutation,
  useAddLpsTemplateMutation,
  useDefectTemplatesQuery,
  useDeleteDefectTemplateMutation,
  useDeleteLpsTemplateMutation,
  useDefectsQuery,
  useImagesQuery,
  useInspectionQuery,
  useInspectionsQuery,
  useLpsTemplatesQuery,
  type Defect,
  type Inspection,
  type InspectionImage,
  type LpsMeasurement,
  type LpsTemplate,
  type Point,
  type TemplateItem,
  type TemplateKind,
  inspectionApi,
} from './inspectionApi';
export * from './pages';
