import { Module } from '@nestjs/common';
import { UploadsController } from './uploads.controller.js';
import { UploadsService } from './uploads.service.js';
import { UploadTaskRepository } from './upload-task.repository.js';
import { VerifyWorker } from './verify.worker.js';
import { ArchiveUploadInterceptor } from './archive-upload.interceptor.js';

@Module({ controllers: [UploadsController], providers: [UploadTaskRepository, UploadsService, VerifyWorker, ArchiveUploadInterceptor] })
export class UploadsModule {}
