import { LoggerService } from '@nestjs/common';

/** Nest's start-up contexts that write one line per module and route (about 60 lines at info). */
const STARTUP_CHATTER = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory']);

/**
 * The application's logger with Nest's start-up chatter moved to debug: at the default `info` the
 * first start reads as what matters (migrations, the listening address, the demo credentials).
 * LOG_LEVEL=debug shows every mapped route again.
 */
export class QuietStartupLogger implements LoggerService {
  constructor(private readonly logger: Required<Pick<LoggerService, 'log' | 'debug'>> & LoggerService) {}

  log(message: unknown, ...rest: unknown[]): void {
    if (STARTUP_CHATTER.has(String(rest.at(-1)))) this.logger.debug(message, ...rest);
    else this.logger.log(message, ...rest);
  }

  error(message: unknown, ...rest: unknown[]): void {
    this.logger.error(message, ...rest);
  }

  warn(message: unknown, ...rest: unknown[]): void {
    this.logger.warn(message, ...rest);
  }

  debug(message: unknown, ...rest: unknown[]): void {
    this.logger.debug(message, ...rest);
  }

  verbose(message: unknown, ...rest: unknown[]): void {
    this.logger.verbose?.(message, ...rest);
  }

  fatal(message: unknown, ...rest: unknown[]): void {
    (this.logger.fatal ?? this.logger.error)(message, ...rest);
  }
}
