import { Controller, Get, Headers, HttpStatus, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CATALOG_ID_PATTERN, IMAGE_KINDS, ImageKind } from '../catalog/catalog.constants';
import { Public } from '../common/decorators/public.decorator';
import { ApiError } from '../common/http/api-error';
import { LimitPerAddress } from '../rate-limit/address-rate-limit.guard';
import { placeholderImage } from './placeholder-image.renderer';
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
@Controller('images')
@LimitPerAddress('images')
export class ImagesController {
  @Public()
  @Get('products/:id/:file')
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
