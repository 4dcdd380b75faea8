import type { HeadersObject } from '@nestjs/swagger';

/** Accept-Language as the search and product operations read it (OpenAPI documentation only). */
export const ACCEPT_LANGUAGE_HEADER = {
  name: 'Accept-Language',
  required: false,
  description:
    'Preferred languages (RFC 9110 12.5.4) for names, facet names and formatted prices; de or en, ' +
    'DEFAULT_LANGUAGE otherwise.',
};

/** The response headers of a localized answer. */
export const CONTENT_LANGUAGE_HEADERS: HeadersObject = {
  'Content-Language': {
    description: 'The language of names and texts, negotiated from Accept-Language.',
    required: true,
    schema: { type: 'string', example: 'de' },
  },
};
