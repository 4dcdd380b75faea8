import { productPath, searchPath } from '../../core/punchout-paths';
import { ShopLayout } from './shop-layout';
import { ListPrice } from './list-price';
import type { SearchHitView, ShopContext } from './shop-view.models';

/**
 * The shop's start page for a session that began without a product (an OCI call-up without PRODUCTID
 * or SEARCHSTRING): a search box, and the organization's preferred products.
 */
export function StartPage(props: { ctx: ShopContext; preferred: SearchHitView[] }) {
  const { ctx, preferred } = props;
  const t = ctx.t;
  return (
    <ShopLayout ctx={ctx} title={t.startTitle} headerSearch={false}>
      <section class="punchout-start" aria-labelledby="start-heading">
        <h1 id="start-heading">{t.startTitle}</h1>
        <p>{t.startIntro}</p>
        <form class="punchout-start-search" method="get" action={searchPath(ctx.sessionKey)} role="search">
          <label for="punchout-start-query">{t.searchLabel}</label>
          <div class="inline-form">
            <input id="punchout-start-query" type="search" name="query" required maxLength={200} />
            <button type="submit" class="button">
              {t.searchButton}
            </button>
          </div>
        </form>
      </section>
      <section aria-labelledby="preferred-heading">
        <h2 id="preferred-heading">{t.preferredProducts}</h2>
        {preferred.length === 0 && <p class="muted">{t.noPreferred}</p>}
        <ul class="cards punchout-results punchout-preferred">
          {preferred.map((hit) => (
            <li key={hit.id} class="card is-preferred" data-product-id={hit.id}>
              <h3 class="punchout-hit-name">
                <a href={productPath(ctx.sessionKey, hit.id)}>{hit.name}</a>
              </h3>
              <span class="badge preferred">{t.preferred}</span>
              <p>
                <ListPrice t={t} hit={hit} />
                {hit.vendor ? <span class="muted"> · {hit.vendor}</span> : null}
              </p>
              {hit.delivery && <p class="muted">{hit.delivery}</p>}
            </li>
          ))}
        </ul>
      </section>
    </ShopLayout>
  );
}
