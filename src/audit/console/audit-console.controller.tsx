import { Controller, Get, Headers, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { VNode } from 'preact';
import { Clock } from '../../common/clock/clock';
import { Public } from '../../common/decorators/public.decorator';
import { ApiError } from '../../common/http/api-error';
import { InvalidInputError, validateInput } from '../../common/validation/validate-input';
import { AppConfig } from '../../config/app-config';
import { pickLanguage, PageLanguage } from '../../web/language';
import { readPageForm } from '../../web/page-form';
import { sendPage } from '../../web/page-security';
import { renderPage } from '../../web/render-page';
import { AuditChainService } from '../audit-chain.service';
import { AuditExportService } from '../audit-export.service';
import { AuditReviewService } from '../review/audit-review.service';
import { ListAuditSessionsQuery } from '../review/dto/list-audit-sessions.query';
import { clearedCookie, readCookie, sessionCookie } from './console-cookie';
import { consoleMessages, ConsoleMessages } from './console-messages';
import { ConsoleSignInService, ConsoleViewer, LinkState } from './console-sign-in.service';
import { CONSOLE_PATH, ConsoleFrame, MessagePage } from './pages/console-frame';
import { DashboardPage, DashboardVerification, VerificationStatus } from './pages/dashboard-page';
import { SessionFilterValues, SessionsPage } from './pages/sessions-page';
import { SessionPage } from './pages/session-page';
import { SignInPage } from './pages/sign-in-page';

/** Days the dashboard chart covers, today included. */
export const CHART_DAYS = 30;
/** Up to this many events the dashboard verifies the chain on every view (about a second); beyond, on request. */
export const DASHBOARD_VERIFY_MAX_EVENTS = 100_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const FILTER_NAMES = ['from', 'to', 'email', 'status', 'productId'] as const;

interface PageContext {
  lang: PageLanguage;
  text: ConsoleMessages;
}

/**
 * The compliance console: read-only server-rendered pages for auditors. Public
 * to the bearer guard; every page but sign-in checks the console session cookie itself.
 */
@ApiExcludeController()
@Public()
@Controller('audit/console')
export class AuditConsoleController {
  constructor(
    private readonly review: AuditReviewService,
    private readonly signIn: ConsoleSignInService,
    private readonly chain: AuditChainService,
    private readonly exporter: AuditExportService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  @Get('sign-in')
  async signInPage(
    @Query('token') token: unknown,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const page = context(acceptLanguage);
    const link = typeof token === 'string' ? token : '';
    const state = await this.signIn.linkState(link);
    if (state !== 'valid') return this.refuseLink(reply, page, state);
    sendPage(reply, renderPage(<SignInPage lang={page.lang} text={page.text} token={link} />));
  }

  @Post('sign-in')
  async spendLink(
    @Req() request: FastifyRequest,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const page = context(acceptLanguage);
    // Another site must not sign a browser in to a console of the attacker's choosing (login CSRF).
    if (!this.postedByOurOwnPage(request)) return this.refuseLink(reply, page, 'unknown');
    const form = readPageForm(request.body);
    const result = await this.signIn.spendLink(typeof form.token === 'string' ? form.token : '');
    if ('refused' in result) return this.refuseLink(reply, page, result.refused);
    void reply
      .header('set-cookie', sessionCookie(result.sessionToken, this.secure))
      .header('cache-control', 'no-store')
      .redirect(CONSOLE_PATH, 303);
  }

  @Post('sign-out')
  async signOut(
    @Req() request: FastifyRequest,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const page = context(acceptLanguage);
    await this.signIn.end(readCookie(request.headers.cookie));
    void reply.header('set-cookie', clearedCookie(this.secure));
    this.send(
      reply,
      <MessagePage
        lang={page.lang}
        text={page.text}
        kind="ok"
        title={page.text.signIn.signedOutTitle}
        message={page.text.signIn.signedOut}
        hint={page.text.signIn.howToGetLink}
      />,
    );
  }

  @Get()
  async dashboard(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const session = await this.session(request, reply);
    if (!session) return;
    const { viewer, page } = session;
    const [days, verification] = await Promise.all([
      this.review.dailyOutcomes(viewer.organizationId, this.clock.now(), CHART_DAYS),
      this.dashboardVerification(viewer.organizationId),
    ]);
    this.send(
      reply,
      <DashboardPage
        lang={page.lang}
        text={page.text}
        viewer={viewer}
        days={days}
        verification={verification}
      />,
    );
  }

  @Get('verify')
  async verify(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const session = await this.session(request, reply);
    if (!session) return;
    const { viewer, page } = session;
    const result = await this.chain.verify(viewer.organizationId);
    const title = page.text.dashboard.verificationTitle;
    this.send(
      reply,
      <ConsoleFrame lang={page.lang} text={page.text} title={title} viewer={viewer} current="dashboard">
        <h1>{title}</h1>
        <VerificationStatus text={page.text} verification={{ kind: 'verified', result }} />
      </ConsoleFrame>,
    );
  }

  @Get('sessions')
  async sessions(
    @Req() request: FastifyRequest,
    @Query() query: Record<string, unknown>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const session = await this.session(request, reply);
    if (!session) return;
    const { viewer, page } = session;
    const filters: SessionFilterValues = {};
    for (const name of FILTER_NAMES) {
      const value = query[name];
      if (typeof value === 'string' && value.trim() !== '') filters[name] = value.trim();
    }
    const cursor = typeof query.cursor === 'string' && query.cursor !== '' ? query.cursor : undefined;
    // Page size: the API's default, or ?limit= (kept on the next-page link; no form field for it).
    const limit = typeof query.limit === 'string' && query.limit !== '' ? query.limit : undefined;
    const frame = { lang: page.lang, text: page.text, viewer, filters, isFirstPage: !cursor };
    let dto: ListAuditSessionsQuery;
    try {
      dto = validateInput(ListAuditSessionsQuery, {
        ...filters,
        // A date from the form's day picker covers that whole (UTC) day.
        to: filters.to && DAY.test(filters.to) ? nextDay(filters.to) : filters.to,
        cursor,
        limit,
      });
    } catch (error) {
      if (!(error instanceof InvalidInputError)) throw error;
      return this.send(reply, <SessionsPage {...frame} problems={error.problems} />, 400);
    }
    let result;
    try {
      result = await this.review.listSessions(viewer.organizationId, dto);
    } catch (error) {
      // A cursor the server did not issue, or from not before to: shown like any other bad filter.
      if (!(error instanceof ApiError) || error.getStatus() !== 400) throw error;
      return this.send(reply, <SessionsPage {...frame} problems={[error.description]} />, 400);
    }
    const next = new URLSearchParams(filters as Record<string, string>);
    if (limit) next.set('limit', limit);
    if (result.nextCursor) next.set('cursor', result.nextCursor);
    this.send(
      reply,
      <SessionsPage
        {...frame}
        page={result}
        nextQuery={result.nextCursor ? `?${next.toString()}` : undefined}
      />,
    );
  }

  @Get('sessions/:id')
  async sessionPage(
    @Req() request: FastifyRequest,
    @Param('id') id: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const session = await this.session(request, reply);
    if (!session) return;
    const { viewer, page } = session;
    const detail = UUID.test(id)
      ? await this.review.session(viewer.organizationId, id.toLowerCase()).catch((error: unknown) => {
          if (error instanceof ApiError && error.getStatus() === 404) return undefined;
          throw error;
        })
      : undefined;
    if (!detail) {
      return this.send(
        reply,
        <MessagePage
          lang={page.lang}
          text={page.text}
          viewer={viewer}
          title={page.text.session.notFoundTitle}
          message={page.text.session.notFound}
          link={{ href: `${CONSOLE_PATH}/sessions`, label: page.text.session.back }}
        />,
        404,
      );
    }
    this.send(reply, <SessionPage lang={page.lang} text={page.text} viewer={viewer} session={detail} />);
  }

  @Get('export')
  async export(
    @Req() request: FastifyRequest,
    @Query() query: Record<string, unknown>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const session = await this.session(request, reply);
    if (!session) return;
    const { viewer, page } = session;
    const format = query.format === 'csv' ? 'csv' : query.format === 'jsonl' ? 'jsonl' : undefined;
    const from = dayOrNothing(query.from);
    const to = dayOrNothing(query.to);
    if (!format || from === null || to === null || (from && to && from >= nextDate(to))) {
      return this.send(
        reply,
        <MessagePage
          lang={page.lang}
          text={page.text}
          viewer={viewer}
          title={page.text.dashboard.exportTitle}
          message={page.text.dashboard.exportInvalid}
          link={{ href: CONSOLE_PATH, label: page.text.nav.dashboard }}
        />,
        400,
      );
    }
    const stream = this.exporter.export(viewer.organizationId, {
      format,
      from: from ?? undefined,
      to: to ? nextDate(to) : undefined,
    });
    const day = this.clock.now().toISOString().slice(0, 10);
    void reply
      .header(
        'content-type',
        format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
      )
      .header(
        'content-disposition',
        `attachment; filename="audit-${viewer.organizationSlug}-${day}.${format}"`,
      )
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .send(stream);
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

  private async dashboardVerification(organizationId: string): Promise<DashboardVerification> {
    const head = await this.chain.head(organizationId);
    if (head.sequence > DASHBOARD_VERIFY_MAX_EVENTS) return { kind: 'deferred', head };
    return { kind: 'verified', result: await this.chain.verify(organizationId) };
  }

  /** The signed-in viewer, or (having answered with the sign-in-required page) undefined. */
  private async session(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ viewer: ConsoleViewer; page: PageContext } | undefined> {
    const page = context(request.headers['accept-language']);
    const viewer = await this.signIn.viewer(readCookie(request.headers.cookie));
    if (viewer) return { viewer, page };
    this.send(
      reply,
      <MessagePage
        lang={page.lang}
        text={page.text}
        kind="warn"
        title={page.text.signIn.requiredTitle}
        message={page.text.signIn.required}
        hint={page.text.signIn.howToGetLink}
      />,
      401,
    );
    return undefined;
  }

  private refuseLink(reply: FastifyReply, page: PageContext, state: Exclude<LinkState, 'valid'>): void {
    const s = page.text.signIn;
    const [title, message, status] =
      state === 'used'
        ? [s.usedTitle, s.used, 410]
        : state === 'expired'
          ? [s.expiredTitle, s.expired, 410]
          : [s.unknownTitle, s.unknown, 404];
    this.send(
      reply,
      <MessagePage lang={page.lang} text={page.text} title={title} message={message} hint={s.howToGetLink} />,
      status,
    );
  }

  private send(reply: FastifyReply, page: VNode, status = 200): void {
    sendPage(reply, renderPage(page), { status });
  }
}

function context(acceptLanguage: string | string[] | undefined): PageContext {
  const lang = pickLanguage(Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage, 'en');
  return { lang, text: consoleMessages(lang) };
}

/** A YYYY-MM-DD value as its UTC midnight; undefined when absent or empty, null when malformed. */
function dayOrNothing(value: unknown): Date | undefined | null {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !DAY.test(value)) return null;
  const date = new Date(`${value}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : date;
}

function nextDate(day: Date): Date {
  return new Date(day.getTime() + 86_400_000);
}

function nextDay(value: string): string {
  const date = dayOrNothing(value);
  return date ? nextDate(date).toISOString() : value;
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
