import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ERROR_CODES } from '../http/api-error';

/**
 * The body of every error the gateway answers (RFC 6749 5.2 shape, used by the API too): one shared
 * OpenAPI component, `ApiErrorResponse`, referenced by every 4xx and 5xx response of the document.
 */
export class ApiErrorResponse {
  @ApiProperty({
    example: 'invalid_request',
    enum: ERROR_CODES,
    description: 'Machine-readable code (docs/api.md says which status each goes with).',
  })
  error!: string;

  @ApiProperty({ example: 'query is required', description: 'What is wrong, in English, for the developer.' })
  error_description!: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'GET /readyz only: the state of each dependency.',
  })
  details?: Record<string, unknown>;
}
