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
    });
  return SwaggerModule.createDocument(app, builder.build());
}

/** Swagger UI at /docs and the document at /openapi.json (both public, no secrets in them). */
export function serveOpenApi(app: INestApplication, config: AppConfig): void {
  const document = buildOpenApiDocument(app, config);
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'openapi.json',
    yamlDocumentUrl: 'openapi.yaml',
  });
}
