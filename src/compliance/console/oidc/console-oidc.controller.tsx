import { Controller, Get, Post, Req, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Public } from '../../../common/decorators/public.decorator';
import { AppConfig } from '../../../config/app-config';
import type { PageLanguage } from '../../../web/language';
import { PageLanguageGuard } from '../../../web/page-area.guard';
import { PageRoute } from '../../../web/page-reply';
import { PageLang } from '../../../web/page-request';
import { PageResult, pageResult, redirectTo } from '../../../web/page-result';
import { readCookie, sessionCookie } from '../console-cookie';
import { postedByOurOwnPage } from '../console-login-csrf';
import { consoleMessages } from '../console-messages';
import { CONSOLE_SIGN_IN_PATH } from '../console-sign-in.service';
import { CONSOLE_PATH, ConsoleMessagePage } from '../pages/console-frame';
import { attemptCookie, clearedAttemptCookie, CONSOLE_OIDC_COOKIE } from './console-oidc-cookie';
import { consoleOidcMessages } from './console-oidc.messages';
import { ConsoleOidcService, OidcRefusal } from './console-oidc.service';
import { LimitPerAddress } from '../../../rate-limit/address-rate-limit.guard';

/** The HTTP status of each refusal page. */
const REFUSAL_STATUS: Record<OidcRefusal, number> = {
  unavailable: 503,
  attempt_unknown: 400,
  attempt_expired: 400,
  denied: 403,
  provider_error: 502,
  email_missing: 403,
  email_unverified: 403,
  unknown_user: 403,
  not_auditor: 403,
  ambiguous: 403,
};

/**
 * Single sign-on to the compliance console: the sign-in page's button starts it (to the identity
 * provider), the provider sends the browser back to the callback. Public to the bearer guard.
 */
@ApiExcludeController()
@Public()
@LimitPerAddress('console-sign-in')
@UseGuards(PageLanguageGuard)
@Controller('audit/console/oidc')
export class ConsoleOidcController {
  constructor(
    private readonly oidc: ConsoleOidcService,
    private readonly config: AppConfig,
  ) {}

  @Post('start')
  @PageRoute()
  async start(@Req() request: FastifyRequest, @PageLang() lang: PageLanguage): Promise<PageResult> {
    // Like the link's POST: only our own sign-in page starts a sign-in.
    if (!postedByOurOwnPage(request, this.config)) return refusal(lang, 'attempt_unknown');
    const attempt = await this.oidc.start();
    if (!attempt) return refusal(lang, 'unavailable');
    return redirectTo(attempt.location, { 'set-cookie': attemptCookie(attempt.verifier, this.secure) });
  }

  /**
   * The provider's answer. On success a small page, not a redirect, continues to the console: the
   * session cookie is SameSite=Strict, and Chromium sends no Strict cookie on a redirect chain that
   * another site started, so the console must be opened by a navigation from our own page.
   */
  @Get('callback')
  @PageRoute()
  async callback(@Req() request: FastifyRequest, @PageLang() lang: PageLanguage): Promise<PageResult> {
    const at = request.url.indexOf('?');
    const query = new URLSearchParams(at === -1 ? '' : request.url.slice(at + 1));
    const result = await this.oidc.finish(query, readCookie(request.headers.cookie, CONSOLE_OIDC_COOKIE));
    const cleared = clearedAttemptCookie(this.secure);
    if ('refused' in result) return refusal(lang, result.refused, result.email, cleared);
    const text = consoleOidcMessages(lang);
    return pageResult(
      <ConsoleMessagePage
        lang={lang}
        messages={consoleMessages(lang)}
        kind="ok"
        title={text.signedInTitle}
        text={text.signedIn}
        link={{ href: CONSOLE_PATH, label: text.openConsole }}
      />,
      200,
      {
        headers: {
          'set-cookie': [cleared, sessionCookie(result.sessionToken, this.secure)],
          refresh: `0;url=${CONSOLE_PATH}`,
        },
      },
    );
  }

  private get secure(): boolean {
    return this.config.publicUrl.startsWith('https:');
  }
}

/** The page of a sign-in that opened no console: what happened and what to do next. */
function refusal(lang: PageLanguage, reason: OidcRefusal, email = '', cookie?: string): PageResult {
  const text = consoleOidcMessages(lang);
  const refusal = text.refusals[reason];
  return pageResult(
    <ConsoleMessagePage
      lang={lang}
      messages={consoleMessages(lang)}
      title={refusal.title}
      text={refusal.text(email)}
      hint={refusal.hint}
      link={{ href: CONSOLE_SIGN_IN_PATH, label: text.toSignIn }}
    />,
    REFUSAL_STATUS[reason],
    cookie ? { headers: { 'set-cookie': cookie } } : {},
  );
}
