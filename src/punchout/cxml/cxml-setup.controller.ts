import { Body, Controller, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/decorators/public.decorator';
import { LimitPerAddress } from '../../rate-limit/address-rate-limit.guard';
import { cxmlBodyOf, sendCxml } from '../../cxml/cxml-body.parser';
import { CxmlSetupService } from './cxml-setup.service';

/**
 * `POST /punchout/cxml`: a cXML PunchOutSetupRequest from a buyer's procurement suite (Coupa, Ariba,
 * Jaggaer, Oracle...). Public like the OCI call-up: the document carries its own credentials. The
 * answer is always a cXML document in an HTTP 200 (refusals too, as a Status), as buyers expect.
 */
@ApiExcludeController()
@Public()
@LimitPerAddress('punchout-pages')
@Controller('punchout/cxml')
export class CxmlSetupController {
  constructor(private readonly setup: CxmlSetupService) {}

  @Post()
  async post(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const document = await this.setup.setup(cxmlBodyOf(body), {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    sendCxml(reply, document);
  }
}
