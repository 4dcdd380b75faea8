import { INestApplication } from '@nestjs/common';
import {
  DocumentBuilder,
  OpenAPIObject,
  SwaggerModule,
  type OperationObject,
  type ResponseObject,
} from '@nestjs/swagger';
import { RATE_LIMIT_HEADERS, RETRY_AFTER_HEADER } from '../common/decorators/api-responses.decorator';
import { PUBLIC_OPERATION_EXTENSION } from '../common/decorators/public.decorator';
import { ApiErrorResponse } from '../common/dto/api-error.response';
import { AppConfig } from '../config/app-config';

const ERROR_SCHEMA = { $ref: `#/components/schemas/${ApiErrorResponse.name}` };
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

export function buildOpenApiDocument(app: INestApplication, config: AppConfig): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('Marketplace Procurement Gateway')
    .setDescription(
      'Machine-to-machine gateway to a B2B marketplace: OAuth 2.0 tokens per user, product search with ' +
        'facets, product details with offers, and OCI punchout. Errors are `{error, error_description}` ' +
        '(ApiErrorResponse) with the status each operation lists; rate-limited operations answer 429 ' +
        'with Retry-After, RateLimit and RateLimit-Policy; operations that read PostgreSQL answer 503 ' +
        'with Retry-After while it is unreachable. The browser pages (OCI punchout, compliance console) ' +
        'are HTML for people and not part of this document.',
    )
    .setVersion('1')
    .addServer(config.publicUrl)
    .addBearerAuth({
      type: 'http',
      scheme: 'bearer',
      // Tokens are opaque random strings (mpgt_...), looked up by their hash; Nest's default says JWT.
      bearerFormat: 'opaque',
      description: 'Opaque access token (mpgt_...) from POST /oauth/authorize',
    })
    // Every route needs the bearer token unless @Public() clears this (see public.decorator.ts).
    .addSecurityRequirements('bearer');
  const document = SwaggerModule.createDocument(app, builder.build(), { extraModels: [ApiErrorResponse] });
  return completeOperations(document);
}

/** Swagger UI at /docs and the document at /openapi.json (both public, no secrets in them). */
export function serveOpenApi(app: INestApplication, config: AppConfig): void {
  const document = buildOpenApiDocument(app, config);
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'openapi.json',
    yamlDocumentUrl: 'openapi.yaml',
  });
}

/**
 * What the global layers add to every operation, which no controller decorator can see: the bearer
 * guard (401, the per-user rate limit's 429, and 503 because tokens live in PostgreSQL), the refusal
 * of repeated Authorization/Host headers (400) and the catch-all 500. Every error response gets the
 * shared error body. Public operations (`x-public`, see @Public) get `security: []`.
 */
function completeOperations(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const extensions = operation as OperationObject & Record<string, unknown>;
      if (extensions[PUBLIC_OPERATION_EXTENSION]) {
        delete extensions[PUBLIC_OPERATION_EXTENSION];
        operation.security = [];
      }
      const responses = operation.responses as Record<string, ResponseObject>;
      if (operation.security?.length !== 0) {
        responses['401'] ??= {
          description:
            'invalid_token: missing, malformed, unknown, expired or revoked token, disabled user or revoked ' +
            'client; invalid_request: more than one way of sending the token.',
          headers: {
            'WWW-Authenticate': {
              description: 'The Bearer challenge (RFC 6750 3).',
              required: true,
              schema: { type: 'string' },
            },
          },
        };
        responses['429'] ??= {
          description: 'rate_limited: too many requests for this user (API_RATE_LIMIT_PER_USER).',
          headers: RATE_LIMIT_HEADERS,
        };
        responses['503'] ??= {
          description:
            'service_unavailable: the database cannot be reached right now; retry after Retry-After.',
          headers: RETRY_AFTER_HEADER,
        };
      }
      const repeated = 'invalid_request: a header that must appear once (Authorization, Host) is repeated.';
      if (responses['400']) responses['400'].description = `${responses['400'].description} Also ${repeated}`;
      else responses['400'] = { description: repeated };
      responses['500'] ??= {
        description: 'server_error: an unexpected failure (logged with the request id).',
      };
      // Errors are JSON whatever the operation produces otherwise (e.g. the audit export's CSV).
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) >= 400 && !response.content?.['application/json']) {
          response.content = { 'application/json': { schema: ERROR_SCHEMA } };
        }
      }
    }
  }
  return document;
}
