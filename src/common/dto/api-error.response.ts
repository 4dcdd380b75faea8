import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/**
 * The body of every error the gateway answers (RFC 6749 5.2 shape, used by the API too): one shared
 * OpenAPI component, `ApiErrorResponse`, referenced by every 4xx and 5xx response of the document.
 */
export class ApiErrorResponse {
  @ApiProperty({
    example: 'invalid_request',
    description:
      'Machine-readable code: invalid_request, invalid_client, invalid_grant, unsupported_grant_type, ' +
      'invalid_token, insufficient_scope, not_found, request_too_large, unsupported_media_type, ' +
      'rate_limited, server_error, service_unavailable.',
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
