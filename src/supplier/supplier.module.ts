import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { SuppliersController } from './suppliers.controller';
import { SuppliersService } from './suppliers.service';

/** Suppliers: who sells the catalog's offers (the operator CLI, the admins' API, the catalog import). */
@Module({
  imports: [AuditModule],
  controllers: [SuppliersController],
  providers: [SuppliersService],
  exports: [SuppliersService],
})
export class SupplierModule {}
