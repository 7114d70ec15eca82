import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '@windward/service-kit';

export class DprActivityView {
  activityId!: string;
  name!: string;
  unit!: string | null;
  /** Templates listing it (then it cannot be deleted, -8001). */
  templateCount!: number;
  updatedAt!: Date;
}
export class DprActivityPage extends PageOf(DprActivityView) {}

export class DprTemplateActivityView {
  activityId!: string;
  name!: string;
  unit!: string | null;
}

export class DprTemplateView {
  templateId!: string;
  name!: string;
  activities!: DprTemplateActivityView[];
  /** Projects using it (then it cannot be deleted, -8002). */
  projectCount!: number;
  updatedAt!: Date;
}
export class DprTemplatePage extends PageOf(DprTemplateView) {}

export class DprItemView {
  activityId!: string;
  activityName!: string;
  unit!: string | null;
  planned!: number;
  done!: number;
}

/** A daily progress report. */
export class DprView {
  dprId!: string;
  projectId!: string;
  projectName!: string;
  campaignId!: string | null;
  reportDate!: string;
  @ApiProperty({ enum: ['SUBMITTED', 'APPROVED', 'REJECTED'] })
  status!: string;
  items!: DprItemView[];
  weather!: string | null;
  downtimeHours!: number | null;
  comments!: string | null;
  /** Ids of the report's photos (`GET …/dpr-photos/{id}` reads one). */
  photos!: string[];
  submittedBy!: string;
  submittedByName!: string;
  reviewedByName!: string | null;
  reviewedAt!: Date | null;
  reviewComment!: string | null;
  updatedAt!: Date;
}
export class DprPage extends PageOf(DprView) {}

/** A photo uploaded for a daily progress report; its id goes into the report's `photos`. */
export class DprPhotoView {
  photoId!: string;
  width!: number;
  height!: number;
}
