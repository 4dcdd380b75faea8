import { Controller, Get, Headers, HttpStatus, Param, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CATALOG_ID_PATTERN, IMAGE_KINDS, ImageKind } from '../catalog/catalog.constants';
import { ApiErrors, ApiRateLimited } from '../common/decorators/api-responses.decorator';
import { Public } from '../common/decorators/public.decorator';
import { ApiError } from '../common/http/api-error';
import { LimitPerAddress } from '../rate-limit/address-rate-limit.guard';
import { placeholderImage } from './placeholder-image.renderer';
import { IMAGE_CACHE_HEADERS } from './dto/image.responses';
import { etagMatches } from './etag-match';

/** A year, the longest max-age caches honour (RFC 9111 5.2.2.1, "immutable" per RFC 8246). */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Product pictures served by the gateway itself (public: browsers and procurement systems load
 * them without a token), so the demo needs no internet. Every product without pictures of its own
 * gets the same placeholder, so this route reads no database and answers a known and an unknown id
 * alike (nothing tells whether a product exists); it is limited per address and cacheable for a
 * year (the URL of a product that gains pictures changes to those pictures').
 */
@ApiTags('images')
@Controller('images')
@LimitPerAddress('images')
export class ImagesController {
  @Public()
  @Get('products/:id/:file')
  @ApiOperation({
    summary: 'A product picture (public, no token)',
    description:
      'The same SVG placeholder for every product id, known or not, so the answer tells nothing about ' +
      'which products exist; cacheable for a year, with an ETag (If-None-Match answers 304).',
  })
  @ApiParam({ name: 'id', description: 'The product id.', schema: { type: 'string', maxLength: 64 } })
  @ApiParam({
    name: 'file',
    description: 'The size: thumbnail, small, medium or large, with .svg.',
    schema: { type: 'string', enum: ['thumbnail.svg', 'small.svg', 'medium.svg', 'large.svg'] },
  })
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'An ETag from an earlier answer.' })
  @ApiResponse({
    status: 200,
    description: 'The picture.',
    content: { 'image/svg+xml': { schema: { type: 'string' } } },
    headers: IMAGE_CACHE_HEADERS,
  })
  @ApiResponse({
    status: 304,
    description: 'Not modified: If-None-Match matched the ETag. No body.',
    headers: IMAGE_CACHE_HEADERS,
  })
  @ApiErrors({
    400: 'invalid_request: malformed id, or a file other than {thumbnail|small|medium|large}.svg.',
  })
  @ApiRateLimited('too many image requests from this address (IMAGES_RATE_LIMIT_PER_ADDRESS).')
  product(
    @Param('id') id: string,
    @Param('file') file: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Buffer | undefined {
    const kind = file.endsWith('.svg') ? file.slice(0, -4) : '';
    if (!CATALOG_ID_PATTERN.test(id) || !Object.hasOwn(IMAGE_KINDS, kind)) {
      throw new ApiError(
        HttpStatus.BAD_REQUEST,
        'invalid_request',
        'expected /images/products/{id}/{thumbnail|small|medium|large}.svg',
      );
    }
    const image = placeholderImage(kind as ImageKind);
    void reply.header('etag', image.etag).header('cache-control', CACHE_CONTROL);
    if (etagMatches(ifNoneMatch, image.etag)) {
      void reply.code(HttpStatus.NOT_MODIFIED);
      return undefined;
    }
    void reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    return image.body;
  }
}
