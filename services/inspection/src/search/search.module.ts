import { Module } from '@nestjs/common';
import { DefectRepository } from '../defects/defect.repository.js';
import { ImageListRepository } from '../images/image-list.repository.js';
import { SearchController } from './search.controller.js';
import { SearchCompactionWorker } from './search-compaction.worker.js';
import { SearchRepository } from './search.repository.js';
import { SearchService } from './search.service.js';

/** Data Center search and export selection, advanced search, saved queries, single-point export. */
@Module({ controllers: [SearchController], providers: [SearchService, SearchRepository, SearchCompactionWorker, DefectRepository, ImageListRepository] })
export class SearchModule {}
