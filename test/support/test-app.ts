import { DynamicModule, Type } from '@nestjs/common';
import { MODULE_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { closeGracefully } from '../../src/bootstrap/close-gracefully';
import { createApp } from '../../src/bootstrap/create-app';
import { Clock } from '../../src/common/clock/clock';
import { AppConfig } from '../../src/config/app-config';
import { PrismaService } from '../../src/database/prisma.service';
import { checkResponsesAgainstContract } from './openapi-contract';
import { testConfig } from './test-config';
import { createTestDatabase, TestDatabase } from './test-database';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  prisma: PrismaService;
  database: TestDatabase;
  /** http://127.0.0.1:<port> of the listening application. */
  baseUrl: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  extraModules?: Array<Type | DynamicModule>;
  /** Reuse a database (e.g. to restart the app on the same data); default: a fresh one. */
  database?: TestDatabase;
  /** A controllable time source (ManualClock) for expiry and rate-limit windows; default: system time. */
  clock?: Clock;
}

/** The real application on its own fresh database, listening on a random local port. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const config = testConfig(database.url, options.env);
  const app = await createApp(config, { extraModules: options.extraModules, clock: options.clock });
  // Every response is checked against docs/openapi.json (the contract test; openapi-contract.ts).
  await checkResponsesAgainstContract(
    app.getHttpAdapter().getInstance(),
    controllerPaths(options.extraModules ?? []),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.getHttpServer().address() as { port: number };
  return {
    app,
    config,
    prisma: app.get(PrismaService),
    database,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await closeGracefully(app);
      if (!options.database) await database.drop();
    },
  };
}

/** The route prefixes (`/__test`) of the controllers in modules a test mounts: not part of the API. */
function controllerPaths(modules: Array<Type | DynamicModule>): string[] {
  return modules.flatMap((module) => {
    const type = 'module' in module ? module.module : module;
    const controllers: Type[] = [
      ...((Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, type) as Type[] | undefined) ?? []),
      ...('module' in module ? (module.controllers ?? []) : []),
    ];
    return controllers.map((controller) => {
      const path = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      return `/${path.replace(/^\/+/, '')}`;
    });
  });
}
