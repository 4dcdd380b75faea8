import { formatNumber } from '../../../common/i18n/number';
import { productPath, sessionPath } from '../../core/punchout-paths';
import { CsrfField, ShopLayout } from './shop-layout';
import { ListPrice } from './list-price';
import { StarRating } from './star-rating';
import type { FilterView, Notice, SearchHitView, SearchView, ShopContext } from './shop-view.models';

/**
 * Search inside the session: the API's search under the organization's guidance (its order, its
 * facets), with pictures, filters as links, numbered pages and "add to cart" for what may be bought.
 */
export function SearchPage(props: { ctx: ShopContext; search: SearchView; notices?: Notice[] }) {
  const { ctx, search } = props;
  const t = ctx.t;
  const hasFilters = search.filters.some((filter) => filter.values.length + filter.parents.length > 0);
  return (
    <ShopLayout
      ctx={{ ...ctx, searchQuery: search.query }}
      title={search.query ? t.resultsFor(search.query) : t.search}
      notices={props.notices}
    >
      <h1>{search.query ? t.resultsFor(search.query) : t.search}</h1>
      <p class="muted punchout-result-count" role="status">
        {t.results(search.total, search.totalIsLowerBound)}
      </p>
      {search.sorts.length > 0 && search.total > 1 && (
        <nav class="punchout-sorts" aria-label={t.sortBy}>
          <span class="muted">{t.sortBy}:</span>
          <ul>
            {search.sorts.map((option) => (
              <li key={option.sort}>
                {option.current ? (
                  <strong aria-current="true">{t.sorts[option.sort]}</strong>
                ) : (
                  <a href={option.href}>{t.sorts[option.sort]}</a>
                )}
              </li>
            ))}
          </ul>
        </nav>
      )}
      {search.selected.length > 0 && (
        <ul class="punchout-chips" aria-label={t.selectedFilters}>
          {search.selected.map((chip) => (
            <li key={chip.removeHref}>
              <a class="chip" href={chip.removeHref} aria-label={t.removeFilter(chip.facet, chip.name)}>
                {chip.facet}: {chip.name} <span aria-hidden="true">×</span>
              </a>
            </li>
          ))}
          {search.clearHref && (
            <li>
              <a href={search.clearHref}>{t.clearFilters}</a>
            </li>
          )}
        </ul>
      )}
      <div class={hasFilters ? 'punchout-search-layout' : undefined}>
        {hasFilters && (
          <>
            {/* Phones get the filters folded above the results; wide screens a column beside them. */}
            <details class="punchout-filters-folded">
              <summary>{t.filters}</summary>
              <Filters ctx={ctx} filters={search.filters} />
            </details>
            <aside class="punchout-filters-column" aria-label={t.filters}>
              <h2 class="punchout-filters-title">{t.filters}</h2>
              <Filters ctx={ctx} filters={search.filters} />
            </aside>
          </>
        )}
        <div>
          {search.hits.length === 0 && (
            <div class="punchout-no-results">
              <p>
                <strong>{t.noResults}</strong>
              </p>
              <ul>
                {t.noResultsTips.map((tip) => (
                  <li key={tip}>{tip}</li>
                ))}
              </ul>
              {search.clearHref && (
                <p>
                  <a class="button secondary" href={search.clearHref}>
                    {t.clearFilters}
                  </a>
                </p>
              )}
            </div>
          )}
          <ul class="punchout-results">
            {search.hits.map((hit) => (
              <Hit key={hit.id} ctx={ctx} hit={hit} />
            ))}
          </ul>
          {search.pages.length > 0 && (
            <nav class="punchout-pagination" aria-label={t.pages}>
              {search.previousHref && (
                <a class="button secondary" href={search.previousHref} rel="prev">
                  {t.previous}
                </a>
              )}
              <ol>
                {search.pages.map((link, i) =>
                  link === 'gap' ? (
                    <li key={`gap-${i}`} aria-hidden="true">
                      …
                    </li>
                  ) : (
                    <li key={link.page}>
                      {link.current ? (
                        <span aria-current="page" aria-label={t.pageN(link.page)}>
                          {link.page}
                        </span>
                      ) : (
                        <a href={link.href} aria-label={t.pageN(link.page)}>
                          {link.page}
                        </a>
                      )}
                    </li>
                  ),
                )}
              </ol>
              {search.nextHref && (
                <a class="button secondary" href={search.nextHref} rel="next">
                  {t.next}
                </a>
              )}
            </nav>
          )}
        </div>
      </div>
    </ShopLayout>
  );
}

function Filters(props: { ctx: ShopContext; filters: FilterView[] }) {
  const t = props.ctx.t;
  return (
    <>
      {props.filters
        .filter((filter) => filter.values.length + filter.parents.length > 0)
        .map((filter) => (
          <section key={filter.id} class="punchout-filter" data-facet={filter.id}>
            <h3>{filter.name}</h3>
            <ul>
              {filter.parents.map((parent) => (
                <li key={`p-${parent.href}`} class="parent">
                  {parent.selected ? (
                    <strong aria-current="true">{parent.name}</strong>
                  ) : (
                    <a href={parent.href}>{parent.name}</a>
                  )}
                </li>
              ))}
              {filter.values.map((value) => (
                <li key={value.href} class={filter.parents.length > 0 ? 'child' : undefined}>
                  <a href={value.href} class={value.selected ? 'is-selected' : undefined}>
                    <span class="check" aria-hidden="true">
                      {value.selected ? '☑' : '☐'}
                    </span>{' '}
                    {value.name}
                    {value.count !== undefined && (
                      <span class="facet-count"> ({formatNumber(value.count, props.ctx.lang)})</span>
                    )}
                    {value.selected && <span class="visually-hidden"> ({t.selected})</span>}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ))}
      {props.filters.length === 0 && <p class="muted">{t.noResults}</p>}
    </>
  );
}

function Hit(props: { ctx: ShopContext; hit: SearchHitView }) {
  const { ctx, hit } = props;
  const t = ctx.t;
  const reasonId = `blocked-${hit.id}`;
  return (
    <li
      class={['card', 'punchout-hit', hit.preferred ? 'is-preferred' : '', hit.blocked ? 'is-blocked' : '']
        .filter(Boolean)
        .join(' ')}
      data-product-id={hit.id}
    >
      <div class="punchout-hit-image">
        {hit.image && <img src={hit.image.url} alt={hit.image.alt} width={96} height={96} loading="lazy" />}
      </div>
      <div class="punchout-hit-body">
        <h2 class="punchout-hit-name">
          <a href={productPath(ctx.sessionKey, hit.id)}>{hit.name}</a>
        </h2>
        {hit.sku && (
          <p class="muted punchout-hit-sku">
            {t.productCode}: {hit.sku}
          </p>
        )}
        <p>
          {hit.preferred && <span class="badge preferred">{t.preferred}</span>}{' '}
          {hit.blocked && <span class="badge blocked">{t.blocked}</span>}{' '}
          {hit.starRating !== undefined && <StarRating t={t} rating={hit.starRating} />}
        </p>
        <p>
          <ListPrice t={t} hit={hit} />
          {hit.vendor ? <span class="muted"> · {hit.vendor}</span> : null}
        </p>
        {(hit.delivery || hit.availability) && (
          <p class="muted">{[hit.availability, hit.delivery].filter(Boolean).join(' · ')}</p>
        )}
        {hit.blocked ? (
          <p class="punchout-blocked-reason" id={reasonId}>
            {t.blockedReason}
          </p>
        ) : (
          !ctx.display && (
            <form method="post" action={sessionPath(ctx.sessionKey, '/cart/add')} class="punchout-hit-add">
              <CsrfField token={ctx.csrfToken} />
              <input type="hidden" name="productId" value={hit.id} />
              <button type="submit" class="button" aria-label={`${t.add}: ${hit.name}`}>
                {t.add}
              </button>
            </form>
          )
        )}
      </div>
    </li>
  );
}
