import { DynamicModule, Module, Type } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { ClockModule } from '../common/clock/clock.module';
import { ConfigModule } from '../config/config.module';
import { DatabaseModule } from '../database/database.module';

/**
 * What an operator command needs: configuration, clock and database, plus the feature modules whose
 * services it calls (each command names its own; admin-features.ts has them all), without HTTP.
 */
@Module({})
export class AdminModule {
  static forRoot(config: AppConfig, features: Array<Type | DynamicModule>): DynamicModule {
    return {
      module: AdminModule,
      imports: [ConfigModule.forRoot(config), ClockModule.forRoot(), DatabaseModule, ...features],
    };
  }
}
