import { Module } from '@nestjs/common';
import { CatalogVersionWatcher } from './catalog-version.watcher';
import { ContractCatalogs } from './contract-catalogs.service';
import { CatalogWriterRepository } from './catalog-writer.repository';
import { CatalogService } from './catalog.service';
import { SupplierCatalogImportService } from './supplier-import/supplier-catalog-import.service';
import { SupplierImportRepository } from './supplier-import/supplier-import.repository';

@Module({
  providers: [
    CatalogService,
    CatalogWriterRepository,
    CatalogVersionWatcher,
    ContractCatalogs,
    SupplierCatalogImportService,
    SupplierImportRepository,
  ],
  // One watcher per process: product details and search see an import at the same moment (and which
  // organizations have contract catalogs, read per catalog version).
  exports: [CatalogService, CatalogVersionWatcher, ContractCatalogs, SupplierCatalogImportService],
})
export class CatalogModule {}
