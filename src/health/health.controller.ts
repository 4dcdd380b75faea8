import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckResult, HealthCheckService } from '@nestjs/terminus';
import { ApiErrors } from '../common/decorators/api-responses.decorator';
import { Public } from '../common/decorators/public.decorator';
import { LivenessResponse } from './dto/liveness.response';
import { ReadinessResponse } from './dto/readiness.response';
import { DatabaseHealthIndicator } from './database.health';
import { ReplicasHealthIndicator } from './replicas.health';

@ApiTags('health')
@Public()
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: DatabaseHealthIndicator,
    private readonly replicas: ReplicasHealthIndicator,
  ) {}

  @Get('healthz')
  @ApiOperation({ summary: 'Liveness: the process is up and serving HTTP.' })
  @ApiOkResponse({ type: LivenessResponse })
  liveness(): LivenessResponse {
    return { status: 'ok' };
  }

  @Get('readyz')
  // Its own OpenAPI schema of the 503 is Terminus' body; ours is the error shape (see below).
  @HealthCheck({ swaggerDocumentation: false })
  @ApiOperation({
    summary: 'Readiness: PostgreSQL answers a query. 503 while it does not.',
    description:
      'With read replicas configured, `replicas` shows how many are usable and why others are skipped; ' +
      'it never makes the gateway unready, because reads fall back to the primary.',
  })
  @ApiOkResponse({ type: ReadinessResponse })
  @ApiErrors({
    503: 'service_unavailable: a dependency is down; `details` says which (no internal error text).',
  })
  readiness(): Promise<HealthCheckResult> {
    const replicas = this.replicas.configured ? [() => this.replicas.state()] : [];
    return this.health.check([() => this.database.ping(), ...replicas]);
  }
}
