import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Readable } from 'node:stream';
import { Clock } from '../../common/clock/clock';
import { AppConfig } from '../../config/app-config';
import { Public } from '../../common/decorators/public.decorator';
import { ApiError } from '../../common/http/api-error';
import { startedStream } from '../../common/http/started-stream';
import { InvalidInputError, validateInput } from '../../common/validation/validate-input';
import type { PageLanguage } from '../../web/language';
import { PageRoute } from '../../web/page-reply';
import { PageLang } from '../../web/page-request';
import { PageResult, pageResult } from '../../web/page-result';
import { AuditExportService } from '../../audit/audit-export.service';
import { DayPeriod } from '../compliance.queries';
import { AuditFiguresService } from '../review/audit-figures.service';
import { AuditReviewService } from '../review/audit-review.service';
import { ListAuditSessionsQuery } from '../review/dto/list-audit-sessions.query';
import { AuditEventResponse } from '../review/dto/audit-review.response';
import { ListAdministrationEventsQuery } from '../review/dto/list-administration-events.query';
import { administrationExport } from './administration-export';
import { sessionsExport } from './sessions-export';
import { actorName } from './actor-name';
import { administrationSummary } from './administration-summary';
import { consoleMessages, ConsoleMessages } from './console-messages';
import { ConsoleVerificationTracker, TrackedVerification } from './console-verification.tracker';
import {
  ADMINISTRATION_PATH,
  AdministrationFilterValues,
  AdministrationPage,
} from './pages/administration-page';
import type { ConsoleViewer } from './console-sign-in.service';
import { ConsolePageCost, ConsoleViewerGuard, Viewer } from './console-viewer.guard';
import { CONSOLE_PATH, ConsoleFrame, ConsoleMessagePage } from './pages/console-frame';
import { DashboardPage, DashboardVerification, VerificationStatus } from './pages/dashboard-page';
import { SessionFilterValues, SessionsPage } from './pages/sessions-page';
import { SessionPage } from './pages/session-page';
import { OrdersService } from '../../orders/orders.service';
import { ordersConsoleMessages } from './orders-console.messages';
import { OrderFiguresSection, SessionOrders } from './pages/order-figures';

/** Days the dashboard covers unless the auditor picks a period, today included. */
export const CHART_DAYS = 30;
/** The longest period the dashboard sums over (bounded work per page view). */
export const DASHBOARD_MAX_DAYS = 366;
/**
 * How long a dashboard view waits for its chain check (the events appended since the last one, or
 * the first walk) before it shows the last result it has, which says up to where and when it checked.
 */
export const DASHBOARD_VERIFY_WAIT_MS = 1_000;
/** What a request that reads a whole chain or list costs of the auditor's page budget. */
const WHOLE_READ_COST = 10;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const FILTER_NAMES = [
  'from',
  'to',
  'email',
  'status',
  'productId',
  'reference',
  'product',
  'protocol',
] as const;

/**
 * The compliance console: read-only server-rendered pages for a signed-in auditor (the guard
 * resolves the console cookie; signing in is ConsoleSignInController's). Public to the bearer guard.
 */
@ApiExcludeController()
@Public()
@UseGuards(ConsoleViewerGuard)
@Controller('audit/console')
export class AuditConsoleController {
  constructor(
    private readonly review: AuditReviewService,
    private readonly figures: AuditFiguresService,
    private readonly exporter: AuditExportService,
    private readonly clock: Clock,
    private readonly verification: ConsoleVerificationTracker,
    private readonly config: AppConfig,
    private readonly orders: OrdersService,
  ) {}

  @Get()
  @PageRoute()
  async dashboard(
    @Viewer() viewer: ConsoleViewer,
    @PageLang() lang: PageLanguage,
    @Query() query: Record<string, unknown>,
  ): Promise<PageResult> {
    const text = consoleMessages(lang);
    const period = dashboardPeriod(query, this.clock.now());
    const [figures, verification, orderFigures] = await Promise.all([
      'problem' in period ? undefined : this.figures.figures(viewer.organizationId, period.days),
      this.dashboardVerification(viewer.organizationId),
      'problem' in period
        ? undefined
        : this.orders.figures(viewer.organizationId, period.days.from, period.days.until),
    ]);
    return pageResult(
      <DashboardPage
        lang={lang}
        text={text}
        viewer={viewer}
        period={period.shown}
        figures={figures}
        problems={'problem' in period ? [text.figures.periodInvalid(DASHBOARD_MAX_DAYS)] : undefined}
        verification={verification}
        orders={
          orderFigures ? (
            <OrderFiguresSection lang={lang} words={ordersConsoleMessages(lang)} figures={orderFigures} />
          ) : undefined
        }
      />,
      'problem' in period ? 400 : 200,
    );
  }

  @Get('verify')
  @ConsolePageCost(WHOLE_READ_COST)
  @PageRoute()
  async verify(@Viewer() viewer: ConsoleViewer, @PageLang() lang: PageLanguage): Promise<PageResult> {
    const text = consoleMessages(lang);
    // Every auditor of the organization asking at once shares one walk (queued behind other walks).
    const record = await this.verification.verifyWhole(viewer.organizationId);
    const title = text.dashboard.verificationTitle;
    const verification = this.shownVerification({ kind: 'recorded', record, wholeWalkRunning: false });
    return pageResult(
      <ConsoleFrame lang={lang} text={text} title={title} viewer={viewer} current="dashboard">
        <h1>{title}</h1>
        <VerificationStatus lang={lang} text={text} verification={verification} />
      </ConsoleFrame>,
    );
  }

  @Get('sessions')
  @PageRoute()
  async sessions(
    @Viewer() viewer: ConsoleViewer,
    @PageLang() lang: PageLanguage,
    @Query() query: Record<string, unknown>,
  ): Promise<PageResult> {
    const text = consoleMessages(lang);
    const filters = sessionFilters(query);
    // Page size: the API's default, or ?limit= (kept on the next-page link; no form field for it).
    const paging = { cursor: stringParam(query.cursor), limit: stringParam(query.limit) };
    const frame = { lang, text, viewer, filters, isFirstPage: !paging.cursor };
    const list = await listPage(ListAuditSessionsQuery, filters, paging, (dto) =>
      this.review.listSessions(viewer.organizationId, dto),
    );
    if ('problems' in list) return pageResult(<SessionsPage {...frame} problems={list.problems} />, 400);
    return pageResult(<SessionsPage {...frame} page={list.result} nextQuery={list.nextQuery} />);
  }

  /** The sessions the filters match (all of them, not one page), as JSON Lines or CSV. */
  @Get('sessions/export')
  @ConsolePageCost(WHOLE_READ_COST)
  @PageRoute()
  async sessionsExport(
    @Viewer() viewer: ConsoleViewer,
    @PageLang() lang: PageLanguage,
    @Query() query: Record<string, unknown>,
  ): Promise<PageResult> {
    const text = consoleMessages(lang);
    const format = exportFormat(query.format);
    const validated = validatedFilters(ListAuditSessionsQuery, sessionFilters(query));
    if (!format || 'problems' in validated) {
      return exportRefused(lang, viewer, { href: `${CONSOLE_PATH}/sessions`, label: text.nav.sessions });
    }
    return exportDownload(
      sessionsExport(this.review.allSessions(viewer.organizationId, validated.query), format),
      format,
      `audit-sessions-${viewer.organizationSlug}`,
      this.clock.now(),
    );
  }

  @Get('sessions/:id')
  @PageRoute()
  async sessionPage(
    @Viewer() viewer: ConsoleViewer,
    @PageLang() lang: PageLanguage,
    @Param('id') id: string,
  ): Promise<PageResult> {
    const text = consoleMessages(lang);
    const detail = UUID.test(id)
      ? await this.review.session(viewer.organizationId, id.toLowerCase()).catch((error: unknown) => {
          if (error instanceof ApiError && error.getStatus() === 404) return undefined;
          throw error;
        })
      : undefined;
    if (!detail) {
      return pageResult(
        <ConsoleMessagePage
          lang={lang}
          messages={text}
          viewer={viewer}
          title={text.session.notFoundTitle}
          text={text.session.notFound}
          link={{ href: `${CONSOLE_PATH}/sessions`, label: text.session.back }}
        />,
        404,
      );
    }
    const [context, orders] = await Promise.all([
      this.review.timelineContext(viewer.organizationId, detail),
      this.orders.ofSession(viewer.organizationId, detail.id),
    ]);
    return pageResult(
      <SessionPage
        lang={lang}
        text={text}
        viewer={viewer}
        session={detail}
        context={context}
        orders={<SessionOrders lang={lang} words={ordersConsoleMessages(lang)} orders={orders} />}
      />,
    );
  }

  @Get('administration')
  @PageRoute()
  async administration(
    @Viewer() viewer: ConsoleViewer,
    @PageLang() lang: PageLanguage,
    @Query() query: Record<string, unknown>,
  ): Promise<PageResult> {
    const text = consoleMessages(lang);
    const filters = administrationFilters(query);
    const paging = { cursor: stringParam(query.cursor) };
    const frame = { lang, text, viewer, filters, isFirstPage: !paging.cursor };
    const list = await listPage(ListAdministrationEventsQuery, filters, paging, (dto) =>
      this.review.listAdministration(viewer.organizationId, dto),
    );
    if ('problems' in list)
      return pageResult(<AdministrationPage {...frame} problems={list.problems} />, 400);
    const describe = administrationDescriber(text);
    return pageResult(
      <AdministrationPage
        {...frame}
        entries={list.result.items.map((event) => ({ event, ...describe(event) }))}
        nextQuery={list.nextQuery}
      />,
    );
  }

  /** The administration events the filters match, as JSON Lines or CSV. */
  @Get('administration/export')
  @ConsolePageCost(WHOLE_READ_COST)
  @PageRoute()
  async administrationExport(
    @Viewer() viewer: ConsoleViewer,
    @PageLang() lang: PageLanguage,
    @Query() query: Record<string, unknown>,
  ): Promise<PageResult> {
    const text = consoleMessages(lang);
    const format = exportFormat(query.format);
    const dto = validatedFilters(ListAdministrationEventsQuery, administrationFilters(query));
    if (!format || 'problems' in dto) {
      return exportRefused(lang, viewer, { href: ADMINISTRATION_PATH, label: text.nav.administration });
    }
    return exportDownload(
      administrationExport(
        this.review.allAdministration(viewer.organizationId, dto.query),
        format,
        administrationDescriber(text),
      ),
      format,
      `audit-administration-${viewer.organizationSlug}`,
      this.clock.now(),
    );
  }

  @Get('export')
  @ConsolePageCost(WHOLE_READ_COST)
  @PageRoute()
  async export(
    @Viewer() viewer: ConsoleViewer,
    @PageLang() lang: PageLanguage,
    @Query() query: Record<string, unknown>,
  ): Promise<PageResult> {
    const text = consoleMessages(lang);
    const format = exportFormat(query.format);
    const from = dayOrNothing(query.from);
    const to = dayOrNothing(query.to);
    if (!format || from === null || to === null || (from && to && from >= nextDate(to))) {
      return exportRefused(lang, viewer, { href: CONSOLE_PATH, label: text.nav.dashboard });
    }
    const stream = this.exporter.export(viewer.organizationId, {
      format,
      from: from ?? undefined,
      to: to ? nextDate(to) : undefined,
    });
    return exportDownload(stream, format, `audit-${viewer.organizationSlug}`, this.clock.now());
  }

  private async dashboardVerification(organizationId: string): Promise<DashboardVerification> {
    return this.shownVerification(await this.verification.latest(organizationId, DASHBOARD_VERIFY_WAIT_MS));
  }

  private shownVerification(tracked: TrackedVerification): DashboardVerification {
    return {
      tracked,
      wholeWalkEveryMinutes: Math.round(this.config.audit.verifyWholeChainEverySeconds / 60),
    };
  }
}

/**
 * The dashboard's period from ?from=&to= (whole UTC days, `to` included), by default the last
 * CHART_DAYS days up to today; a malformed, reversed or too long one is a problem to show.
 */
function dashboardPeriod(
  query: Record<string, unknown>,
  now: Date,
):
  | { days: DayPeriod; shown: { from: string; to: string } }
  | { problem: true; shown: { from: string; to: string } } {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const defaultFrom = new Date(today.getTime() - (CHART_DAYS - 1) * 86_400_000);
  const shown = {
    from: stringParam(query.from) ?? defaultFrom.toISOString().slice(0, 10),
    to: stringParam(query.to) ?? today.toISOString().slice(0, 10),
  };
  const from = dayOrNothing(shown.from);
  const to = dayOrNothing(shown.to);
  if (!from || !to || from > to) return { problem: true, shown };
  const until = nextDate(to);
  if (until.getTime() - from.getTime() > DASHBOARD_MAX_DAYS * 86_400_000) return { problem: true, shown };
  return { days: { from, until }, shown };
}

/** A query parameter that is a non-empty string, else undefined. */
function stringParam(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The filters of a list page's form: the named parameters that are non-empty after trimming, trimmed. */
function filterValues<N extends string>(
  query: Record<string, unknown>,
  names: readonly N[],
): Partial<Record<N, string>> {
  const filters: Partial<Record<N, string>> = {};
  for (const name of names) {
    const value = query[name];
    if (typeof value === 'string' && value.trim() !== '') filters[name] = value.trim();
  }
  return filters;
}

function sessionFilters(query: Record<string, unknown>): SessionFilterValues {
  return filterValues(query, FILTER_NAMES);
}

/**
 * One page of a filtered list: the filters validated, the page loaded and the next page's query
 * (the filters, the page size when one was asked for, the cursor). A 400 from loading (a cursor the
 * server did not issue, from not before to) becomes a problem shown like any other bad filter.
 */
async function listPage<T extends object, R extends { nextCursor: string | null }>(
  dto: new () => T,
  filters: { to?: string },
  paging: { cursor?: string; limit?: string },
  load: (query: T) => Promise<R>,
): Promise<{ problems: string[] } | { result: R; nextQuery: string | undefined }> {
  const validated = validatedFilters(dto, filters, paging.cursor, paging.limit);
  if ('problems' in validated) return validated;
  let result: R;
  try {
    result = await load(validated.query);
  } catch (error) {
    if (!(error instanceof ApiError) || error.getStatus() !== 400) throw error;
    return { problems: [error.description] };
  }
  const next = new URLSearchParams(filters as Record<string, string>);
  if (paging.limit) next.set('limit', paging.limit);
  if (result.nextCursor) next.set('cursor', result.nextCursor);
  return { result, nextQuery: result.nextCursor ? `?${next.toString()}` : undefined };
}

/**
 * A list page's filters validated as the API validates its query (the same DTO): a day from the
 * form's day picker as `to` covers that whole UTC day; problems are shown on the page, not thrown.
 */
function validatedFilters<T extends object>(
  dto: new () => T,
  filters: { to?: string },
  cursor?: string,
  limit?: string,
): { query: T } | { problems: string[] } {
  try {
    return {
      query: validateInput(dto, {
        ...filters,
        to: filters.to && DAY.test(filters.to) ? nextDay(filters.to) : filters.to,
        cursor,
        limit,
      }),
    };
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error;
    return { problems: error.problems };
  }
}

function administrationFilters(query: Record<string, unknown>): AdministrationFilterValues {
  return filterValues(query, ['type', 'actor', 'from', 'to'] as const);
}

/** Who made a change and what it was, as the page and the export say it. */
function administrationDescriber(text: ConsoleMessages) {
  return (event: AuditEventResponse): { actor: string; summary: string } => ({
    actor: actorName({ email: event.actor.email, label: event.actor.label }, text),
    summary:
      administrationSummary(event.type, event.payload, text.summaries) ??
      text.eventTypes[event.type] ??
      event.type,
  });
}

type ExportFormat = 'jsonl' | 'csv';

/** The `format` of an export link: JSON Lines or CSV, anything else none. */
function exportFormat(value: unknown): ExportFormat | undefined {
  return value === 'csv' || value === 'jsonl' ? value : undefined;
}

/** The page of an export asked for with a format or filters it does not take (400), with the way back. */
function exportRefused(
  lang: PageLanguage,
  viewer: ConsoleViewer,
  back: { href: string; label: string },
): PageResult {
  const text = consoleMessages(lang);
  return pageResult(
    <ConsoleMessagePage
      lang={lang}
      messages={text}
      viewer={viewer}
      title={text.dashboard.exportTitle}
      text={text.dashboard.exportInvalid}
      link={back}
    />,
    400,
  );
}

/**
 * An export as a download named `<name>-<day>.<format>`, once its first chunk is made: a filter the
 * database refuses or an outage before it is an error page (400, 503), not a download cut short.
 */
async function exportDownload(
  body: Readable,
  format: ExportFormat,
  name: string,
  now: Date,
): Promise<PageResult> {
  return {
    kind: 'download',
    body: await startedStream(body),
    contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
    fileName: `${name}-${now.toISOString().slice(0, 10)}.${format}`,
  };
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
