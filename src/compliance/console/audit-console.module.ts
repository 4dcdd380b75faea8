import { Module } from '@nestjs/common';
import { PageLanguageGuard } from '../../web/page-area.guard';
import { AuditModule } from '../../audit/audit.module';
import { AuditReviewModule } from '../review/audit-review.module';
import { AuditConsoleController } from './audit-console.controller';
import { ConsolePageArea } from './console-page.area';
import { ConsoleSignInController } from './console-sign-in.controller';
import { ConsoleSignInModule } from './console-sign-in.module';
import { ConsoleVerificationTracker } from './console-verification.tracker';
import { ConsoleViewerGuard } from './console-viewer.guard';
import { ConsoleOidcModule } from './oidc/console-oidc.module';
import { OrdersModule } from '../../orders/orders.module';
import { OrdersConsoleController } from './orders-console.controller';

/** The compliance console's pages. */
@Module({
  imports: [AuditModule, AuditReviewModule, ConsoleSignInModule, ConsoleOidcModule, OrdersModule],
  controllers: [ConsoleSignInController, AuditConsoleController, OrdersConsoleController],
  providers: [ConsoleViewerGuard, PageLanguageGuard, ConsolePageArea, ConsoleVerificationTracker],
})
export class AuditConsoleModule {}
