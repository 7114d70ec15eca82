import { Module } from '@nestjs/common';
import { ColumnMappingRepository } from './column-mapping.repository.js';
import { ColumnMappingsController } from './column-mappings.controller.js';
import { ColumnMappingsService } from './column-mappings.service.js';

@Module({
  controllers: [ColumnMappingsController],
  providers: [ColumnMappingRepository, ColumnMappingsService],
  exports: [ColumnMappingsService],
})
export class MappingsModule {}
