import { productPath, searchPath } from '../../core/punchout-paths';
import { ShopLayout } from './shop-layout';
import { ListPrice } from './list-price';
import type { SearchHitView, ShopContext, ShopPreferences } from './shop-view.models';

/**
 * The shop's start page for a session that began without a product (an OCI call-up without PRODUCTID
 * or SEARCHSTRING): a search box, what the organization's guidance prefers (vendors, brands,
 * categories) and its preferred products.
 */
export function StartPage(props: {
  ctx: ShopContext;
  preferred: SearchHitView[];
  preferences: ShopPreferences;
}) {
  const { ctx, preferred, preferences } = props;
  const prefersAnything =
    preferred.length > 0 ||
    preferences.vendors.length > 0 ||
    preferences.brands.length > 0 ||
    preferences.categories.length > 0;
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
      {!prefersAnything && <p class="muted punchout-no-preferences">{t.noPreferences}</p>}
      <PreferencesSection ctx={ctx} preferences={preferences} />
      {preferred.length > 0 && (
        <section aria-labelledby="preferred-heading">
          <h2 id="preferred-heading">{t.preferredProducts}</h2>
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
      )}
    </ShopLayout>
  );
}

/** The vendors, brands and categories the guidance prefers; a brand links to its search. */
function PreferencesSection(props: { ctx: ShopContext; preferences: ShopPreferences }) {
  const { ctx, preferences } = props;
  const t = ctx.t;
  const groups: Array<[label: string, key: string, values: string[], linked: boolean]> = [
    [t.preferredVendors, 'vendors', preferences.vendors, false],
    [t.preferredBrands, 'brands', preferences.brands, true],
    [t.preferredCategories, 'categories', preferences.categories, false],
  ];
  const shown = groups.filter(([, , values]) => values.length > 0);
  if (shown.length === 0) return null;
  return (
    <section class="punchout-preferences" aria-labelledby="preferences-heading">
      <h2 id="preferences-heading">{t.preferencesTitle}</h2>
      <p class="muted">{t.preferencesIntro}</p>
      <dl>
        {shown.map(([label, key, values, linked]) => (
          <div key={key} data-preference={key}>
            <dt>{label}</dt>
            <dd>
              <ul class="punchout-preference-values">
                {values.map((value) => (
                  <li key={value}>
                    {linked ? <a href={searchPath(ctx.sessionKey, value)}>{value}</a> : value}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
