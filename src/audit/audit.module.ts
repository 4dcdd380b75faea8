import { Module } from '@nestjs/common';
import { AuditChainService } from './audit-chain.service';
import { AuditExportService } from './audit-export.service';
import { AuditSigningKey } from './audit-signing-key';
import { AuditService } from './audit.service';

/**
 * The audit trail's services: the append seam every module that records events uses, and the read
 * side (verification, signed checkpoints, export) shared by the HTTP API and the operator CLI.
 */
@Module({
  providers: [AuditService, AuditChainService, AuditExportService, AuditSigningKey],
  exports: [AuditService, AuditChainService, AuditExportService, AuditSigningKey],
})
export class AuditModule {}
