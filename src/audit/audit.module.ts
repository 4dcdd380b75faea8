import { Module } from '@nestjs/common';
import { AuditService } from './audit.service';

/** The audit trail's write side; every module that records events imports this. */
@Module({ providers: [AuditService], exports: [AuditService] })
export class AuditModule {}
