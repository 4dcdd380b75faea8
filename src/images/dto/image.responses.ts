import type { HeadersObject } from '@nestjs/swagger';

/**
 * The caching headers of a product image (OpenAPI documentation only): the bytes under an image URL
 * never change (the placeholder, a drawn picture), so a long-lived public cache entry and a strong
 * ETag; If-None-Match answers 304.
 */
export const IMAGE_CACHE_HEADERS: HeadersObject = {
  ETag: {
    description: 'Strong validator of the picture; send it back as If-None-Match.',
    required: true,
    schema: { type: 'string' },
  },
  'Cache-Control': {
    description: 'Long-lived public caching, e.g. `public, max-age=31536000, immutable`.',
    required: true,
    schema: { type: 'string' },
  },
};
