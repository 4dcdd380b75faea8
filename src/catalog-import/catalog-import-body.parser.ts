import { HttpStatus } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { ApiError } from '../common/http/api-error';

/** The route that takes catalog files as its body, streamed (never read into memory). */
export const CATALOG_IMPORT_ROUTE = '/api/v1/catalog/imports';
export const CATALOG_IMPORT_MEDIA_TYPES = ['application/xml', 'text/xml', 'text/csv', 'text/plain'];

/** What the route receives: the body still unread, as a stream. */
export class CatalogImportUpload {
  constructor(readonly stream: Readable) {}
}

export const isCatalogImportRoute = (request: FastifyRequest) =>
  request.method === 'POST' && request.routeOptions.url === CATALOG_IMPORT_ROUTE;

type Done = (error: Error | null, body?: unknown) => void;

/**
 * The catalog import route's body parser: hands the payload on unread (the route spools it to a file
 * within CATALOG_IMPORT_MAX_BYTES). Other routes refuse these media types with 415 in our error shape;
 * `otherwise` takes the XML bodies of another route (the cXML setup).
 */
export function parseCatalogImportBody(
  otherwise?: (request: FastifyRequest, payload: Readable, done: Done) => void,
) {
  return (request: FastifyRequest, payload: Readable, done: Done): void => {
    if (isCatalogImportRoute(request)) return done(null, new CatalogImportUpload(payload));
    if (otherwise) return otherwise(request, payload, done);
    done(
      new ApiError(
        HttpStatus.UNSUPPORTED_MEDIA_TYPE,
        'unsupported_media_type',
        `${String(request.headers['content-type']).split(';')[0].slice(0, 60)} bodies are accepted by POST ${CATALOG_IMPORT_ROUTE} only.`,
      ),
    );
  };
}
