import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { ClockModule } from '../common/clock/clock.module';
import { ConfigModule } from '../config/config.module';
import { DatabaseModule } from '../database/database.module';
import { OAuthModule } from '../oauth/oauth.module';
import { CatalogModule } from '../catalog/catalog.module';
import { GuidanceModule } from '../guidance/guidance.module';
import { AuditModule } from '../audit/audit.module';
import { ConsoleSignInModule } from '../audit/console/console-sign-in.module';

/** What the operator CLI needs: the services, without HTTP. */
@Module({})
export class AdminModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AdminModule,
      imports: [
        ConfigModule.forRoot(config),
        ClockModule.forRoot(),
        DatabaseModule,
        OAuthModule,
        CatalogModule,
        GuidanceModule,
        AuditModule,
        ConsoleSignInModule,
      ],
    };
  }
}
