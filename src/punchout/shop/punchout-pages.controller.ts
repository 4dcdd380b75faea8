import { Body, Controller, Get, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Public } from '../../common/decorators/public.decorator';
import { AppConfig } from '../../config/app-config';
import { LimitPerAddress } from '../../rate-limit/address-rate-limit.guard';
import { RawQueryString } from '../../search/raw-query-string.decorator';
import type { PageLanguage } from '../../web/language';
import { readPageForm } from '../../web/page-form';
import { PageRoute } from '../../web/page-reply';
import { PageLang } from '../../web/page-request';
import { PageResult, pageResult } from '../../web/page-result';
import { frameAncestorsSource } from '../../web/page-security';
import { PunchoutPagesService, ShopResult } from './punchout-pages.service';
import { PunchoutSessionGuard, PunchoutVisit, Visit } from './punchout-session.guard';
import { PunchoutSessionsService } from '../core/punchout-sessions.service';

type Form = Record<string, string | string[]>;

/**
 * The buyer's pages (HTML). Public: no bearer token reaches a browser; each page is guarded by the
 * session key in its path (256 bits, only its hash stored; PunchoutSessionGuard resolves it) and
 * every POST by the session's CSRF token. Errors are pages too (PunchoutPageArea).
 */
@ApiExcludeController()
@Public()
@LimitPerAddress('punchout-pages')
@UseGuards(PunchoutSessionGuard)
@Controller('punchout')
export class PunchoutPagesController {
  constructor(
    private readonly pages: PunchoutPagesService,
    private readonly sessions: PunchoutSessionsService,
    private readonly config: AppConfig,
  ) {}

  @Get('start/:token')
  @PageRoute()
  async start(
    @Param('token') token: string,
    @PageLang() lang: PageLanguage,
    @Req() request: FastifyRequest,
  ): Promise<PageResult> {
    // Link checkers and mail scanners send HEAD: answer it without spending the one-time token.
    if (request.method === 'HEAD') return pageResult(null);
    return this.answer(
      await this.pages.start(token, lang, { ip: request.ip, userAgent: request.headers['user-agent'] }),
    );
  }

  @Get('s/:key')
  @PageRoute()
  async home(@Visit() visit: PunchoutVisit, @PageLang() lang: PageLanguage) {
    return this.answer(await this.pages.product(visit, undefined, lang));
  }

  @Get('s/:key/product/:productId')
  @PageRoute()
  async product(
    @Visit() visit: PunchoutVisit,
    @Param('productId') productId: string,
    @PageLang() lang: PageLanguage,
  ) {
    return this.answer(await this.pages.product(visit, productId, lang));
  }

  @Get('s/:key/search')
  @PageRoute()
  async search(
    @Visit() visit: PunchoutVisit,
    @Query() query: Record<string, unknown>,
    @RawQueryString() rawQuery: string,
    @PageLang() lang: PageLanguage,
  ) {
    return this.answer(await this.pages.searchPage(visit, query, rawQuery, lang));
  }

  @Get('s/:key/cart')
  @PageRoute()
  async cart(@Visit() visit: PunchoutVisit, @Query('done') done: unknown, @PageLang() lang: PageLanguage) {
    return this.answer(await this.pages.cartPage(visit, lang, done));
  }

  /**
   * The POST-only addresses opened with GET (a bookmark, a reload that dropped the body, a typed URL):
   * to the cart, which shows the session's state. Changes happen only by POST with the CSRF token.
   */
  @Get(['s/:key/transfer', 's/:key/cart/add', 's/:key/cart/update', 's/:key/cart/remove'])
  @PageRoute()
  toCart(@Param('key') key: string) {
    return this.answer(this.pages.cartRedirect(key));
  }

  /** "Cancel" with items in the cart: the confirmation page (the POST cancels). */
  @Get('s/:key/cancel')
  @PageRoute()
  async confirmCancel(@Visit() visit: PunchoutVisit, @PageLang() lang: PageLanguage) {
    return this.answer(await this.pages.cancelConfirmPage(visit, lang));
  }

  @Post('s/:key/cart/add')
  @PageRoute()
  async add(@Visit() visit: PunchoutVisit, @Body() body: unknown, @PageLang() lang: PageLanguage) {
    return this.answer(await this.pages.add(visit, form(body), lang));
  }

  @Post('s/:key/cart/update')
  @PageRoute()
  async update(@Visit() visit: PunchoutVisit, @Body() body: unknown, @PageLang() lang: PageLanguage) {
    return this.answer(await this.pages.update(visit, form(body), lang));
  }

  @Post('s/:key/cart/remove')
  @PageRoute()
  async remove(@Visit() visit: PunchoutVisit, @Body() body: unknown, @PageLang() lang: PageLanguage) {
    return this.answer(await this.pages.remove(visit, form(body), lang));
  }

  @Post('s/:key/transfer')
  @PageRoute()
  async transfer(@Visit() visit: PunchoutVisit, @Body() body: unknown, @PageLang() lang: PageLanguage) {
    return this.answer(await this.pages.transfer(visit, form(body), lang));
  }

  @Post('s/:key/cancel')
  @PageRoute()
  async cancel(@Visit() visit: PunchoutVisit, @Body() body: unknown, @PageLang() lang: PageLanguage) {
    return this.answer(await this.pages.cancel(visit, form(body), lang));
  }

  /** A shop page with the session's own security: its HOOK_URL may be posted to, its suite may frame it. */
  private async answer(result: ShopResult): Promise<PageResult> {
    if (result.kind === 'redirect') return result;
    const { session } = result;
    return pageResult(result.page, result.status, {
      // The return form posts to the session's HOOK_URL: its origin joins form-action.
      formActions: session ? [new URL(session.callbackUrl).origin] : [],
      // Framed by the session's own procurement system, plus PUNCHOUT_FRAME_ANCESTORS.
      frameAncestors: frameAncestorsSource(
        session ? await this.sessions.frameOrigins(session) : [],
        this.config.punchout.frameAncestors,
      ),
    });
  }
}

/** A page form: a JSON or other body (a hand-made POST) counts as an empty form, so CSRF refuses it. */
function form(body: unknown): Form {
  return typeof body === 'string' ? readPageForm(body) : {};
}
