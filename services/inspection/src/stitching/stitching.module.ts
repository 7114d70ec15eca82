import { Module } from '@nestjs/common';
import { StitchingController } from './stitching.controller.js';
import { StitchingService } from './stitching.service.js';
import { StitchingWorker } from './stitching.worker.js';
import { PanoramaRepository } from './panorama.repository.js';

/** Blade path panoramas: stitching jobs, placements, projected defects and deep-zoom files. */
@Module({ controllers: [StitchingController], providers: [StitchingService, StitchingWorker, PanoramaRepository] })
export class StitchingModule {}
