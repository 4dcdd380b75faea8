import { Module } from '@nestjs/common';
import { AuditModule } from '../audit.module';
import { AuditReviewModule } from '../review/audit-review.module';
import { AuditConsoleController } from './audit-console.controller';
import { ConsoleSignInModule } from './console-sign-in.module';

/** The compliance console's pages. */
@Module({
  imports: [AuditModule, AuditReviewModule, ConsoleSignInModule],
  controllers: [AuditConsoleController],
})
export class AuditConsoleModule {}
