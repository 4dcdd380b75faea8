import { Body, Controller, Get, Post, Req, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Public } from '../../common/decorators/public.decorator';
import { AppConfig } from '../../config/app-config';
import { LimitPerAddress } from '../../rate-limit/address-rate-limit.guard';
import type { PageLanguage } from '../../web/language';
import { PageLanguageGuard } from '../../web/page-area.guard';
import { PageRoute } from '../../web/page-reply';
import { PageLang } from '../../web/page-request';
import { PageResult, pageResult } from '../../web/page-result';
import { frameAncestorsSource } from '../../web/page-security';
import { readOciParams } from './oci-callup-request.parser';
import { ociCharsetOf, readOciPairs } from './oci-charset';
import { CallupAnswer, OciCallupService } from './oci-callup.service';

/**
 * `GET|POST /punchout/oci`: SAP's OCI catalog call-up and its functions (docs/punchout.md,
 * "Connecting SAP"). Public like the shop pages: the call carries its own credentials. Answers are
 * HTML pages in the buyer's language (errors too: the shop's page area answers them).
 */
@ApiExcludeController()
@Public()
@LimitPerAddress('punchout-pages')
@UseGuards(PageLanguageGuard)
@Controller('punchout/oci')
export class OciCallupController {
  constructor(
    private readonly callup: OciCallupService,
    private readonly config: AppConfig,
  ) {}

  @Get()
  @PageRoute()
  async get(@PageLang() lang: PageLanguage, @Req() request: FastifyRequest): Promise<PageResult> {
    // Link checkers send HEAD: answer without signing in, opening a session or recording anything.
    if (request.method === 'HEAD') return pageResult(null);
    return this.handle(request, undefined, lang);
  }

  @Post()
  @PageRoute()
  async post(
    @Body() body: unknown,
    @PageLang() lang: PageLanguage,
    @Req() request: FastifyRequest,
  ): Promise<PageResult> {
    return this.handle(request, body, lang);
  }

  private async handle(request: FastifyRequest, body: unknown, lang: PageLanguage): Promise<PageResult> {
    // One rule for GET and POST (oci-charset.ts): the declared charset, else UTF-8 or Latin-1 by the bytes.
    const at = request.url.indexOf('?');
    const query = readOciPairs(at < 0 ? '' : request.url.slice(at + 1), undefined, 'latin1');
    // A form body (SAP's POST); any other body counts as none.
    const charset = ociCharsetOf(request.headers['content-type']) ?? undefined;
    const form = typeof body === 'string' ? readOciPairs(body, charset, 'utf8') : [];
    const params = readOciParams(query, form);
    const answer = await this.callup.call(
      params,
      { ip: request.ip, userAgent: request.headers['user-agent'] },
      lang,
    );
    return this.answer(answer);
  }

  private answer(answer: CallupAnswer): PageResult {
    if (answer.kind === 'redirect') return answer;
    return pageResult(answer.page, answer.status, {
      formActions: answer.formAction ? [answer.formAction] : [],
      // Refusals: PUNCHOUT_FRAME_ANCESTORS only; answers: the caller's own origins too.
      frameAncestors: frameAncestorsSource(answer.frameOrigins ?? [], this.config.punchout.frameAncestors),
    });
  }
}
