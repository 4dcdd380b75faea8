import { lineNet, Money } from '../../../catalog/vat';
import { formatMoney } from '../../../common/i18n/money';
import type { PageLanguage } from '../../../web/language';
import type { CartLine } from '../../core/cart-line';
import type { PunchoutMessages } from '../punchout.messages';

/**
 * What the transfer sends, while the browser sends it: per line the product, quantity, THE unit price
 * (net) and the net line total, then the net total per currency: the lines of the return form.
 */
export function TransferSummary(props: {
  lang: PageLanguage;
  t: PunchoutMessages;
  lines: readonly CartLine[];
}) {
  const { lang, t, lines } = props;
  const rows = lines.map((line) => ({
    line,
    net: lineNet(line.price, line.quantity, line.priceUnit, line.currency),
  }));
  const currencies = [...new Set(lines.map((line) => line.currency))];
  return (
    <section class="punchout-sent" aria-labelledby="sent-heading">
      <h2 id="sent-heading">{t.sentSummary(lines.length)}</h2>
      <div class="table-wrap">
        <table class="punchout-cart punchout-sent-lines" aria-labelledby="sent-heading">
          <thead>
            <tr>
              <th scope="col">{t.product}</th>
              <th scope="col" class="number">
                {t.quantity}
              </th>
              <th scope="col" class="number">
                {t.unitPrice}
              </th>
              <th scope="col" class="number">
                {t.lineTotal}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ line, net }) => (
              <tr key={line.offerId} data-offer-id={line.offerId}>
                <td data-label={t.product}>{line.name}</td>
                <td class="number" data-label={t.quantity}>
                  {line.quantity}
                </td>
                <td class="number" data-label={t.unitPrice}>
                  {formatMoney(line.price, line.currency, lang)}
                  {line.priceUnit > 1 ? ` / ${line.priceUnit}` : ''}
                </td>
                <td class="number" data-label={t.lineTotal}>
                  {formatMoney(net, line.currency, lang)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {currencies.map((currency) => (
              <tr key={currency} data-currency={currency}>
                <th scope="row" colSpan={3}>
                  {t.netTotalIn(currency)}
                </th>
                <td class="number">
                  {formatMoney(
                    rows
                      .filter(({ line }) => line.currency === currency)
                      .reduce((sum, { net }) => sum.plus(net), new Money(0)),
                    currency,
                    lang,
                  )}
                </td>
              </tr>
            ))}
          </tfoot>
        </table>
      </div>
    </section>
  );
}
