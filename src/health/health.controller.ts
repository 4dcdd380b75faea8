import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckResult, HealthCheckService } from '@nestjs/terminus';
import { Public } from '../common/decorators/public.decorator';
import { DatabaseHealthIndicator } from './database.health';

@ApiTags('health')
@Public()
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: DatabaseHealthIndicator,
  ) {}

  @Get('healthz')
  @ApiOperation({ summary: 'Liveness: the process is up and serving HTTP.' })
  liveness(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('readyz')
  @HealthCheck()
  @ApiOperation({ summary: 'Readiness: PostgreSQL answers a query. 503 while it does not.' })
  readiness(): Promise<HealthCheckResult> {
    return this.health.check([() => this.database.ping()]);
  }
}
