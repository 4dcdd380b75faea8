import { formatMoney } from '../../common/i18n/money';
import type { PageLanguage } from '../../web/language';
import { SCALE } from '../offer-pricing';
import { messagesFor } from '../punchout.messages';
import type { RevalidationChange } from '../revalidation-change';
import type { Notice } from './shop-view.models';

/** Each change re-validation made, as the notice the cart page shows, in the buyer's language. */
export function revalidationNotices(changes: readonly RevalidationChange[], lang: PageLanguage): Notice[] {
  const t = messagesFor(lang);
  const money = (amount: { units: number; currency: string }) =>
    formatMoney(amount.units / SCALE, amount.currency, lang);
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
    }
  });
}
