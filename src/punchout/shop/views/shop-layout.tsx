import type { ComponentChildren } from 'preact';
import { Layout } from '../../../web/layout';
import { cartPath, searchPath, sessionPath, shopHomePath } from '../../core/punchout-paths';
import type { Notice, ShopContext } from './shop-view.models';

export const PUNCHOUT_STYLES = ['/assets/punchout.css'];
export const PUNCHOUT_SCRIPTS = ['/assets/punchout.js'];

/** The frame of an open session's pages: navigation, the search box and the cart link. */
export function ShopLayout(props: {
  ctx: ShopContext;
  title: string;
  notices?: Notice[];
  /** False on the start page, whose own search box is the page. */
  headerSearch?: boolean;
  children?: ComponentChildren;
}) {
  const { ctx } = props;
  const t = ctx.t;
  const header = ctx.display ? (
    <header class="site-header punchout-header">
      <div class="inner">
        <span class="punchout-brand">{t.shopTitle}</span>
      </div>
    </header>
  ) : (
    <header class="site-header punchout-header">
      <div class="inner">
        <span class="punchout-brand">{t.shopTitle}</span>
        <nav aria-label={t.nav}>
          <ul>
            <li>
              <a href={shopHomePath(ctx.sessionKey, ctx.productId)}>
                {ctx.productId === null ? t.start : t.product}
              </a>
            </li>
            <li>
              <a href={cartPath(ctx.sessionKey)} data-cart-count={ctx.cartCount}>
                {t.cartCount(ctx.cartCount)}
              </a>
            </li>
          </ul>
        </nav>
        <HeaderCancel ctx={ctx} />
        {props.headerSearch !== false && (
          <form class="punchout-search" method="get" action={searchPath(ctx.sessionKey)} role="search">
            <label for="punchout-query" class="visually-hidden">
              {t.searchLabel}
            </label>
            <input
              id="punchout-query"
              type="search"
              name="query"
              required
              maxLength={200}
              value={ctx.searchQuery ?? ''}
              placeholder={t.searchLabel}
            />
            <button type="submit" class="button">
              {t.searchButton}
            </button>
          </form>
        )}
      </div>
    </header>
  );
  return (
    <Layout
      lang={ctx.lang}
      title={`${props.title} · ${t.shopTitle}`}
      header={header}
      styles={PUNCHOUT_STYLES}
      scripts={PUNCHOUT_SCRIPTS}
    >
      <Notices notices={props.notices ?? []} />
      {props.children}
      {!ctx.display && (
        <p class="muted punchout-ref">
          {t.sessionRef}: {ctx.publicId}
        </p>
      )}
    </Layout>
  );
}

/**
 * The way back to the procurement system from every page, as the cart's Cancel: with items it asks
 * first (a GET to the confirm page), an empty cart goes back at once, a read-only cart is closed.
 */
function HeaderCancel(props: { ctx: ShopContext }) {
  const { ctx } = props;
  const t = ctx.t;
  const asks = !ctx.readOnly && ctx.cartCount > 0;
  return (
    <form
      class="punchout-header-cancel"
      method={asks ? 'get' : 'post'}
      action={sessionPath(ctx.sessionKey, '/cancel')}
    >
      {!asks && <CsrfField token={ctx.csrfToken} />}
      <button
        type="submit"
        class="button secondary"
        aria-label={ctx.readOnly ? undefined : t.backToProcurementLabel}
      >
        {ctx.readOnly ? t.close : t.backToProcurement}
      </button>
    </form>
  );
}

export function Notices(props: { notices: Notice[] }) {
  if (props.notices.length === 0) return null;
  return (
    <div class="punchout-notices" role="status" aria-live="polite">
      {props.notices.map((notice, i) => (
        <p key={i} class={`notice ${notice.kind}`}>
          {notice.text}
        </p>
      ))}
    </div>
  );
}

/** The per-session CSRF token every state-changing form carries. */
export function CsrfField(props: { token: string }) {
  return <input type="hidden" name="csrf" value={props.token} />;
}
