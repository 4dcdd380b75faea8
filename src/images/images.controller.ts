import { Controller, Get, Headers, HttpStatus, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CATALOG_ID_PATTERN, IMAGE_KINDS, ImageKind } from '../catalog/catalog.constants';
import { DRAWN_BRAND_MAX_LENGTH, DRAWN_COLOURS, DRAWN_SHAPES, DRAWN_VIEWS } from '../catalog/drawn-picture';
import { Public } from '../common/decorators/public.decorator';
import { ApiError } from '../common/http/api-error';
import { LimitPerAddress } from '../rate-limit/address-rate-limit.guard';
import { placeholderImage } from './placeholder-image.renderer';
import { ApiSvgPicture } from './dto/image.responses';
import { drawnPicture } from './drawn-picture.renderer';
import { DrawnPictureParams, parseDrawnPicture } from './drawn-picture.params';
import { etagMatches } from './etag-match';
import { RenderedImage } from './image-etag';
import { IMAGE_MESSAGES } from './images.messages';

/** A year, the longest max-age caches honour (RFC 9111 5.2.2.1, "immutable" per RFC 8246). */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Product pictures served by the gateway itself (public: browsers and procurement systems load
 * them without a token), so the demo needs no internet. Every product without pictures of its own
 * gets the same placeholder, so this route reads no database and answers a known and an unknown id
 * alike (nothing tells whether a product exists). Drawn pictures (the demo catalog's) are fully
 * described by their URL, so they need no database either. Both are limited per address and
 * cacheable for a year (the URL of a product that gains pictures changes to those pictures').
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
  @ApiSvgPicture('invalid_request: malformed id, or a file other than {thumbnail|small|medium|large}.svg.')
  product(
    @Param('id') id: string,
    @Param('file') file: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Buffer | undefined {
    const kind = file.endsWith('.svg') ? file.slice(0, -4) : '';
    if (!CATALOG_ID_PATTERN.test(id) || !Object.hasOwn(IMAGE_KINDS, kind)) {
      throw new ApiError(HttpStatus.BAD_REQUEST, 'invalid_request', IMAGE_MESSAGES.badProductPicture);
    }
    return send(placeholderImage(kind as ImageKind), ifNoneMatch, reply);
  }

  @Public()
  @Get('drawn/:shape/:colour/:view/:file')
  @ApiOperation({
    summary: 'A product picture drawn by the gateway (public, no token)',
    description:
      'A simple drawing of a kind of product in a colour, with the brand on a label; the demo catalog ' +
      "uses these as its products' pictures. Everything the picture shows is in the URL (the route reads " +
      'no data), and the same URL always gives the same bytes. Cacheable for a year, with an ETag ' +
      '(If-None-Match answers 304).',
  })
  @ApiParam({
    name: 'shape',
    description: 'What is drawn.',
    schema: { type: 'string', enum: [...DRAWN_SHAPES] },
  })
  @ApiParam({
    name: 'colour',
    description: 'The product colour as six lower-case hex digits, one of the drawing palette.',
    schema: { type: 'string', enum: Object.values(DRAWN_COLOURS) },
  })
  @ApiParam({
    name: 'view',
    description: 'Front, a three-quarter turn, or a close-up of the brand label.',
    schema: { type: 'string', enum: [...DRAWN_VIEWS] },
  })
  @ApiQuery({
    name: 'brand',
    description: 'The brand printed on the label (printable characters; shown escaped).',
    schema: { type: 'string', minLength: 1, maxLength: DRAWN_BRAND_MAX_LENGTH },
  })
  @ApiSvgPicture(
    'invalid_request: unknown shape, colour, view or size, or a brand that is missing, empty, too long or not printable.',
  )
  drawn(
    @Param() params: DrawnPictureParams,
    @Query('brand') brand: unknown,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Buffer | undefined {
    const picture = parseDrawnPicture(params, brand);
    if (!picture)
      throw new ApiError(HttpStatus.BAD_REQUEST, 'invalid_request', IMAGE_MESSAGES.badDrawnPicture);
    return send(drawnPicture(picture), ifNoneMatch, reply);
  }
}

/** The picture, or 304 when the client has it: either way with its ETag and the year-long cache. */
function send(
  image: RenderedImage,
  ifNoneMatch: string | undefined,
  reply: FastifyReply,
): Buffer | undefined {
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
