import { formatMoney } from '../../../common/i18n/money';
import { Money, rateText } from '../../../catalog/vat';
import type { PageLanguage } from '../../../web/language';
import { messagesFor } from '../punchout.messages';
import type { PriceFact, RevalidationChange } from '../../core/revalidation-change';
import type { Notice } from './shop-view.models';

/** Each change re-validation made, as the notice the cart page shows, in the buyer's language. */
export function revalidationNotices(changes: readonly RevalidationChange[], lang: PageLanguage): Notice[] {
  const t = messagesFor(lang);
  const money = (price: PriceFact) =>
    formatMoney(
      'amount' in price ? price.amount : new Money(price.units).dividedBy(10_000),
      price.currency,
      lang,
    );
  const rate = (value: string | null) =>
    value === null ? t.vatNotStated : t.vatRate(rateText(new Money(value), lang));
  return changes.map((change): Notice => {
    switch (change.code) {
      case 'offer_gone':
        return { kind: 'error', text: t.lineRemovedGone(change.label) };
      case 'blocked':
        return { kind: 'error', text: t.lineRemovedBlocked(change.name, change.vendor) };
      case 'quantity_out_of_range':
        return { kind: 'error', text: t.lineRemovedQuantity(change.name, change.min, change.max) };
      case 'repriced':
        return { kind: 'warn', text: t.linePriceChanged(change.name, money(change.from), money(change.to)) };
      case 'vat_changed':
        return { kind: 'warn', text: t.lineVatChanged(change.name, rate(change.from), rate(change.to)) };
      case 'other_currency':
        return {
          kind: 'error',
          text: t.lineRemovedCurrency(change.name, change.currency, change.cartCurrency),
        };
    }
  });
}
