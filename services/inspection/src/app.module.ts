import { Module } from '@nestjs/common';
import { ServiceKitModule } from '@windward/service-kit';
import { InspectionInitial1763700000400 } from './migrations/1763700000400-inspection-initial.js';
import { InspectionIngest1763700000410 } from './migrations/1763700000410-inspection-ingest.js';
import { IngestModule } from './ingest/ingest.module.js';
import { InspectionPaths1763700000420 } from './migrations/1763700000420-inspection-paths.js';
import { InspectionPath } from './paths/path.entity.js';
import { PathsModule } from './paths/paths.module.js';
import { InspectionSuggestions1763700000430 } from './migrations/1763700000430-inspection-suggestions.js';
import { BladeRef, ParkRef, TaskHandlerRef, TurbineRef } from './refs/refs.entity.js';
import { InspectionTaskHandlers1763700000490 } from './migrations/1763700000490-inspection-task-handlers.js';
import { Inspection } from './inspections/inspection.entity.js';
import { Image } from './images/image.entity.js';
import { Defect, DefectLink } from './defects/defect.entity.js';
import { LpsTemplate, TemplateItem } from './templates/template.entity.js';
import { LpsMeasurement } from './lps/lps-measurement.entity.js';
import { FilesModule } from './common/files.module.js';
import { RefsModule } from './refs/refs.module.js';
import { InspectionsModule } from './inspections/inspections.module.js';
import { ImagesModule } from './images/images.module.js';
import { DefectsModule } from './defects/defects.module.js';
import { TimelineModule } from './timeline/timeline.module.js';
import { TemplatesModule } from './templates/templates.module.js';
import { LpsModule } from './lps/lps.module.js';
import { InspectionStitching1763700000440 } from './migrations/1763700000440-inspection-stitching.js';
import { StitchingModule } from './stitching/stitching.module.js';
import { InspectionEditLocks1763700000450 } from './migrations/1763700000450-inspection-edit-locks.js';
import { InspectionLabelingState1763700000460 } from './migrations/1763700000460-inspection-labeling-state.js';
import { LocksModule } from './locks/locks.module.js';
import { InspectionTypeormMetadata1763700000470 } from './migrations/1763700000470-inspection-typeorm-metadata.js';
import { InspectionRepairMarks1763700000480 } from './migrations/1763700000480-inspection-repair-marks.js';
import { RepairMark } from './timeline/repair-mark.entity.js';
import { InspectionSearch1764151500000 } from './migrations/1764151500000-inspection-search.js';
import { SavedQuery } from './search/saved-query.entity.js';
import { SearchModule } from './search/search.module.js';
import { InsightModule } from './insight/insight.module.js';
import { GrowthModule } from './growth/growth.module.js';
import { GrowthDecision } from './growth/growth-decision.entity.js';
import { OverviewModule } from './overview/overview.module.js';
import { InspectionSheetIngest1764151860400 } from './migrations/1764151860400-inspection-sheet-ingest.js';
import { SheetIngestModule } from './sheet-ingest/sheet-ingest.module.js';
import { TableIngestModule } from './table-ingest/table-ingest.module.js';
import { InspectionSearchOrder1764600000000 } from './migrations/1764600000000-inspection-search-order.js';
import { InspectionTableIngest1764300000200 } from './migrations/1764300000200-inspection-table-ingest.js';
import { InspectionParkChangeRefs1764700000000 } from './migrations/1764700000000-inspection-park-change-refs.js';

const entities = [
  ParkRef,
  TurbineRef,
  BladeRef,
  Inspection,
  Image,
  Defect,
  DefectLink,
  TemplateItem,
  LpsTemplate,
  LpsMeasurement,
  InspectionPath,
  RepairMark,
  TaskHandlerRef,
  SavedQuery,
  GrowthDecision,
];

/** The inspection service: inspections, images and tiles, defects, timeline and links, templates, LPS. */
@Module({
  imports: [
    ServiceKitModule.forService({
      service: 'inspection',
      entities,
      migrations: [
        InspectionInitial1763700000400,
        InspectionIngest1763700000410,
        InspectionPaths1763700000420,
        InspectionSuggestions1763700000430,
        InspectionStitching1763700000440,
        InspectionEditLocks1763700000450,
        InspectionLabelingState1763700000460,
        InspectionTypeormMetadata1763700000470,
        InspectionRepairMarks1763700000480,
        InspectionTaskHandlers1763700000490,
        InspectionSearch1764151500000,
        InspectionSheetIngest1764151860400,
        InspectionTableIngest1764300000200,
        InspectionSearchOrder1764600000000,
        InspectionParkChangeRefs1764700000000,
      ],
    }),
    FilesModule,
    RefsModule,
    InspectionsModule,
    ImagesModule,
    DefectsModule,
    TimelineModule,
    TemplatesModule,
    LpsModule,
    IngestModule,
    SheetIngestModule,
    TableIngestModule,
    StitchingModule,
    PathsModule,
    LocksModule,
    SearchModule,
    InsightModule,
    GrowthModule,
    OverviewModule,
  ],
})
export class AppModule {}
