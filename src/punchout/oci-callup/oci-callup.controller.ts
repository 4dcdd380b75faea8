import { Body, Controller, Get, Headers, Post, Req, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/decorators/public.decorator';
import { AppConfig } from '../../config/app-config';
import { LimitPerAddress } from '../../rate-limit/address-rate-limit.guard';
import { pickLanguage } from '../../web/language';
import { readPageForm } from '../../web/page-form';
import { frameAncestorsSource, sendPage } from '../../web/page-security';
import { renderPage } from '../../web/render-page';
import { PunchoutPageErrorFilter } from '../punchout-page-error.filter';
import { PUNCHOUT_BASE } from '../punchout-paths';
import { readOciParams } from './oci-callup-request.parser';
import { CallupAnswer, OciCallupService } from './oci-callup.service';

/**
 * `GET|POST /punchout/oci`: SAP's OCI catalog call-up and its functions (docs/punchout.md,
 * "Connecting SAP"). Public like the shop pages: the call carries its own credentials. Answers are
 * HTML pages in the buyer's language (errors too, through the pages' error filter).
 */
@ApiExcludeController()
@Public()
@UseFilters(PunchoutPageErrorFilter)
@LimitPerAddress('punchout-pages')
@Controller(`${PUNCHOUT_BASE.slice(1)}/oci`)
export class OciCallupController {
  constructor(
    private readonly callup: OciCallupService,
    private readonly config: AppConfig,
  ) {}

  @Get()
  async get(
    @Headers('accept-language') acceptLanguage: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    // Link checkers send HEAD: answer without signing in, opening a session or recording anything.
    if (request.method === 'HEAD') {
      void reply
        .code(200)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send();
      return;
    }
    await this.handle(request, undefined, acceptLanguage, reply);
  }

  @Post()
  async post(
    @Body() body: unknown,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.handle(request, body, acceptLanguage, reply);
  }

  private async handle(
    request: FastifyRequest,
    body: unknown,
    acceptLanguage: string | undefined,
    reply: FastifyReply,
  ): Promise<void> {
    const lang = pickLanguage(acceptLanguage, this.config.defaultLanguage);
    const at = request.url.indexOf('?');
    const query = new URLSearchParams(at < 0 ? '' : request.url.slice(at + 1));
    // A form body (SAP's POST); any other body counts as none. A malformed one is a 400 page.
    const form = typeof body === 'string' ? readPageForm(body) : {};
    const params = readOciParams(
      query.entries(),
      Object.entries(form).map(([name, value]): [string, string] => [
        name,
        Array.isArray(value) ? (value[0] ?? '') : value,
      ]),
    );
    const answer = await this.callup.call(
      params,
      { ip: request.ip, userAgent: request.headers['user-agent'] },
      lang,
    );
    this.send(reply, answer);
  }

  private send(reply: FastifyReply, answer: CallupAnswer): void {
    if (answer.kind === 'redirect') {
      void reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(answer.location, 303);
      return;
    }
    sendPage(reply, renderPage(answer.page), {
      status: answer.status,
      formActions: answer.formAction ? [answer.formAction] : [],
      // Refusals: PUNCHOUT_FRAME_ANCESTORS only; answers: the caller's own origins too.
      frameAncestors: frameAncestorsSource(answer.frameOrigins ?? [], this.config.punchout.frameAncestors),
    });
  }
}
