import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { AuditModule } from './audit/audit.module';
import { AuditApiModule } from './audit/audit-api.module';
import { AuditReviewModule } from './compliance/review/audit-review.module';
import { AuditConsoleModule } from './compliance/console/audit-console.module';
import { AuthModule } from './auth/auth.module';
import { Clock } from './common/clock/clock';
import { ClockModule } from './common/clock/clock.module';
import { ApiExceptionFilter } from './common/filters/api-exception.filter';
import { WebModule } from './web/web.module';
import { ApiValidationPipe } from './common/validation/api-validation.pipe';
import { DatabaseModule } from './database/database.module';
import { DemoModule } from './demo/demo.module';
import { GuidanceModule } from './guidance/guidance.module';
import { HealthModule } from './health/health.module';
import { HomeModule } from './home/home.module';
import { TestBenchModule } from './test-bench/test-bench.module';
import { loggerOptions } from './logging/logger.options';
import { OAuthModule } from './oauth/oauth.module';
import { ImagesModule } from './images/images.module';
import { SearchModule } from './search/search.module';
import { OAuthApiModule } from './oauth/oauth-api.module';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { ProductModule } from './product/product.module';
import { PunchoutModule } from './punchout/punchout.module';
import { SupplierModule } from './supplier/supplier.module';
import { CatalogImportModule } from './catalog-import/catalog-import.module';
import { CatalogMaintenanceModule } from './catalog/catalog-maintenance.module';
import { OrdersApiModule } from './orders/orders-api.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, clock?: Clock): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        ClockModule.forRoot(clock),
        LoggerModule.forRoot(loggerOptions(config)),
        DatabaseModule,
        // The registry of the background tasks (src/common/schedule/periodic-task.ts).
        ScheduleModule.forRoot(),
        WebModule,
        HealthModule,
        HomeModule,
        TestBenchModule,
        AuditModule,
        AuditApiModule,
        // What auditors read (review API, console, figures): apart from the chain it reads.
        AuditReviewModule,
        AuditConsoleModule,
        AuthModule,
        GuidanceModule,
        OAuthModule,
        OAuthApiModule,
        RateLimitModule,
        DemoModule,
        SearchModule,
        ProductModule,
        PunchoutModule,
        SupplierModule,
        CatalogImportModule,
        CatalogMaintenanceModule,
        ImagesModule,
        OrdersApiModule,
      ],
      providers: [
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
        {
          provide: APP_PIPE,
          useClass: ApiValidationPipe,
        },
      ],
    };
  }
}
