import { Body, Controller, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/decorators/public.decorator';
import { CXML_MEDIA_TYPES, cxmlBodyOf, sendCxml } from '../../cxml/cxml-body.parser';
import { LimitPerAddress } from '../../rate-limit/address-rate-limit.guard';
import { CxmlOrdersService } from './cxml-orders.service';

/**
 * `POST /cxml/orders`: a cXML OrderRequest from a buyer's procurement suite. Public like the cXML
 * setup: the document carries its own credentials. The answer is always a cXML Status in an HTTP 200
 * (refusals too), as buyers expect.
 */
@ApiExcludeController()
@Public()
@LimitPerAddress('punchout-pages')
@Controller('cxml/orders')
export class CxmlOrdersController {
  constructor(private readonly orders: CxmlOrdersService) {}

  @Post()
  async post(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const mediaType = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    const document = await this.orders.receive(
      cxmlBodyOf(body),
      CXML_MEDIA_TYPES.includes(mediaType) ? mediaType : 'text/xml',
      { ip: request.ip, userAgent: request.headers['user-agent'] },
    );
    sendCxml(reply, document);
  }
}
