import { Body, Controller, Get, Headers, Param, Post, Query, Req, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../common/decorators/public.decorator';
import { AppConfig } from '../config/app-config';
import { RawQueryString } from '../search/raw-query-string.decorator';
import { LimitPerAddress } from '../rate-limit/address-rate-limit.guard';
import { pickLanguage, PageLanguage } from '../web/language';
import { readPageForm } from '../web/page-form';
import { frameAncestorsSource, sendPage } from '../web/page-security';
import { renderPage } from '../web/render-page';
import { PunchoutPageErrorFilter } from './punchout-page-error.filter';
import { PageResult, PunchoutPagesService } from './punchout-pages.service';
import { PUNCHOUT_BASE } from './punchout-paths';
import { PunchoutSessionsService } from './punchout-sessions.service';

type Form = Record<string, string | string[]>;

/**
 * The buyer's pages (HTML). Public: no bearer token reaches a browser; each page is guarded by the
 * session key in its path (256 bits, only its hash stored) and every POST by the session's CSRF token.
 */
@ApiExcludeController()
@Public()
@UseFilters(PunchoutPageErrorFilter)
@LimitPerAddress('punchout-pages')
@Controller(PUNCHOUT_BASE.slice(1))
export class PunchoutPagesController {
  constructor(
    private readonly pages: PunchoutPagesService,
    private readonly sessions: PunchoutSessionsService,
    private readonly config: AppConfig,
  ) {}

  @Get('start/:token')
  async start(
    @Param('token') token: string,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const lang = this.language(acceptLanguage);
    // Link checkers and mail scanners send HEAD: answer it without spending the one-time token.
    if (request.method === 'HEAD') {
      void reply
        .code(200)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send();
      return;
    }
    const result = await this.pages.start(token, lang, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    await this.send(reply, result);
  }

  @Get('s/:key')
  async home(
    @Param('key') key: string,
    @Headers('accept-language') al: string | undefined,
    @Res() reply: FastifyReply,
  ) {
    await this.send(reply, await this.pages.product(key, undefined, this.language(al)));
  }

  @Get('s/:key/product/:productId')
  async product(
    @Param('key') key: string,
    @Param('productId') productId: string,
    @Headers('accept-language') al: string | undefined,
    @Res() reply: FastifyReply,
  ) {
    await this.send(reply, await this.pages.product(key, productId, this.language(al)));
  }

  @Get('s/:key/search')
  async search(
    @Param('key') key: string,
    @Query() query: Record<string, unknown>,
    @RawQueryString() rawQuery: string,
    @Headers('accept-language') al: string | undefined,
    @Res() reply: FastifyReply,
  ) {
    await this.send(reply, await this.pages.searchPage(key, query, rawQuery, this.language(al)));
  }

  @Get('s/:key/cart')
  async cart(
    @Param('key') key: string,
    @Query('done') done: unknown,
    @Headers('accept-language') al: string | undefined,
    @Res() reply: FastifyReply,
  ) {
    await this.send(reply, await this.pages.cartPage(key, this.language(al), done));
  }

  /**
   * The POST-only addresses opened with GET (a bookmark, a reload that dropped the body, a typed URL):
   * to the cart, which shows the session's state. Changes happen only by POST with the CSRF token.
   */
  @Get(['s/:key/transfer', 's/:key/cart/add', 's/:key/cart/update', 's/:key/cart/remove'])
  async toCart(@Param('key') key: string, @Res() reply: FastifyReply) {
    await this.send(reply, this.pages.cartRedirect(key));
  }

  /** "Cancel" with items in the cart: the confirmation page (the POST cancels). */
  @Get('s/:key/cancel')
  async confirmCancel(
    @Param('key') key: string,
    @Headers('accept-language') al: string | undefined,
    @Res() reply: FastifyReply,
  ) {
    await this.send(reply, await this.pages.cancelConfirmPage(key, this.language(al)));
  }

  @Post('s/:key/cart/add')
  async add(
    @Param('key') key: string,
    @Body() body: unknown,
    @Headers('accept-language') al: string | undefined,
    @Res() reply: FastifyReply,
  ) {
    await this.send(reply, await this.pages.add(key, this.form(body), this.language(al)));
  }

  @Post('s/:key/cart/update')
  async update(
    @Param('key') key: string,
    @Body() body: unknown,
    @Headers('accept-language') al: string | undefined,
    @Res() reply: FastifyReply,
  ) {
    await this.send(reply, await this.pages.update(key, this.form(body), this.language(al)));
  }

  @Post('s/:key/cart/remove')
  async remove(
    @Param('key') key: string,
    @Body() body: unknown,
    @Headers('accept-language') al: string | undefined,
    @Res() reply: FastifyReply,
  ) {
    await this.send(reply, await this.pages.remove(key, this.form(body), this.language(al)));
  }

  @Post('s/:key/transfer')
  async transfer(
    @Param('key') key: string,
    @Body() body: unknown,
    @Headers('accept-language') al: string | undefined,
    @Res() reply: FastifyReply,
  ) {
    await this.send(reply, await this.pages.transfer(key, this.form(body), this.language(al)));
  }

  @Post('s/:key/cancel')
  async cancel(
    @Param('key') key: string,
    @Body() body: unknown,
    @Headers('accept-language') al: string | undefined,
    @Res() reply: FastifyReply,
  ) {
    await this.send(reply, await this.pages.cancel(key, this.form(body), this.language(al)));
  }

  private language(acceptLanguage: string | undefined): PageLanguage {
    return pickLanguage(acceptLanguage, this.config.defaultLanguage);
  }

  /** A page form: a JSON or other body (a hand-made POST) counts as an empty form, so CSRF refuses it. */
  private form(body: unknown): Form {
    return typeof body === 'string' ? readPageForm(body) : {};
  }

  private async send(reply: FastifyReply, result: PageResult): Promise<void> {
    if (result.kind === 'redirect') {
      void reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(result.location, 303);
      return;
    }
    sendPage(reply, renderPage(result.page), {
      status: result.status,
      // The return form posts to the session's HOOK_URL: its origin joins form-action.
      formActions: result.session ? [new URL(result.session.callbackUrl).origin] : [],
      // Framed by the session's own procurement system, plus PUNCHOUT_FRAME_ANCESTORS.
      frameAncestors: frameAncestorsSource(
        result.session ? await this.sessions.frameOrigins(result.session) : [],
        this.config.punchout.frameAncestors,
      ),
    });
  }
}
