import { Body, Controller, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/decorators/public.decorator';
import { CXML_MEDIA_TYPES, CxmlBody, ParsedCxmlBody } from '../../cxml/cxml-body.parser';
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
      bodyOf(body),
      CXML_MEDIA_TYPES.includes(mediaType) ? mediaType : 'text/xml',
      { ip: request.ip, userAgent: request.headers['user-agent'] },
    );
    void reply
      .code(200)
      .header('content-type', 'text/xml; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(document);
  }
}

/** The XML parser's result; any other body (JSON, a form, none) is answered with a cXML 415. */
function bodyOf(body: unknown): CxmlBody {
  if (body instanceof ParsedCxmlBody) return body.body;
  return { problem: 'The body must be a cXML document sent as text/xml or application/xml.', code: 415 };
}
