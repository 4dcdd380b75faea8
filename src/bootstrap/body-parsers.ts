import { HttpStatus } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { RECEIVED_JSON } from '../common/decorators/received-json.decorator';
import { ApiError } from '../common/http/api-error';
import { FORM_CONTENT_TYPE, registerFormBodyParser } from '../oauth/form-body.parser';
import {
  CATALOG_IMPORT_MEDIA_TYPES,
  parseCatalogImportBody,
} from '../catalog-import/catalog-import-body.parser';
import { CXML_MEDIA_TYPES, cxmlBodyParser } from '../cxml/cxml-body.parser';
import { OCI_CALLUP_ROUTE, ociCharsetOf } from '../punchout/oci/oci-charset';

/**
 * The deepest JSON nesting a body may have. Our request bodies are at most 3 levels deep; beyond a
 * few hundred levels validation and transformation (recursive) overflow the stack, a 500. 64 leaves
 * room for any honest client; deeper bodies are 400 invalid_request before they are parsed.
 */
export const JSON_MAX_DEPTH = 64;

/** The deepest nesting of arrays/objects in a JSON text, counted outside strings, in one pass. */
function exceedsJsonDepth(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * JSON bodies: bytes that are not UTF-8 are a 400 saying so (decoded leniently they became U+FFFD and
 * Fastify reported a Content-Length mismatch). Many HTTP clients send `Content-Type: application/json`
 * with an empty DELETE or POST body; Fastify would answer 400: an empty body is treated as no body.
 * Anything else goes to Fastify's own parser (which rejects __proto__/constructor poisoning).
 */
function registerJsonBodyParser(fastify: FastifyInstance): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = UTF8.decode(body as Buffer);
    } catch {
      return done(
        new ApiError(HttpStatus.BAD_REQUEST, 'invalid_request', 'The JSON body is not valid UTF-8.'),
      );
    }
    if (text.trim() === '') return done(null, undefined);
    if (exceedsJsonDepth(text, JSON_MAX_DEPTH)) {
      return done(
        new ApiError(
          HttpStatus.BAD_REQUEST,
          'invalid_request',
          `The JSON body is nested more than ${JSON_MAX_DEPTH} levels deep.`,
        ),
      );
    }
    // Kept beside the parsed body for the routes that store the document as received (purchase orders).
    (request as unknown as Record<symbol, string>)[RECEIVED_JSON] = text;
    parseJson(request, text, done);
  });
}

/** `charset=...` of a Content-Type header (lower case, unquoted), or undefined when it names none. */
function charsetOf(contentType: string): string | undefined {
  const match = /;\s*charset\s*=\s*("?)([^";\s]*)\1/i.exec(contentType);
  return match ? match[2].toLowerCase() : undefined;
}

/** The media types our parsers read (as UTF-8). */
const OUR_MEDIA_TYPES = new Set(['application/json', FORM_CONTENT_TYPE]);

/**
 * JSON and form bodies are read as UTF-8 and nothing else: one that declares another charset
 * (utf-16, iso-8859-1) would be misread, so it is 415 unsupported_media_type before it is parsed.
 * Except Latin-1 forms at the OCI call-up, which reads them as Latin-1.
 */
function refuseOtherCharsets(fastify: FastifyInstance): void {
  fastify.addHook('preParsing', (request, _reply, payload, done) => {
    const contentType = request.headers['content-type'];
    if (typeof contentType !== 'string') return done(null, payload);
    const mediaType = contentType.split(';')[0].trim().toLowerCase();
    const charset = OUR_MEDIA_TYPES.has(mediaType) ? charsetOf(contentType) : undefined;
    if (charset === undefined || charset === 'utf-8' || charset === 'utf8') return done(null, payload);
    // SAP's OCI call-up posts Latin-1 forms; it decodes them itself (oci-charset.ts).
    if (request.routeOptions.url === OCI_CALLUP_ROUTE && ociCharsetOf(contentType) === 'latin1')
      return done(null, payload);
    done(
      new ApiError(
        HttpStatus.UNSUPPORTED_MEDIA_TYPE,
        'unsupported_media_type',
        `Request bodies must be UTF-8; charset=${charset.slice(0, 40)} is not accepted.`,
      ),
    );
  });
}

/**
 * Every body parser, in one place: JSON (ours, see above), application/x-www-form-urlencoded
 * (the raw form string, OAuth's parser with its own size rules), both UTF-8 only, XML for the cXML
 * setup route (its own size limit, CXML_MAX_BYTES), and catalog files (XML, CSV, text) for the
 * catalog import route, handed on unread (CATALOG_IMPORT_MAX_BYTES). Nest's own body parsing is off
 * (create-app.ts), so nothing replaces these at init.
 */
export function registerBodyParsers(
  fastify: FastifyInstance,
  bodyLimitBytes: number,
  cxmlMaxBytes: number,
): void {
  refuseOtherCharsets(fastify);
  registerJsonBodyParser(fastify);
  registerFormBodyParser(fastify, bodyLimitBytes);
  // XML goes to the catalog import route (streamed) or the cXML setup route; CSV and text only to imports.
  fastify.addContentTypeParser(CXML_MEDIA_TYPES, parseCatalogImportBody(cxmlBodyParser(cxmlMaxBytes)));
  fastify.addContentTypeParser(
    CATALOG_IMPORT_MEDIA_TYPES.filter((type) => !CXML_MEDIA_TYPES.includes(type)),
    parseCatalogImportBody(),
  );
}
