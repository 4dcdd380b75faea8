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
import { postedByOurOwnPage } from './console-login-csrf';
import { consoleMessages } from './console-messages';
import { ConsoleSignInService, LinkState } from './console-sign-in.service';
import { ConsoleOidcClient } from './oidc/console-oidc.client';
import { nextStep } from './console-next-step';
import { consoleOidcMessages } from './oidc/console-oidc.messages';
import { CONSOLE_PATH, ConsoleMessagePage } from './pages/console-frame';
import { SignInPage, SingleSignOnPage } from './pages/sign-in-page';
import { LimitPerAddress } from '../../rate-limit/address-rate-limit.guard';

/**
 * Signing in to the compliance console with a one-time link, and signing out: the console pages
 * that need no signed-in auditor. Public to the bearer guard.
 */
@ApiExcludeController()
@Public()
@LimitPerAddress('console-sign-in')
@UseGuards(PageLanguageGuard)
@Controller('audit/console')
export class ConsoleSignInController {
  constructor(
    private readonly signIn: ConsoleSignInService,
    private readonly oidc: ConsoleOidcClient,
    private readonly config: AppConfig,
  ) {}

  /** A one-time link's page (`?token=`); without a link, single sign-on where it is set up. */
  @Get('sign-in')
  @PageRoute()
  async signInPage(@Query('token') token: unknown, @PageLang() lang: PageLanguage): Promise<PageResult> {
    if (token === undefined && this.oidc.enabled) return this.singleSignOnPage(lang);
    const link = typeof token === 'string' ? token : '';
    const state = await this.signIn.linkState(link);
    if (state !== 'valid') return refuseLink(lang, state, this.oidc.enabled);
    return pageResult(<SignInPage lang={lang} text={consoleMessages(lang)} token={link} />);
  }

  @Post('sign-in')
  @PageRoute()
  async spendLink(@Req() request: FastifyRequest, @PageLang() lang: PageLanguage): Promise<PageResult> {
    // Another site must not sign a browser in to a console of the attacker's choosing (login CSRF).
    if (!postedByOurOwnPage(request, this.config)) return refuseLink(lang, 'unknown', this.oidc.enabled);
    const form = readPageForm(request.body);
    const result = await this.signIn.spendLink(typeof form.token === 'string' ? form.token : '');
    if ('refused' in result) return refuseLink(lang, result.refused, this.oidc.enabled);
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
        {...nextStep(lang, this.oidc.enabled)}
      />,
      200,
      { headers: { 'set-cookie': clearedCookie(this.secure) } },
    );
  }

  /** The single sign-on button, or why it cannot be pressed now (the provider is unreachable). */
  private async singleSignOnPage(lang: PageLanguage): Promise<PageResult> {
    const configuration = await this.oidc.configuration();
    const origin = configuration ? this.oidc.authorizationOrigin(configuration) : undefined;
    return pageResult(
      <SingleSignOnPage
        lang={lang}
        text={consoleMessages(lang)}
        sso={consoleOidcMessages(lang)}
        providerName={this.oidc.name}
        available={configuration !== undefined}
      />,
      200,
      // The start button's POST is answered by a redirect to the provider: form-action must allow it.
      { formActions: origin ? [origin] : [] },
    );
  }

  private get secure(): boolean {
    return this.config.publicUrl.startsWith('https:');
  }
}

/** The page of a sign-in link that cannot be used (any more). */
function refuseLink(lang: PageLanguage, state: Exclude<LinkState, 'valid'>, sso: boolean): PageResult {
  const text = consoleMessages(lang);
  const s = text.signIn;
  const [title, message, status] =
    state === 'used'
      ? [s.usedTitle, s.used, 410]
      : state === 'expired'
        ? [s.expiredTitle, s.expired, 410]
        : [s.unknownTitle, s.unknown, 404];
  return pageResult(
    <ConsoleMessagePage lang={lang} messages={text} title={title} text={message} {...nextStep(lang, sso)} />,
    status,
  );
}
