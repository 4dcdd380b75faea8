import { Module } from '@nestjs/common';
import { AuditCheckpointScheduler } from './audit-checkpoint.scheduler';
import { AuditModule } from './audit.module';
import { AuditController } from './audit.controller';
import { AuditPublicKeyController } from './audit-public-key.controller';

/**
 * The HTTP side of the audit trail's proof (verify, export, public key) and the periodic
 * checkpoint log line; kept apart from AuditModule, whose services the CLI loads without HTTP.
 */
@Module({
  imports: [AuditModule],
  controllers: [AuditController, AuditPublicKeyController],
  providers: [AuditCheckpointScheduler],
})
export class AuditApiModule {}
