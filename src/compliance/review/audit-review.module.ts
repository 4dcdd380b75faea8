import { Module } from '@nestjs/common';
import { ComplianceQueriesModule } from '../compliance-queries.module';
import { ConsoleSignInModule } from '../console/console-sign-in.module';
import { AuditReviewController } from './audit-review.controller';
import { AuditFiguresService } from './audit-figures.service';
import { AuditReviewService } from './audit-review.service';

/** The audit trail's read side for auditors: sessions, timelines, events. */
@Module({
  imports: [ConsoleSignInModule, ComplianceQueriesModule],
  controllers: [AuditReviewController],
  providers: [AuditReviewService, AuditFiguresService],
  exports: [AuditReviewService, AuditFiguresService],
})
export class AuditReviewModule {}
