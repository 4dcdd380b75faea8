import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** GET /readyz when ready (Terminus' HealthCheckResult): the state of each dependency. */
export class ReadinessResponse {
  @ApiProperty({ enum: ['ok'] }) status!: 'ok';

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    example: { database: { status: 'up' } },
    description: 'Dependencies that are up.',
  })
  info?: Record<string, unknown>;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'Dependencies that are down.',
  })
  error?: Record<string, unknown>;

  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Every dependency.' })
  details!: Record<string, unknown>;
}
