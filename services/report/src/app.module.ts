import { Module } from '@nestjs/common';
import { FileStoreModule, ServiceKitModule } from '@windward/service-kit';
import { ReportInitial1763700000900 } from './migrations/1763700000900-report-initial.js';
import { ReportDefectIds1764151500100 } from './migrations/1764151500100-report-defect-ids.js';
import { ReportDownloads1764170000200 } from './migrations/1764170000200-report-downloads.js';
import { ReportTurbineDetails1764170000300 } from './migrations/1764170000300-report-turbine-details.js';
import { ReportDefectRepairs1764170000400 } from './migrations/1764170000400-report-defect-repairs.js';
import { ReportImageArchive1764170001400 } from './migrations/1764170001400-report-image-archive.js';
import { ReportArchiveImages1764202000100 } from './migrations/1764202000100-report-archive-images.js';
import { ReportTaskNotify1764170000100 } from './migrations/1764170000100-report-task-notify.js';
import { ReportTimelinesCampaigns1764203000100 } from './migrations/1764203000100-report-timelines-campaigns.js';
import { RefsModule } from './refs/refs.module.js';
import { ReportTasksModule } from './tasks/tasks.module.js';
import { REPORTS_PREFIX } from './tasks/render.worker.js';
import { ReportTemplatesModule } from './templates/templates.module.js';

/**
 * The report service (docs/reports.md): report templates (Config Center), report tasks — the
 * per-user download queue — rendered to PDF (chromium), DOCX and XLSX by a job into the shared
 * file store, from read models fed by asset, delivery and inspection events. Raw SQL, no entities.
 */
@Module({
  imports: [
    ServiceKitModule.forService({ service: 'report', entities: [], migrations: [ReportInitial1763700000900, ReportDefectIds1764151500100, ReportTaskNotify1764170000100, ReportDownloads1764170000200, ReportTurbineDetails1764170000300, ReportDefectRepairs1764170000400, ReportImageArchive1764170001400, ReportArchiveImages1764202000100, ReportTimelinesCampaigns1764203000100] }),
    FileStoreModule.forRoot({ scope: REPORTS_PREFIX }),
    RefsModule,
    ReportTemplatesModule,
    ReportTasksModule,
  ],
})
export class AppModule {}
