import { Injectable } from '@nestjs/common';
import { priceUnitText } from '../../catalog/units';
import { cartTotals, Money, netUnitPrice, rateText, TaxedLine } from '../../catalog/vat';
import { formatMoney } from '../../common/i18n/money';
import { localizedName } from '../../catalog/product-texts';
import type { PunchoutSession } from '../../generated/prisma/client';
import type { PageLanguage } from '../../web/language';
import { offerFacts } from '../core/catalog-offer';
import { quantityBounds, quotedPriceAt, tierAt } from '../core/offer-pricing';
import { CartProblem, PunchoutCartService } from '../core/punchout-cart.service';
import { messagesFor } from './punchout.messages';
import type { CartLineView, CartView, Notice } from './views/shop-view.models';

/**
 * The cart as the shop shows it: each stored line with its figures in the page's language, the
 * totals per currency summed from the stored lines, and a refused change worded for the buyer.
 */
@Injectable()
export class CartPresenter {
  constructor(private readonly cart: PunchoutCartService) {}

  async view(session: PunchoutSession, lang: PageLanguage): Promise<CartView> {
    const rows = await this.cart.rows(session);
    const taxed: TaxedLine[] = [];
    const lines = rows.map((row): CartLineView => {
      if (!row.offer) {
        // The offer left the catalog: shown as it was, not counted, removed at transfer.
        return {
          offerId: '',
          productId: '',
          productName: row.label,
          vendor: '',
          quantity: row.quantity,
          min: 1,
          max: null,
          step: 1,
          unitPriceText: '',
          priceUnitText: '',
          lineTotalText: '',
          unavailable: true,
        };
      }
      const offer = offerFacts(row.offer);
      // The cart shows and sums what the line stores (THE unit price, its rate, its net amount):
      // what the transfer sends once re-validation has found it current.
      const unitPrice = new Money(row.unitPrice.toString());
      const rate = row.vatRate === null ? null : new Money(row.vatRate.toString());
      const net = new Money(row.lineNet.toString());
      taxed.push({ currency: row.currency, net, vatRate: rate });
      const { min, max, step } = quantityBounds(offer);
      const tier = tierAt(offer, row.quantity);
      // A vendor's gross quote, shown beside the net figure it makes (not when the offer changed since).
      const quoted = quotedPriceAt(offer, row.quantity);
      const quotesGross =
        offer.priceIncludesVat &&
        rate !== null &&
        netUnitPrice(quoted, offer, row.currency).eq(unitPrice) &&
        offer.currency === row.currency;
      return {
        offerId: row.offer.id,
        productId: row.offer.product.id,
        productName: localizedName(row.offer.product.texts, lang, row.offer.product.name).text,
        vendor: row.offer.vendor,
        quantity: row.quantity,
        min,
        max: offer.quantityMax === null ? null : max,
        step,
        unitPriceText: formatMoney(unitPrice, row.currency, lang),
        priceUnitText: priceUnitText(offer, row.priceUnitQuantity, lang),
        vatRateText: rate === null ? null : rateText(rate, lang),
        ...(quotesGross ? { quotedGrossText: formatMoney(quoted, row.currency, lang) } : {}),
        ...(tier ? { tierFrom: tier.minQuantity } : {}),
        lineTotalText: formatMoney(net, row.currency, lang),
      };
    });
    return {
      lines,
      totals: cartTotals(taxed)
        .sort((a, b) => a.currency.localeCompare(b.currency))
        .map((total) => ({
          currency: total.currency,
          netText: formatMoney(total.net, total.currency, lang),
          vat: total.vat.map((share) => ({
            rateText: rateText(share.rate, lang),
            text: formatMoney(share.vat, total.currency, lang),
          })),
          grossText: total.gross === null ? null : formatMoney(total.gross, total.currency, lang),
        })),
    };
  }
}

/** A refused cart change as the page tells it. */
export function cartProblemNotice(problem: CartProblem, lang: PageLanguage): Notice {
  const t = messagesFor(lang);
  const text = (() => {
    switch (problem.code) {
      case 'offer_unknown':
        return t.offerUnknown;
      case 'offer_blocked':
        return t.offerBlocked(problem.vendor);
      case 'other_currency':
        return t.otherCurrency(problem.vendor, problem.currency, problem.cartCurrency);
      case 'not_in_cart':
        return t.notInCart;
      case 'not_a_number':
        return t.quantityNotNumber;
      case 'below_min':
        return t.quantityBelow(problem.min);
      case 'above_max':
        return t.quantityAbove(problem.max);
      case 'not_in_steps':
        return t.quantityNotInSteps(problem.min, problem.step);
    }
  })();
  return { kind: 'error', text };
}
