import { Module } from '@nestjs/common';
import { CatalogVersionWatcher } from './catalog-version.watcher';
import { CatalogWriterRepository } from './catalog-writer.repository';
import { CatalogService } from './catalog.service';

@Module({
  providers: [CatalogService, CatalogWriterRepository, CatalogVersionWatcher],
  // One watcher per process: product details and search see an import at the same moment.
  exports: [CatalogService, CatalogVersionWatcher],
})
export class CatalogModule {}
