import { Module } from '@nestjs/common';
import { CatalogWriterRepository } from './catalog-writer.repository';
import { CatalogSearchRepository } from './catalog-search.repository';
import { CatalogService } from './catalog.service';

@Module({
  providers: [CatalogService, CatalogWriterRepository, CatalogSearchRepository],
  exports: [CatalogService, CatalogSearchRepository],
})
export class CatalogModule {}
