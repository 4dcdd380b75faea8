import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { AppConfig } from '../config/app-config';

export function buildOpenApiDocument(app: INestApplication, config: AppConfig): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('Marketplace Procurement Gateway')
    .setDescription(
      'Machine-to-machine gateway to a B2B marketplace: OAuth 2.0 tokens per user, product search with ' +
        'facets, product details with offers, and OCI punchout. Errors are `{error, error_description}`.',
    )
    .setVersion('1')
    .addServer(config.publicUrl)
    .addBearerAuth({
      type: 'http',
      scheme: 'bearer',
      description: 'Access token from POST /oauth/authorize',
    })
    // Every route needs the bearer token unless @Public() clears this (see public.decorator.ts).
    .addSecurityRequirements('bearer');
  return documentGuardedResponses(SwaggerModule.createDocument(app, builder.build()));
}

/** Swagger UI at /docs and the document at /openapi.json (both public, no secrets in them). */
export function serveOpenApi(app: INestApplication, config: AppConfig): void {
  const document = buildOpenApiDocument(app, config);
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'openapi.json',
    yamlDocumentUrl: 'openapi.yaml',
  });
}

/** What the global bearer guard and per-user rate limit add to every guarded operation. */
function documentGuardedResponses(document: OpenAPIObject): OpenAPIObject {
  const error = {
    type: 'object',
    required: ['error', 'error_description'],
    properties: { error: { type: 'string' }, error_description: { type: 'string' } },
  };
  for (const item of Object.values(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = item[method];
      if (!operation || operation.security?.length === 0) continue;
      operation.responses['401'] ??= {
        description:
          'invalid_token: missing, malformed, unknown, expired or revoked token, disabled user or revoked ' +
          'client (WWW-Authenticate: Bearer).',
        content: { 'application/json': { schema: error } },
      };
      operation.responses['429'] ??= {
        description:
          'rate_limited: too many requests for this user (API_RATE_LIMIT_PER_USER); see Retry-After.',
        headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } },
        content: { 'application/json': { schema: error } },
      };
    }
  }
  return document;
}
