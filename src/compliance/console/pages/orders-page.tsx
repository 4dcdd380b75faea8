import { formatMoney } from '../../../common/i18n/money';
import type { PageLanguage } from '../../../web/language';
import { FINDING_CODES } from '../../../orders/order-findings';
import {
  DELIVERY_STATUSES,
  type OrderPageResponse,
  type OrderSummaryResponse,
} from '../../../orders/dto/order.response';
import type { ConsoleViewer } from '../console-sign-in.service';
import type { ConsoleMessages } from '../console-messages';
import type { OrdersConsoleMessages } from '../orders-console.messages';
import { CONSOLE_PATH, ConsoleFrame, utc } from './console-frame';
import { FilterProblems, ListPager } from './list-parts';

export const ORDERS_PATH = `${CONSOLE_PATH}/orders`;

/** The order list's filters as typed (the form shows them again). */
export interface OrderFilterValues {
  from?: string;
  to?: string;
  buyer?: string;
  supplier?: string;
  finding?: string;
  delivery?: string;
}

export function OrdersPage(props: {
  lang: PageLanguage;
  text: ConsoleMessages;
  words: OrdersConsoleMessages;
  viewer: ConsoleViewer;
  filters: OrderFilterValues;
  isFirstPage: boolean;
  page?: OrderPageResponse;
  nextQuery?: string;
  problems?: string[];
}) {
  const { text, words, filters } = props;
  const f = words.filters;
  return (
    <ConsoleFrame
      lang={props.lang}
      text={text}
      title={words.listTitle}
      viewer={props.viewer}
      current="orders"
    >
      <h1>{words.listTitle}</h1>
      <p>{words.intro}</p>
      <FilterProblems text={text} problems={props.problems} />
      <form method="get" action={ORDERS_PATH} class="filters" aria-labelledby="order-filters-heading">
        <h2 id="order-filters-heading">{f.title}</h2>
        <div class="inline-form">
          <div class="field">
            <label for="order-from">{f.from}</label>
            <input id="order-from" name="from" type="date" value={filters.from ?? ''} />
          </div>
          <div class="field">
            <label for="order-to">{f.to}</label>
            <input id="order-to" name="to" type="date" value={filters.to ?? ''} />
          </div>
          <div class="field">
            <label for="order-buyer">{f.buyer}</label>
            <input
              id="order-buyer"
              name="buyer"
              type="email"
              value={filters.buyer ?? ''}
              autocomplete="off"
            />
          </div>
          <div class="field">
            <label for="order-supplier">{f.supplier}</label>
            <input id="order-supplier" name="supplier" type="text" value={filters.supplier ?? ''} />
          </div>
          <div class="field">
            <label for="order-finding">{f.finding}</label>
            <select id="order-finding" name="finding">
              <option value="">{f.any}</option>
              {FINDING_CODES.map((code) => (
                <option key={code} value={code} selected={filters.finding === code}>
                  {words.findingNames[code]}
                </option>
              ))}
            </select>
          </div>
          <div class="field">
            <label for="order-delivery">{f.delivery}</label>
            <select id="order-delivery" name="delivery">
              <option value="">{f.any}</option>
              {DELIVERY_STATUSES.map((status) => (
                <option key={status} value={status} selected={filters.delivery === status}>
                  {words.deliveryNames[status]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit">{f.apply}</button>
          <a class="button secondary" href={ORDERS_PATH}>
            {f.reset}
          </a>
        </div>
      </form>
      {props.page ? <OrderTable lang={props.lang} words={words} orders={props.page.data} /> : null}
      <ListPager
        text={text}
        label={words.listTitle}
        path={ORDERS_PATH}
        filters={filters}
        isFirstPage={props.isFirstPage}
        nextQuery={props.nextQuery}
      />
    </ConsoleFrame>
  );
}

/** Orders as a table (a card per order on a phone); also the session page's list of its orders. */
export function OrderTable(props: {
  lang: PageLanguage;
  words: OrdersConsoleMessages;
  orders: OrderSummaryResponse[];
}) {
  const { words, lang } = props;
  const c = words.columns;
  if (props.orders.length === 0) return <p class="notice">{words.none}</p>;
  return (
    <div class="table-wrap" tabIndex={0} role="group" aria-label={words.listTitle}>
      <table class="orders cards-on-phone">
        <caption>{words.listTitle}</caption>
        <thead>
          <tr>
            <th scope="col">{c.received}</th>
            <th scope="col">{c.orderId}</th>
            <th scope="col">{c.buyer}</th>
            <th scope="col">{c.suppliers}</th>
            <th scope="col" class="number">
              {c.total}
            </th>
            <th scope="col">{c.findings}</th>
            <th scope="col">{c.delivery}</th>
          </tr>
        </thead>
        <tbody>
          {props.orders.map((order) => (
            <tr key={order.id} data-order-id={order.id}>
              <td class="time" data-label={c.received}>
                <a href={`${ORDERS_PATH}/${order.id}`}>{utc(order.receivedAt, lang)}</a>
              </td>
              <td data-label={c.orderId}>
                <code>{order.orderId}</code>
                <span class="muted"> · {words.channelNames[order.channel] ?? order.channel}</span>
                {order.status === 'cancelled' ? (
                  <>
                    {' '}
                    <span class="badge neutral">{words.statusNames.cancelled}</span>
                  </>
                ) : null}
              </td>
              <td class="email" data-label={c.buyer}>
                {order.buyer ?? '–'}
              </td>
              <td data-label={c.suppliers}>
                {order.suppliers.map((s) => s || words.unknownSupplier).join(', ')}
              </td>
              <td class="number" data-label={c.total}>
                {order.totalNet !== null && order.currency ? (
                  <span class="order-net">
                    {formatMoney(order.totalNet, order.currency, lang)}{' '}
                    <span class="muted">{words.netLabel}</span>
                  </span>
                ) : (
                  '–'
                )}
              </td>
              <td data-label={c.findings}>
                <FindingBadges words={words} codes={order.findings} />
              </td>
              <td data-label={c.delivery}>
                {/* One badge per state (an order goes to several suppliers; the order's page names them). */}
                {[...new Set(order.deliveries.map((delivery) => delivery.status))].map((status) => (
                  <DeliveryBadge key={status} words={words} status={status} />
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function FindingBadges(props: { words: OrdersConsoleMessages; codes: readonly string[] }) {
  if (props.codes.length === 0) return <span class="badge ok">{props.words.noFindings}</span>;
  return (
    <>
      {props.codes.map((code) => (
        <span key={code} class={`badge ${code === 'blocked' ? 'bad' : 'warn'}`} data-finding={code}>
          {props.words.findingNames[code] ?? code}
        </span>
      ))}
    </>
  );
}

export function DeliveryBadge(props: { words: OrdersConsoleMessages; status: string }) {
  const tone: Record<string, string> = { delivered: 'ok', failed: 'bad', pending: 'warn', queued: 'neutral' };
  return (
    <span class={`badge ${tone[props.status] ?? 'neutral'}`} data-delivery={props.status}>
      {props.words.deliveryNames[props.status] ?? props.status}
    </span>
  );
}
