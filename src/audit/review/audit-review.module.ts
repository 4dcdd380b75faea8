import { Module } from '@nestjs/common';
import { ConsoleSignInModule } from '../console/console-sign-in.module';
import { AuditReviewController } from './audit-review.controller';
import { AuditReviewService } from './audit-review.service';

/** The audit trail's read side for auditors: sessions, timelines, events. */
@Module({
  imports: [ConsoleSignInModule],
  controllers: [AuditReviewController],
  providers: [AuditReviewService],
  exports: [AuditReviewService],
})
export class AuditReviewModule {}
