import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { CatalogModule } from '../catalog/catalog.module';
import { OAuthModule } from '../oauth/oauth.module';
import { SupplierModule } from '../supplier/supplier.module';
import { CatalogImportsController } from './catalog-imports.controller';
import { CatalogImportsService } from './catalog-imports.service';

/** Supplier catalog imports: the operator CLI's and the administrators' API's way into the catalog pipeline. */
@Module({
  imports: [AuditModule, CatalogModule, OAuthModule, SupplierModule],
  controllers: [CatalogImportsController],
  providers: [CatalogImportsService],
  exports: [CatalogImportsService],
})
export class CatalogImportModule {}
