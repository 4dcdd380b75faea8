import { applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiParam, ApiResponse, type HeadersObject } from '@nestjs/swagger';
import { ApiErrors, ApiRateLimited } from '../../common/decorators/api-responses.decorator';

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

/**
 * What both picture routes document alike: the size in `file`, If-None-Match, the picture or 304
 * with the caching headers, a 400 (`badRequest` says when) and the per-address limit.
 */
export function ApiSvgPicture(badRequest: string) {
  return applyDecorators(
    ApiParam({
      name: 'file',
      description: 'The size: thumbnail, small, medium or large, with .svg.',
      schema: { type: 'string', enum: ['thumbnail.svg', 'small.svg', 'medium.svg', 'large.svg'] },
    }),
    ApiHeader({ name: 'If-None-Match', required: false, description: 'An ETag from an earlier answer.' }),
    ApiResponse({
      status: 200,
      description: 'The picture.',
      content: { 'image/svg+xml': { schema: { type: 'string' } } },
      headers: IMAGE_CACHE_HEADERS,
    }),
    ApiResponse({
      status: 304,
      description: 'Not modified: If-None-Match matched the ETag. No body.',
      headers: IMAGE_CACHE_HEADERS,
    }),
    ApiErrors({ 400: badRequest }),
    ApiRateLimited('too many image requests from this address (IMAGES_RATE_LIMIT_PER_ADDRESS).'),
  );
}
