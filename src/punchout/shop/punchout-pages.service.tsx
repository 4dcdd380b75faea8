import { Injectable } from '@nestjs/common';
import type { VNode } from 'preact';
import { AuditEventTypes } from '../../audit/audit-event';
import { CATALOG_ID_PATTERN } from '../../catalog/catalog.constants';
import { PunchoutSession, PunchoutStatus } from '../../generated/prisma/client';
import { AppConfig } from '../../config/app-config';
import { SearchService } from '../../search/search.service';
import { SearchRefusedError } from '../../search/search-refused.error';
import { parseSearchRequest, SEARCH_LIMITS } from '../../search/search-request.parser';
import type { PageLanguage } from '../../web/language';
import type { PageRedirect } from '../../web/page-result';
import { parseQuantity } from '../core/offer-pricing';
import { CartRefusal, PunchoutCartService } from '../core/punchout-cart.service';
import { PunchoutCatalogReader } from '../core/punchout-catalog.reader';
import { cartPath, PUNCHOUT_BASE, sessionPath } from '../core/punchout-paths';
import { PunchoutReturnService } from '../core/punchout-return.service';
import { csrfTokenMatches, digestOf, isSessionKey, newSessionKey } from '../core/punchout-secrets';
import type { PunchoutVisit } from './punchout-session.guard';
import { PunchoutSessionsService } from '../core/punchout-sessions.service';
import { messagesFor, PunchoutMessages } from './punchout.messages';
import { ProductPresenter } from './product.presenter';
import { CartPresenter, cartProblemNotice } from './cart.presenter';
import { CartPage } from './views/cart.page';
import { ShopMessagePage } from './views/shop-message.page';
import { ProductPage } from './views/product.page';
import { SearchPage } from './views/search.page';
import type { RevalidationChange } from '../core/revalidation-change';
import { CancelConfirmPage } from './views/cancel-confirm.page';
import { buildSearchView, emptySearchView } from './search-view.builder';
import { revalidationNotices } from './views/revalidation.notices';
import { StartPage } from './views/start.page';
import { TransferSummary } from './views/transfer-summary';
import { emptyCartForm, type Notice, type ShopContext } from './views/shop-view.models';
import { cutText } from '../../common/text/cut-text';

/** What a shop page answers: a page (with its status and the session it shows), or a 303 redirect. */
export type ShopResult =
  { kind: 'page'; status: number; page: VNode; session?: PunchoutSession } | PageRedirect;

/** Confirmation shown after a redirect (POST, redirect, GET): a code in the query, never free text. */
const DONE_NOTICES = { added: 'added', updated: 'updated', removed: 'removed' } as const;
type Done = keyof typeof DONE_NOTICES;

export interface BrowserFacts {
  ip: string;
  userAgent: string | undefined;
}

/**
 * The buyer's pages: each method answers one route. Unknown and malformed keys get the same 404
 * page (never a 500, and nothing tells whether a key ever existed); ended sessions show their outcome.
 */
@Injectable()
export class PunchoutPagesService {
  constructor(
    private readonly sessions: PunchoutSessionsService,
    private readonly catalog: PunchoutCatalogReader,
    private readonly products: ProductPresenter,
    private readonly cart: PunchoutCartService,
    private readonly cartView: CartPresenter,
    private readonly returns: PunchoutReturnService,
    private readonly search: SearchService,
    private readonly config: AppConfig,
  ) {}

  notFound(lang: PageLanguage): ShopResult {
    const t = messagesFor(lang);
    return page(404, <ShopMessagePage lang={lang} t={t} title={t.notFoundTitle} text={t.notFound} />);
  }

  /** GET /punchout/start/{token}: spends the one-time token and sends the browser to the session. */
  async start(token: string, lang: PageLanguage, browser: BrowserFacts): Promise<ShopResult> {
    const session = await this.sessions.byStartToken(token);
    if (!session) return this.notFound(lang);
    if (session.status === PunchoutStatus.EXPIRED && session.openedAt === null)
      return this.startExpired(session, lang);
    if (session.status !== PunchoutStatus.CREATED) return this.used(lang);
    if (session.expiresAt.getTime() <= this.sessions.now().getTime()) {
      const closed = await this.sessions.close(
        session,
        PunchoutStatus.EXPIRED,
        AuditEventTypes.punchoutExpired,
        {
          reason: 'start link not opened in time',
        },
      );
      return this.startExpired(closed ?? (await this.sessions.reload(session.id)), lang);
    }
    // The session key is made now, when the token is spent: whoever saw the redirectUrl cannot derive it.
    const sessionKey = newSessionKey();
    const opened = await this.sessions.open(session, digestOf(sessionKey), {
      ip: browser.ip,
      userAgent: browser.userAgent === undefined ? null : cutText(browser.userAgent, 500),
    });
    if (!opened) return this.used(lang);
    // A session that starts with a cart (handed over by the buyer's system) opens on that cart.
    const withCart = (await this.cart.count(session)) > 0;
    return { kind: 'redirect', location: withCart ? cartPath(sessionKey) : sessionPath(sessionKey) };
  }

  private used(lang: PageLanguage): ShopResult {
    const t = messagesFor(lang);
    return page(410, <ShopMessagePage lang={lang} t={t} title={t.usedTitle} text={t.used} />);
  }

  private startExpired(session: PunchoutSession, lang: PageLanguage): ShopResult {
    const t = messagesFor(lang);
    return page(
      410,
      <ShopMessagePage
        lang={lang}
        t={t}
        title={t.startExpiredTitle}
        text={t.startExpired}
        returnForm={emptyCartForm(session, false)}
      />,
      session,
    );
  }

  /** The page of an ended session: its outcome; expired and failed ones offer the empty cart. */
  private ended(session: PunchoutSession, lang: PageLanguage, status = 200): ShopResult {
    const t = messagesFor(lang);
    const emptyCart = emptyCartForm(session, false);
    switch (session.status) {
      case PunchoutStatus.EXPIRED:
        return page(
          status,
          <ShopMessagePage
            lang={lang}
            t={t}
            title={t.expiredTitle}
            text={t.expired}
            returnForm={emptyCart}
          />,
          session,
        );
      case PunchoutStatus.FAILED:
        return page(
          status,
          <ShopMessagePage lang={lang} t={t} title={t.failedTitle} text={t.failed} returnForm={emptyCart} />,
          session,
        );
      case PunchoutStatus.CANCELLED:
        return page(
          status,
          <ShopMessagePage lang={lang} t={t} title={t.cancelledTitle} text={t.cancelled} />,
          session,
        );
      default:
        return page(
          status,
          <ShopMessagePage lang={lang} t={t} title={t.transferredTitle} text={t.transferred} />,
          session,
        );
    }
  }

  /** Runs `work` when the page's session is open; ended and unknown ones are answered here. */
  private async withOpen(
    visit: PunchoutVisit,
    lang: PageLanguage,
    work: (session: PunchoutSession, cartCount: number) => Promise<ShopResult>,
  ): Promise<ShopResult> {
    const { resolved } = visit;
    if (resolved.kind === 'missing') return this.notFound(lang);
    if (resolved.kind === 'closed') return this.ended(resolved.session, lang);
    return work(resolved.session, resolved.cartCount);
  }

  /** The shop's frame for a page; `cartCount` when the session's resolution brought it along. */
  private async context(
    session: PunchoutSession,
    sessionKey: string,
    lang: PageLanguage,
    cartCount?: number,
  ): Promise<ShopContext> {
    return {
      lang,
      t: messagesFor(lang),
      sessionKey,
      csrfToken: session.csrfToken,
      publicId: session.publicId,
      productId: session.productId,
      cartCount: cartCount ?? (await this.cart.count(session)),
      readOnly: session.readOnly,
    };
  }

  async product(
    visit: PunchoutVisit,
    productId: string | undefined,
    lang: PageLanguage,
    notices: Notice[] = [],
    status = 200,
  ) {
    return this.withOpen(visit, lang, async (session, cartCount) => {
      const id = productId ?? session.productId;
      // A session that started without a product (an OCI call-up) opens on the start page.
      if (id === null) return this.startPage(session, visit.key, lang, cartCount);
      if (!CATALOG_ID_PATTERN.test(id)) return this.notFound(lang);
      // Independent reads (and the idle-expiry write) side by side: the page waits for the slowest only.
      const [product, ctx] = await Promise.all([
        this.catalog.findProduct(id, session.organizationId),
        this.context(session, visit.key, lang, cartCount),
        this.sessions.touch(session),
      ]);
      if (!product) return this.notFound(lang);
      const view = await this.products.productView(product, session.organizationId, lang);
      return page(status, <ProductPage ctx={ctx} product={view} notices={notices} />, session);
    });
  }

  private async startPage(
    session: PunchoutSession,
    sessionKey: string,
    lang: PageLanguage,
    cartCount: number,
  ) {
    const [ctx, preferred, preferences] = await Promise.all([
      this.context(session, sessionKey, lang, cartCount),
      this.products.preferredProducts(session.organizationId, lang),
      this.products.preferences(session.organizationId, lang),
      this.sessions.touch(session),
    ]);
    return page(200, <StartPage ctx={ctx} preferred={preferred} preferences={preferences} />, session);
  }

  async searchPage(
    visit: PunchoutVisit,
    params: Record<string, unknown>,
    rawQuery: string,
    lang: PageLanguage,
  ) {
    return this.withOpen(visit, lang, async (session, cartCount) => {
      const [ctx] = await Promise.all([
        this.context(session, visit.key, lang, cartCount),
        this.sessions.touch(session),
      ]);
      const query = typeof params.query === 'string' ? params.query : '';
      // Every parameter but the page size goes to the search as the API takes it (facet filters too).
      const parsed = parseSearchRequest({ ...params, pageSize: String(SEARCH_LIMITS.maxPageSize) }, rawQuery);
      const empty = emptySearchView(query);
      if (!parsed.ok) {
        return page(
          400,
          <SearchPage ctx={ctx} search={empty} notices={[{ kind: 'error', text: parsed.message }]} />,
          session,
        );
      }
      // Within the user's concurrent-search cap; the pages' own limits count the request (not the API's).
      const caller = {
        organizationId: session.organizationId,
        userId: session.userId,
        clientId: session.clientId,
      };
      const result = await this.search.search(parsed.request, caller, lang, null).catch((error) => {
        if (error instanceof SearchRefusedError) return null;
        throw error;
      });
      if (result === null) {
        const notices = [{ kind: 'error' as const, text: ctx.t.searchNeedsWord }];
        return page(400, <SearchPage ctx={ctx} search={empty} notices={notices} />, session);
      }
      const view = buildSearchView(result, parsed.request, visit.key, this.config.publicUrl);
      return page(200, <SearchPage ctx={ctx} search={view} />, session);
    });
  }

  async cancelConfirmPage(visit: PunchoutVisit, lang: PageLanguage) {
    return this.withOpen(visit, lang, async (session, cartCount) => {
      const [ctx] = await Promise.all([
        this.context(session, visit.key, lang, cartCount),
        this.sessions.touch(session),
      ]);
      // Some protocols' cancel sends back the cart the session opened with (cXML edit), not an empty one.
      const keepsOpeningCart = this.returns.cancelReturns(session) === 'opening-cart';
      return page(
        200,
        <CancelConfirmPage ctx={ctx} lineCount={ctx.cartCount} keepsOpeningCart={keepsOpeningCart} />,
        session,
      );
    });
  }

  async cartPage(
    visit: PunchoutVisit,
    lang: PageLanguage,
    done?: unknown,
    notices: Notice[] = [],
    status = 200,
  ) {
    return this.withOpen(visit, lang, async (session) => {
      await this.sessions.touch(session);
      return this.renderCart(
        session,
        visit.key,
        lang,
        [...doneNotice(done, messagesFor(lang)), ...notices],
        status,
      );
    });
  }

  private async renderCart(
    session: PunchoutSession,
    sessionKey: string,
    lang: PageLanguage,
    notices: Notice[],
    status: number,
  ) {
    const [ctx, cart] = await Promise.all([
      this.context(session, sessionKey, lang),
      this.cartView.view(session, lang),
    ]);
    // What re-validating a cart handed over at the start changed, told on the cart page.
    const opening = Array.isArray(session.openingChanges)
      ? (session.openingChanges as unknown as RevalidationChange[])
      : [];
    const reopened: Notice[] =
      opening.length > 0
        ? [{ kind: 'warn', text: ctx.t.reopened }, ...revalidationNotices(opening, lang)]
        : [];
    return page(status, <CartPage ctx={ctx} cart={cart} notices={[...reopened, ...notices]} />, session);
  }

  /** A redirect to the cart (malformed keys too: the cart page answers them with the 404 page). */
  cartRedirect(sessionKey: string): ShopResult {
    return {
      kind: 'redirect',
      location: isSessionKey(sessionKey) ? cartPath(sessionKey) : `${PUNCHOUT_BASE}/s/-/cart`,
    };
  }

  /**
   * Every POST: the session must be open and the form must carry its CSRF token; a change (add,
   * update, remove, transfer) of a read-only session (cXML inspect) is refused with 403.
   */
  private async posted(
    visit: PunchoutVisit,
    form: Record<string, string | string[]>,
    lang: PageLanguage,
    work: (session: PunchoutSession) => Promise<ShopResult>,
    changesCart = true,
  ): Promise<ShopResult> {
    const { resolved } = visit;
    if (resolved.kind === 'missing') return this.notFound(lang);
    if (!csrfTokenMatches(form.csrf, resolved.session.csrfToken)) {
      const t = messagesFor(lang);
      return page(403, <ShopMessagePage lang={lang} t={t} title={t.csrfTitle} text={t.csrf} />);
    }
    if (resolved.kind === 'closed') return this.ended(resolved.session, lang, 409);
    if (changesCart && resolved.session.readOnly) {
      const t = messagesFor(lang);
      return page(
        403,
        <ShopMessagePage lang={lang} t={t} title={t.readOnlyTitle} text={t.readOnlyRefused} />,
        resolved.session,
      );
    }
    return work(resolved.session);
  }

  add(visit: PunchoutVisit, form: Record<string, string | string[]>, lang: PageLanguage) {
    return this.posted(visit, form, lang, async (session) => {
      const offerId = typeof form.offerId === 'string' ? form.offerId : '';
      const productId =
        typeof form.productId === 'string' && CATALOG_ID_PATTERN.test(form.productId)
          ? form.productId
          : undefined;
      // The search results' button names only the product: its shown offer at its least quantity.
      const shownOffer =
        offerId === '' && productId !== undefined
          ? await this.catalog.shownOfferId(productId, session.organizationId)
          : undefined;
      const chosen = shownOffer ?? offerId;
      const quantity =
        shownOffer !== undefined && form.quantity === undefined ? 'least' : parseQuantity(form.quantity);
      const refusal = CATALOG_ID_PATTERN.test(chosen)
        ? await this.cart.add(session, chosen, quantity)
        : { status: 404, problem: { code: 'offer_unknown' as const } };
      if (refusal && 'closed' in refusal)
        return this.ended(await this.sessions.reload(session.id), lang, 409);
      if (refusal) {
        const notices = [cartProblemNotice(refusal.problem, lang)];
        // The refusal is said on the product's page: the one posted, the session's, else the offer's
        // own (a session that began on the start page and an add without productId); the cart's
        // page when none is known, never the start page, which shows no notice.
        const shown =
          productId ?? session.productId ?? (await this.productOfOffer(chosen, session.organizationId));
        return shown === undefined
          ? this.renderCart(session, visit.key, lang, notices, refusal.status)
          : this.product(visit, shown, lang, notices, refusal.status);
      }
      return { kind: 'redirect', location: `${cartPath(visit.key)}?done=added` };
    });
  }

  /** The product an offer id belongs to, if the id names an offer the organization sees. */
  private async productOfOffer(offerId: string, organizationId: string): Promise<string | undefined> {
    if (!CATALOG_ID_PATTERN.test(offerId)) return undefined;
    return (await this.catalog.offersById([offerId], organizationId)).get(offerId)?.product.id;
  }

  update(visit: PunchoutVisit, form: Record<string, string | string[]>, lang: PageLanguage) {
    return this.posted(visit, form, lang, async (session) => {
      const offerId = typeof form.offerId === 'string' ? form.offerId : '';
      const refusal = await this.cart.update(session, offerId, parseQuantity(form.quantity));
      return this.afterCartChange(session, visit, lang, refusal, 'updated');
    });
  }

  remove(visit: PunchoutVisit, form: Record<string, string | string[]>, lang: PageLanguage) {
    return this.posted(visit, form, lang, async (session) => {
      const offerId = typeof form.offerId === 'string' ? form.offerId : '';
      const refusal = await this.cart.remove(session, offerId);
      return this.afterCartChange(session, visit, lang, refusal, 'removed');
    });
  }

  /** The answer to a cart change: the ended page, the cart with the refusal, or back to the cart. */
  private async afterCartChange(
    session: PunchoutSession,
    visit: PunchoutVisit,
    lang: PageLanguage,
    refusal: CartRefusal | null,
    done: 'updated' | 'removed',
  ): Promise<ShopResult> {
    if (refusal && 'closed' in refusal) return this.ended(await this.sessions.reload(session.id), lang, 409);
    if (refusal)
      return this.renderCart(
        session,
        visit.key,
        lang,
        [cartProblemNotice(refusal.problem, lang)],
        refusal.status,
      );
    return { kind: 'redirect', location: `${cartPath(visit.key)}?done=${done}` };
  }

  transfer(visit: PunchoutVisit, form: Record<string, string | string[]>, lang: PageLanguage) {
    return this.posted(visit, form, lang, async (session) => {
      const t = messagesFor(lang);
      const outcome = await this.returns.transfer(session, lang);
      switch (outcome.kind) {
        case 'sent':
          return page(
            200,
            <ShopMessagePage
              lang={lang}
              t={t}
              title={t.sendingTitle}
              text={t.transferring}
              hint={t.transferHint}
              summary={<TransferSummary lang={lang} t={t} lines={outcome.lines} />}
              returnLabel={t.sendCart}
              returnForm={{
                callbackUrl: session.callbackUrl,
                target: session.target,
                fields: outcome.fields,
                autoSubmit: true,
              }}
            />,
            session,
          );
        case 'review':
          return this.renderCart(
            session,
            visit.key,
            lang,
            [{ kind: 'warn', text: t.revalidated }, ...revalidationNotices(outcome.changes, lang)],
            409,
          );
        case 'empty':
          return this.renderCart(
            session,
            visit.key,
            lang,
            [{ kind: 'error', text: t.cartEmptyTransfer }],
            400,
          );
        case 'closed':
          return this.ended(await this.sessions.reload(session.id), lang, 409);
        case 'failed':
          return this.ended(outcome.session ?? (await this.sessions.reload(session.id)), lang, 500);
      }
    });
  }

  cancel(visit: PunchoutVisit, form: Record<string, string | string[]>, lang: PageLanguage) {
    return this.posted(
      visit,
      form,
      lang,
      async (session) => {
        const t = messagesFor(lang);
        const cancelled = await this.returns.cancel(session);
        if (!cancelled) return this.ended(await this.sessions.reload(session.id), lang, 409);
        return page(
          200,
          <ShopMessagePage
            lang={lang}
            t={t}
            title={t.cancelledTitle}
            text={
              this.returns.cancelReturns(session) === 'opening-cart' ? t.cancellingOpeningCart : t.cancelling
            }
            hint={t.transferHint}
            returnForm={emptyCartForm(cancelled, true)}
          />,
          session,
        );
      },
      false,
    );
  }
}

function page(status: number, vnode: VNode, session?: PunchoutSession): ShopResult {
  return { kind: 'page', status, page: vnode, session };
}

function doneNotice(done: unknown, t: PunchoutMessages): Notice[] {
  // Own keys only: `in` would also find "constructor", "__proto__", "toString" on Object.prototype.
  if (typeof done !== 'string' || !Object.hasOwn(DONE_NOTICES, done)) return [];
  return [{ kind: 'ok', text: t[DONE_NOTICES[done as Done]] }];
}
