import { Logger, PinoLogger } from 'nestjs-pino';
import pino from 'pino';
import { closeGracefully, requestsInFlight } from './bootstrap/close-gracefully';
import { createApp } from './bootstrap/create-app';
import { heapBudgetWarning } from './bootstrap/heap-budget';
import { noticeBox } from './bootstrap/notice-box';
import { startupFailure } from './bootstrap/startup-failure';
import { ConfigValidationError, loadConfig } from './config/app-config';
import { resolveDatabase } from './database/database-url';
import { runMigrations } from './database/migration-runner';
import { DemoSeedService, demoInstructions } from './demo/demo-seed.service';

const EXIT_CONFIG = 78; // EX_CONFIG (sysexits.h)

async function main(): Promise<void> {
  let initial;
  try {
    initial = loadConfig();
  } catch (error) {
    if (error instanceof ConfigValidationError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(EXIT_CONFIG);
    }
    throw error;
  }
  // Logs before the application (and its logger) exist, in the same JSON form.
  const bootLog = pino({ level: initial.logLevel, base: { context: 'Bootstrap' } });
  const logger = { log: (message: string) => bootLog.info(message) };
  const postgresLog = (line: string) => bootLog.debug({ context: 'EmbeddedPostgres' }, line);

  const { config, embedded } = await resolveDatabase(initial, (message) => logger.log(message), postgresLog);
  const databaseUrl = config.database.url as string;
  if (config.database.migrateOnStart) {
    const applied = await runMigrations(databaseUrl, undefined, (message) => logger.log(message));
    logger.log(applied.length ? `Applied ${applied.length} migration(s)` : 'Database schema is up to date');
  }

  const app = await createApp(config);
  const heapWarning = heapBudgetWarning(config);
  if (heapWarning) app.get(Logger).warn(heapWarning);
  const demo = config.demo.seed ? await app.get(DemoSeedService).seedIfEmpty() : undefined;
  await app.listen({ port: config.port, host: config.host });
  const { address, port } = app.getHttpServer().address() as { address: string; port: number };
  app.get(Logger).log(`Gateway listening on ${address}:${port}, public URL ${config.publicUrl}`);
  if (demo) {
    // Last, and boxed: the one-time credentials must stand out from the log lines above them. Written
    // into the logger's own (asynchronous) stream, so that it really comes after those lines.
    const instructions = demoInstructions(demo, config.publicUrl);
    logStream().write(demo.created ? noticeBox(instructions) : `${instructions}\n`);
  }

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.get(Logger).log(`${signal}: finishing in-flight requests, then stopping`);
    const deadline = setTimeout(() => {
      const cut = requestsInFlight(app);
      // One object: nestjs-pino would take a second (string) argument for the context.
      app.get(Logger).warn({
        requestsCut: cut,
        shutdownTimeoutMs: config.shutdownTimeoutMs,
        msg: `Shutdown took longer than SHUTDOWN_TIMEOUT_MS (${config.shutdownTimeoutMs} ms); exiting with ${cut} request(s) in flight cut`,
      });
      process.exit(1);
    }, config.shutdownTimeoutMs);
    deadline.unref();
    await closeGracefully(app);
    await embedded?.stop();
    process.exit(0);
  };
  process.on('SIGTERM', (signal) => void shutdown(signal));
  process.on('SIGINT', (signal) => void shutdown(signal));
}

/** The stream the application's JSON log lines go to (stdout, written asynchronously by pino). */
function logStream(): { write(text: string): unknown } {
  const root = PinoLogger.root as unknown as Record<symbol, { write(text: string): unknown } | undefined>;
  return root?.[pino.symbols.streamSym] ?? process.stdout;
}

main().catch((error: unknown) => {
  process.stderr.write(`Gateway failed to start: ${startupFailure(error)}\n`);
  process.exit(1);
});
