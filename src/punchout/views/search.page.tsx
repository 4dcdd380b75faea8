import { productPath, searchPath } from '../punchout-paths';
import { ShopLayout } from './shop-layout';
import type { Notice, SearchView, ShopContext } from './shop-view.models';

/** Search inside the session: the API's search with the organization's guidance, linking to product pages. */
export function SearchPage(props: { ctx: ShopContext; search: SearchView; notices?: Notice[] }) {
  const { ctx, search } = props;
  const t = ctx.t;
  return (
    <ShopLayout
      ctx={{ ...ctx, searchQuery: search.query }}
      title={`${t.search}: ${search.query}`}
      notices={props.notices}
    >
      <h1>
        {t.search}: {search.query}
      </h1>
      <p class="muted">{t.results(search.total, search.totalIsLowerBound)}</p>
      {search.hits.length === 0 && <p>{t.noResults}</p>}
      <ul class="cards punchout-results">
        {search.hits.map((hit) => (
          <li
            key={hit.id}
            class={['card', hit.preferred ? 'is-preferred' : '', hit.blocked ? 'is-blocked' : '']
              .filter(Boolean)
              .join(' ')}
            data-product-id={hit.id}
          >
            <h2 class="punchout-hit-name">
              <a href={productPath(ctx.sessionKey, hit.id)}>{hit.name}</a>
            </h2>
            {hit.preferred && <span class="badge preferred">{t.preferred}</span>}
            {hit.blocked && <span class="badge blocked">{t.blocked}</span>}
            <p>
              <strong>{hit.priceText}</strong>
              {hit.priceTaxLabel ? <span class="muted"> ({hit.priceTaxLabel})</span> : null}
              {hit.vendor ? <span class="muted"> · {hit.vendor}</span> : null}
            </p>
            {hit.delivery && <p class="muted">{hit.delivery}</p>}
          </li>
        ))}
      </ul>
      {(search.page > 1 || search.hasNext) && (
        <nav class="actions" aria-label={t.search}>
          {search.page > 1 && (
            <a class="button secondary" href={searchPath(ctx.sessionKey, search.query, search.page - 1)}>
              {t.previous}
            </a>
          )}
          {search.hasNext && (
            <a class="button secondary" href={searchPath(ctx.sessionKey, search.query, search.page + 1)}>
              {t.next}
            </a>
          )}
        </nav>
      )}
    </ShopLayout>
  );
}
