import { formatMoney } from '../../../common/i18n/money';
import { formatNumber } from '../../../common/i18n/number';
import { LOCALES } from '../../../common/i18n/money';
import type { OrderSummaryResponse } from '../../../orders/dto/order.response';
import type { OrderFigures } from '../../../orders/orders.service';
import type { PageLanguage } from '../../../web/language';
import type { OrdersConsoleMessages } from '../orders-console.messages';
import { OrderTable, ORDERS_PATH } from './orders-page';

/**
 * The dashboard's orders: how many, how many with findings, the share of spend not from a punchout
 * and the ordered net spend per day, per currency (amounts of different currencies are never added).
 */
export function OrderFiguresSection(props: {
  lang: PageLanguage;
  words: OrdersConsoleMessages;
  figures: OrderFigures;
}) {
  const { words, figures, lang } = props;
  const days = [...new Set(figures.spend.map((entry) => entry.day))];
  const currencies = figures.totals.map((total) => total.currency);
  return (
    <section aria-labelledby="orders-heading" data-figures="orders">
      <h2 id="orders-heading">{words.figuresTitle}</h2>
      <p>{words.figuresIntro}</p>
      <dl class="figures">
        <div>
          <dt>{words.ordersCount}</dt>
          <dd data-figure="orders">{formatNumber(figures.orders, lang)}</dd>
        </div>
        <div>
          <dt>{words.ordersWithFindings}</dt>
          <dd data-figure="orders-with-findings">
            <a href={`${ORDERS_PATH}`}>{formatNumber(figures.ordersWithFindings, lang)}</a>
          </dd>
        </div>
        {figures.totals.map((total) => (
          <div key={total.currency}>
            <dt>
              {words.notFromPunchoutShare} ({total.currency})
            </dt>
            <dd data-figure={`not-from-punchout-${total.currency}`}>
              {percent(total.notFromPunchoutPercent, lang)}{' '}
              <span class="muted">
                ({formatMoney(total.notFromPunchoutNet, total.currency, lang)} /{' '}
                {formatMoney(total.net, total.currency, lang)} {words.netLabel})
              </span>
            </dd>
          </div>
        ))}
      </dl>
      {days.length === 0 ? (
        <p class="notice">{words.noOrders}</p>
      ) : (
        <div class="table-wrap" tabIndex={0} role="group" aria-labelledby="orders-heading">
          <table class="order-spend">
            <caption>{words.spendPerDay}</caption>
            <thead>
              <tr>
                <th scope="col">{words.day}</th>
                {currencies.map((currency) => (
                  <th key={currency} scope="col" class="number">
                    {currency} ({words.netLabel})
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day} data-day={day}>
                  <th scope="row">{day}</th>
                  {currencies.map((currency) => {
                    const entry = figures.spend.find((e) => e.day === day && e.currency === currency);
                    return (
                      <td key={currency} class="number" data-currency={currency}>
                        {entry ? formatMoney(entry.net, currency, lang) : '–'}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** On a session's page: the orders placed from its cart. */
export function SessionOrders(props: {
  lang: PageLanguage;
  words: OrdersConsoleMessages;
  orders: OrderSummaryResponse[];
}) {
  return (
    <section aria-labelledby="session-orders-heading">
      <h2 id="session-orders-heading">{props.words.sessionOrdersTitle}</h2>
      {props.orders.length === 0 ? (
        <p class="muted">{props.words.sessionNoOrders}</p>
      ) : (
        <OrderTable lang={props.lang} words={props.words} orders={props.orders} />
      )}
    </section>
  );
}

/** "12.5 %" / "12,5 %": the share as stored (one decimal), in the auditor's language. */
function percent(value: string, lang: PageLanguage): string {
  return new Intl.NumberFormat(LOCALES[lang], {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(Number(value) / 100);
}
