import { Module } from '@nestjs/common';
import { ComplianceQueriesModule } from '../../compliance-queries.module';
import { PageLanguageGuard } from '../../../web/page-area.guard';
import { AuditModule } from '../../../audit/audit.module';
import { ConsoleSignInModule } from '../console-sign-in.module';
import { ConsoleOidcClient } from './console-oidc.client';
import { ConsoleOidcController } from './console-oidc.controller';
import { ConsoleOidcService } from './console-oidc.service';

/** Single sign-on to the compliance console by OpenID Connect (docs/audit-console.md). */
@Module({
  imports: [AuditModule, ConsoleSignInModule, ComplianceQueriesModule],
  controllers: [ConsoleOidcController],
  providers: [ConsoleOidcClient, ConsoleOidcService, PageLanguageGuard],
  exports: [ConsoleOidcClient],
})
export class ConsoleOidcModule {}
