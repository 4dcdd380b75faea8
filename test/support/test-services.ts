import { DynamicModule, INestApplicationContext, Module, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Clock } from '../../src/common/clock/clock';
import { ClockModule } from '../../src/common/clock/clock.module';
import { AppConfig } from '../../src/config/app-config';
import { ConfigModule } from '../../src/config/config.module';
import { DatabaseModule } from '../../src/database/database.module';
import { PrismaService } from '../../src/database/prisma.service';
import { testConfig } from './test-config';
import { createTestDatabase, TestDatabase } from './test-database';

/**
 * The service tier: feature modules wired by Nest as in the application, on a fresh real database,
 * with no HTTP server. For logic that needs no request (expiry, rotation, chains, imports): the
 * services are called directly, and what they wrote is read back from the database.
 */
export interface TestServices {
  /** A provider of the mounted features (or of configuration, clock, database). */
  get<T>(type: Type<T>): T;
  config: AppConfig;
  prisma: PrismaService;
  database: TestDatabase;
  close(): Promise<void>;
}

export interface TestServicesOptions {
  env?: Record<string, string>;
  /** A controllable time source (ManualClock); default: system time. */
  clock?: Clock;
  /** Reuse a database; default: a fresh one, dropped by close(). */
  database?: TestDatabase;
}

@Module({})
class ServiceTierModule {}

/** `features`: the modules under test (e.g. OAuthModule); they bring the modules they import. */
export async function startTestServices(
  features: Array<Type | DynamicModule>,
  options: TestServicesOptions = {},
): Promise<TestServices> {
  const database = options.database ?? (await createTestDatabase());
  const config = testConfig(database.url, options.env);
  let context: INestApplicationContext;
  try {
    context = await NestFactory.createApplicationContext(
      {
        module: ServiceTierModule,
        imports: [
          ConfigModule.forRoot(config),
          ClockModule.forRoot(options.clock),
          DatabaseModule,
          ...features,
        ],
      },
      { logger: false },
    );
  } catch (error) {
    if (!options.database) await database.drop();
    throw error;
  }
  return {
    get: (type) => context.get(type, { strict: false }),
    config,
    prisma: context.get(PrismaService),
    database,
    async close() {
      await context.close();
      if (!options.database) await database.drop();
    },
  };
}
