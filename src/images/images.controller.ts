import { Controller, Get, HttpStatus, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CATALOG_ID_PATTERN, IMAGE_KINDS, ImageKind } from '../catalog/catalog.constants';
import { Public } from '../common/decorators/public.decorator';
import { ApiError } from '../common/http/api-error';
import { PrismaService } from '../database/prisma.service';
import { renderPlaceholderSvg } from './placeholder-image.renderer';

/**
 * Product pictures served by the gateway itself (public: browsers and procurement systems load
 * them without a token), so the demo needs no internet: deterministic SVG placeholders.
 */
@Controller('images')
export class ImagesController {
  constructor(private readonly prisma: PrismaService) {}

  @Public()
  @Get('products/:id/:file')
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
