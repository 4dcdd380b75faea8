import { Module } from '@nestjs/common';
import { ComplianceQueriesModule } from '../compliance-queries.module';
import { AuditModule } from '../../audit/audit.module';
import { ConsoleSignInService } from './console-sign-in.service';

/** Console sign-in links and sessions, shared by the API, the console pages and the operator CLI. */
@Module({
  imports: [AuditModule, ComplianceQueriesModule],
  providers: [ConsoleSignInService],
  exports: [ConsoleSignInService],
})
export class ConsoleSignInModule {}
