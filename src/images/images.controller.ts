import { Controller, Get, HttpStatus, Param, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CATALOG_ID_PATTERN, IMAGE_KINDS, ImageKind } from '../catalog/catalog.constants';
import { ApiErrors, ApiRateLimited } from '../common/decorators/api-responses.decorator';
import { Public } from '../common/decorators/public.decorator';
import { ApiError } from '../common/http/api-error';
import { PrismaService } from '../database/prisma.service';
import { IMAGE_CACHE_HEADERS } from './dto/image.responses';
import { renderPlaceholderSvg } from './placeholder-image.renderer';

/**
 * Product pictures served by the gateway itself (public: browsers and procurement systems load
 * them without a token), so the demo needs no internet: deterministic SVG placeholders.
 */
@ApiTags('images')
@Controller('images')
export class ImagesController {
  constructor(private readonly prisma: PrismaService) {}

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
  async product(
    @Param('id') id: string,
    @Param('file') file: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const kind = file.endsWith('.svg') ? file.slice(0, -4) : '';
    if (!CATALOG_ID_PATTERN.test(id) || !Object.hasOwn(IMAGE_KINDS, kind)) {
      throw new ApiError(
        HttpStatus.BAD_REQUEST,
        'invalid_request',
        'expected /images/products/{id}/{thumbnail|small|medium|large}.svg',
      );
    }
    const product = await this.prisma.product.findUnique({ where: { id }, select: { name: true } });
    if (!product) throw new ApiError(HttpStatus.NOT_FOUND, 'not_found', 'no such product');
    void reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    return renderPlaceholderSvg(id, product.name, kind as ImageKind);
  }
}
