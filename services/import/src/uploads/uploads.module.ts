import { Module } from '@nestjs/common';
import { UploadsController } from './uploads.controller.js';
import { UploadsService } from './uploads.service.js';
import { UploadTaskRepository } from './upload-task.repository.js';
import { VerifyWorker } from './verify.worker.js';
import { ArchiveUploadInterceptor } from './archive-upload.interceptor.js';
import { ResumableUploads, ResumableUploadsController } from './resumable-upload.js';
import { MachineClientsModule } from '../machine-clients/revoked-clients.js';

@Module({
  imports: [MachineClientsModule],
  controllers: [UploadsController, ResumableUploadsController],
  providers: [UploadTaskRepository, UploadsService, VerifyWorker, ArchiveUploadInterceptor, ResumableUploads],
})
export class UploadsModule {}
