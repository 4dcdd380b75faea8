import type { PunchoutMessages } from '../punchout.messages';
import type { SearchHitView } from './shop-view.models';

/**
 * A product's price as lists show it (search results, preferred products): THE unit price (net),
 * its basis ("excl. 19% VAT"), and the vendor's gross quote beside it only where the offer quotes
 * gross ("quoted €45.25 incl. VAT").
 */
export function ListPrice(props: { t: PunchoutMessages; hit: SearchHitView }) {
  const { t, hit } = props;
  return (
    <>
      <strong class="punchout-hit-price">{hit.priceText}</strong>
      {hit.priceTaxLabel ? <span class="muted punchout-hit-basis"> ({hit.priceTaxLabel})</span> : null}
      {hit.quotedGrossText ? (
        <span class="muted punchout-hit-quoted"> · {t.quotedGrossShort(hit.quotedGrossText)}</span>
      ) : null}
    </>
  );
}
