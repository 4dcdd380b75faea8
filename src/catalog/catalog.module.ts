import { Module } from '@nestjs/common';
import { CatalogVersionWatcher } from './catalog-version.watcher';
import { CatalogWriterRepository } from './catalog-writer.repository';
import { CatalogService } from './catalog.service';
import { SupplierCatalogImportService } from './supplier-import/supplier-catalog-import.service';
import { SupplierImportRepository } from './supplier-import/supplier-import.repository';

@Module({
  providers: [
    CatalogService,
    CatalogWriterRepository,
    CatalogVersionWatcher,
    SupplierCatalogImportService,
    SupplierImportRepository,
  ],
  // One watcher per process: product details and search see an import at the same moment.
  exports: [CatalogService, CatalogVersionWatcher, SupplierCatalogImportService],
})
export class CatalogModule {}
