import { Fragment } from 'preact';
import { cut } from '../../core/line-text';
import { sessionPath } from '../../core/punchout-paths';
import { CsrfField, ShopLayout } from './shop-layout';
import { StarRating } from './star-rating';
import type { Notice, OfferView, ProductView, ShopContext } from './shop-view.models';

/** A product with every offer: preferred ones marked, blocked ones disabled with the reason. */
export function ProductPage(props: { ctx: ShopContext; product: ProductView; notices?: Notice[] }) {
  const { ctx, product } = props;
  const t = ctx.t;
  return (
    <ShopLayout ctx={ctx} title={product.name} notices={props.notices}>
      <article class="punchout-product" data-product-id={product.id}>
        <h1>{product.name}</h1>
        <div class="punchout-product-summary">
          {product.images.length > 0 && (
            <div class="punchout-gallery" role="group" aria-label={t.gallery(product.name)}>
              {product.images.map((image, i) => (
                <img
                  key={image.url}
                  class={i === 0 ? 'punchout-gallery-main' : 'punchout-gallery-thumb'}
                  src={image.url}
                  alt={image.alt}
                  width={i === 0 ? 320 : 96}
                  height={i === 0 ? 320 : 96}
                  loading={i === 0 ? undefined : 'lazy'}
                />
              ))}
            </div>
          )}
          <div>
            {product.starRating !== undefined && (
              <p>
                <StarRating t={t} rating={product.starRating} />
              </p>
            )}
            {product.facts.length > 0 && (
              <section aria-labelledby="facts-heading">
                <h2 id="facts-heading">{t.productFacts}</h2>
                <dl class="punchout-facts punchout-product-facts">
                  {product.facts.map((fact) => (
                    <Fragment key={fact.label}>
                      <dt>{fact.label}</dt>
                      <dd class={fact.identifier ? 'identifier' : undefined}>{fact.value}</dd>
                    </Fragment>
                  ))}
                </dl>
              </section>
            )}
            {product.features.length > 0 && (
              <section aria-labelledby="features-heading">
                <h2 id="features-heading">{t.features}</h2>
                <ul>
                  {product.features.map((feature, i) => (
                    <li key={i}>{feature}</li>
                  ))}
                </ul>
              </section>
            )}
            {product.overview.length > 0 && (
              <section aria-labelledby="overview-heading">
                <h2 id="overview-heading">{t.overview}</h2>
                <OverviewTable entries={product.overview} />
                {product.moreOverview.length > 0 && (
                  <details class="punchout-overview-more">
                    <summary>{t.moreFacts(product.moreOverview.length)}</summary>
                    <OverviewTable entries={product.moreOverview} />
                  </details>
                )}
                {product.overviewNotShown > 0 && (
                  <p class="muted punchout-overview-not-shown">{t.factsNotShown(product.overviewNotShown)}</p>
                )}
              </section>
            )}
            {product.taxonomies.length > 0 && (
              <section aria-labelledby="taxonomies-heading">
                <h2 id="taxonomies-heading">{t.classification}</h2>
                <ul class="punchout-taxonomies">
                  {product.taxonomies.map((taxonomy) => (
                    <li key={`${taxonomy.type}:${taxonomy.code}`}>
                      {taxonomy.type.toUpperCase()} {taxonomy.code}
                      {taxonomy.displayName ? ` (${taxonomy.displayName})` : ''}
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </div>
        </div>
        <section aria-labelledby="offers-heading">
          <h2 id="offers-heading">{t.offers}</h2>
          {product.offers.length === 0 && <p>{t.noOffers}</p>}
          {product.allBlocked && product.offers.length > 0 && !ctx.display && (
            <p class="notice warn">
              {t.allBlocked}{' '}
              <a
                href={`${sessionPath(ctx.sessionKey, '/search')}?query=${encodeURIComponent(cut(product.name, 60)) /* whole characters: a lone surrogate would throw URIError */}`}
              >
                {t.search}
              </a>
            </p>
          )}
          <ul class="cards punchout-offers">
            {product.offers.map((offer) => (
              <OfferCard key={offer.id} ctx={ctx} productId={product.id} offer={offer} />
            ))}
          </ul>
        </section>
      </article>
    </ShopLayout>
  );
}

function OverviewTable(props: { entries: Array<{ label: string; value: string }> }) {
  return (
    <table class="punchout-overview">
      <tbody>
        {props.entries.map((entry) => (
          <tr key={entry.label}>
            <th scope="row">{entry.label}</th>
            <td>{entry.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function OfferCard(props: { ctx: ShopContext; productId: string; offer: OfferView }) {
  const { ctx, offer } = props;
  const t = ctx.t;
  const quantityId = `quantity-${offer.id}`;
  const reasonId = `reason-${offer.id}`;
  const classes = [
    'card',
    'punchout-offer',
    offer.preferred ? 'is-preferred' : '',
    offer.blocked ? 'is-blocked' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li
      class={classes}
      data-offer-id={offer.id}
      data-preferred={String(offer.preferred)}
      data-blocked={String(offer.blocked)}
      data-base-price={offer.priceText}
    >
      <h3 class="punchout-vendor">{offer.vendor}</h3>
      {offer.preferred && <span class="badge preferred">{t.preferred}</span>}
      {offer.blocked && <span class="badge blocked">{t.blocked}</span>}
      <dl class="punchout-facts">
        <dt>{t.price}</dt>
        <dd>
          <strong>{offer.priceText}</strong> <span class="muted">{offer.priceUnitText}</span>
          {offer.priceTaxLabel ? <span class="muted"> ({offer.priceTaxLabel})</span> : null}
          {offer.quotedGross ? (
            <>
              <br />
              <span class="muted punchout-quoted-gross">
                {t.quotedGross(offer.quotedGross.priceText, offer.quotedGross.rateText)}
              </span>
            </>
          ) : null}
          {offer.priceInfo ? (
            <>
              <br />
              <span class="muted">{offer.priceInfo}</span>
            </>
          ) : null}
        </dd>
        <dt>{t.condition}</dt>
        <dd>{t.conditions[offer.condition] ?? offer.condition}</dd>
        {offer.delivery && (
          <>
            <dt>{t.delivery}</dt>
            <dd>{offer.delivery}</dd>
          </>
        )}
        {offer.availability && (
          <>
            <dt>{t.availability}</dt>
            <dd>{offer.availability}</dd>
          </>
        )}
        {offer.fulfillment && (
          <>
            <dt>{t.fulfillment}</dt>
            <dd>{offer.fulfillment}</dd>
          </>
        )}
        <dt>{t.quantity}</dt>
        <dd>
          {t.quantityRange(offer.min, offer.max)}
          {offer.step > 1 ? `, ${t.quantitySteps(offer.step)}` : ''}
        </dd>
      </dl>
      {offer.tiers.length > 0 && (
        <div class="table-wrap">
          <table class="punchout-tiers">
            <caption>{t.tiers}</caption>
            <thead>
              <tr>
                <th scope="col">{t.tierFrom}</th>
                <th scope="col" class="number">
                  {t.price}
                </th>
              </tr>
            </thead>
            <tbody>
              {offer.tiers.map((tier) => (
                <tr
                  key={tier.minQuantity}
                  class={tier.applies ? 'applies' : undefined}
                  data-min-quantity={tier.minQuantity}
                  data-price={tier.priceText}
                >
                  <td>{tier.minQuantity}</td>
                  <td class="number">{tier.priceText}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p class="punchout-price-at" aria-live="polite">
        {t.priceAt} <span class="punchout-price-at-quantity">{offer.defaultQuantity}</span>:{' '}
        <strong class="punchout-price-at-value">{offer.priceAtDefaultText}</strong>
      </p>
      {offer.blocked && (
        <p id={reasonId} class="notice error punchout-blocked-reason">
          {t.blockedReason}
          {offer.blockedNotes.map((note, i) => (
            <span key={i}>
              {'. '}
              {t.reasonNote(note)}
            </span>
          ))}
        </p>
      )}
      {!ctx.display && !ctx.readOnly && (
        <form
          method="post"
          action={sessionPath(ctx.sessionKey, '/cart/add')}
          class="inline-form punchout-add"
        >
          <CsrfField token={ctx.csrfToken} />
          <input type="hidden" name="offerId" value={offer.id} />
          <input type="hidden" name="productId" value={props.productId} />
          <div class="field">
            <label for={quantityId}>{t.quantity}</label>
            <input
              id={quantityId}
              type="number"
              name="quantity"
              inputMode="numeric"
              min={offer.min}
              max={offer.max ?? undefined}
              step={offer.step}
              value={offer.defaultQuantity}
              required
              disabled={offer.blocked}
              aria-describedby={offer.blocked ? reasonId : undefined}
            />
          </div>
          <button
            type="submit"
            class="button"
            disabled={offer.blocked}
            aria-describedby={offer.blocked ? reasonId : undefined}
          >
            {t.add}
          </button>
        </form>
      )}
    </li>
  );
}
