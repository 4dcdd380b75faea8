import { Controller, Get, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Public } from '../../common/decorators/public.decorator';
import { AppConfig } from '../../config/app-config';
import type { PageLanguage } from '../../web/language';
import { PageLanguageGuard } from '../../web/page-area.guard';
import { readPageForm } from '../../web/page-form';
import { PageRoute } from '../../web/page-reply';
import { PageLang } from '../../web/page-request';
import { PageResult, pageResult, redirectTo } from '../../web/page-result';
import { clearedCookie, readCookie, sessionCookie } from './console-cookie';
import { consoleMessages } from './console-messages';
import { ConsoleSignInService, LinkState } from './console-sign-in.service';
import { CONSOLE_PATH, ConsoleMessagePage } from './pages/console-frame';
import { SignInPage } from './pages/sign-in-page';

/**
 * Signing in to the compliance console with a one-time link, and signing out: the console pages
 * that need no signed-in auditor. Public to the bearer guard.
 */
@ApiExcludeController()
@Public()
@UseGuards(PageLanguageGuard)
@Controller('audit/console')
export class ConsoleSignInController {
  constructor(
    private readonly signIn: ConsoleSignInService,
    private readonly config: AppConfig,
  ) {}

  @Get('sign-in')
  @PageRoute()
  async signInPage(@Query('token') token: unknown, @PageLang() lang: PageLanguage): Promise<PageResult> {
    const link = typeof token === 'string' ? token : '';
    const state = await this.signIn.linkState(link);
    if (state !== 'valid') return refuseLink(lang, state);
    return pageResult(<SignInPage lang={lang} text={consoleMessages(lang)} token={link} />);
  }

  @Post('sign-in')
  @PageRoute()
  async spendLink(@Req() request: FastifyRequest, @PageLang() lang: PageLanguage): Promise<PageResult> {
    // Another site must not sign a browser in to a console of the attacker's choosing (login CSRF).
    if (!this.postedByOurOwnPage(request)) return refuseLink(lang, 'unknown');
    const form = readPageForm(request.body);
    const result = await this.signIn.spendLink(typeof form.token === 'string' ? form.token : '');
    if ('refused' in result) return refuseLink(lang, result.refused);
    return redirectTo(CONSOLE_PATH, { 'set-cookie': sessionCookie(result.sessionToken, this.secure) });
  }

  @Post('sign-out')
  @PageRoute()
  async signOut(@Req() request: FastifyRequest, @PageLang() lang: PageLanguage): Promise<PageResult> {
    const text = consoleMessages(lang);
    await this.signIn.end(readCookie(request.headers.cookie));
    return pageResult(
      <ConsoleMessagePage
        lang={lang}
        messages={text}
        kind="ok"
        title={text.signIn.signedOutTitle}
        text={text.signIn.signedOut}
        hint={text.signIn.howToGetLink}
      />,
      200,
      { headers: { 'set-cookie': clearedCookie(this.secure) } },
    );
  }

  /**
   * Whether a sign-in POST comes from our own sign-in page (login CSRF), by headers a page cannot
   * forge. `Sec-Fetch-Site`, when sent, must be `same-origin` (`same-site` is refused too: a sibling
   * subdomain is another party). `Origin`, when it names an origin, must be one of ours; absent
   * `Origin`, `Referer` must be on one of ours; with neither the POST is refused. `Origin: null` is
   * what browsers send for a form POST from a page with Referrer-Policy: no-referrer, as all our pages
   * are (header and meta): it passes only together with `Sec-Fetch-Site: same-origin`, so a
   * browser without Fetch Metadata falls back to refusing. Our origins: PUBLIC_URL's and, when
   * TRUST_PROXY is off, the one the request was sent to (scheme + Host), so a gateway reached under
   * another name than PUBLIC_URL (an internal address, the tests' 127.0.0.1) still signs in; behind
   * a proxy only PUBLIC_URL counts, as Host and scheme are then the proxy's to set.
   */
  private postedByOurOwnPage(request: FastifyRequest): boolean {
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin') return false;
    const ours = new Set([new URL(this.config.publicUrl).origin]);
    const host = request.headers.host;
    if (!this.config.trustProxy && host) {
      const own = originOf(`${request.protocol}://${host}`);
      if (own) ours.add(own);
    }
    const origin = request.headers.origin;
    if (origin === 'null') return site === 'same-origin';
    if (origin !== undefined) return ours.has(origin);
    const referer = request.headers.referer;
    return referer !== undefined && ours.has(originOf(referer) ?? '');
  }

  private get secure(): boolean {
    return this.config.publicUrl.startsWith('https:');
  }
}

/** The page of a sign-in link that cannot be used (any more). */
function refuseLink(lang: PageLanguage, state: Exclude<LinkState, 'valid'>): PageResult {
  const text = consoleMessages(lang);
  const s = text.signIn;
  const [title, message, status] =
    state === 'used'
      ? [s.usedTitle, s.used, 410]
      : state === 'expired'
        ? [s.expiredTitle, s.expired, 410]
        : [s.unknownTitle, s.unknown, 404];
  return pageResult(
    <ConsoleMessagePage lang={lang} messages={text} title={title} text={message} hint={s.howToGetLink} />,
    status,
  );
}

/** The serialized origin of an absolute URL, or undefined if it is not one. */
function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}
