import { formatMoney } from '../../../common/i18n/money';
import type { OrderLineResponse, OrderResponse } from '../../../orders/dto/order.response';
import type { PageLanguage } from '../../../web/language';
import type { ConsoleViewer } from '../console-sign-in.service';
import type { ConsoleMessages } from '../console-messages';
import type { OrdersConsoleMessages } from '../orders-console.messages';
import { CONSOLE_PATH, ConsoleFrame, unitMoney, utc } from './console-frame';
import { DeliveryBadge, FindingBadges, ORDERS_PATH } from './orders-page';

/** One order: its header, the transferred cart and the ordered lines side by side, the deliveries. */
export function OrderPage(props: {
  lang: PageLanguage;
  text: ConsoleMessages;
  words: OrdersConsoleMessages;
  viewer: ConsoleViewer;
  order: OrderResponse;
}) {
  const { words, order, lang } = props;
  const h = words.header;
  const title = words.orderTitle(order.orderId);
  const sessions = [
    ...new Map(
      order.lines.flatMap((line) =>
        line.cartLine ? [[line.cartLine.sessionId, line.cartLine.sessionPublicId]] : [],
      ),
    ),
  ];
  return (
    <ConsoleFrame lang={lang} text={props.text} title={title} viewer={props.viewer} current="orders">
      <p>
        <a href={ORDERS_PATH}>{words.backToList}</a>
      </p>
      <h1>{title}</h1>
      <dl class="summary">
        <dt>{h.status}</dt>
        <dd>
          {words.statusNames[order.status] ?? order.status}{' '}
          <FindingBadges words={words} codes={order.findings} />
        </dd>
        <dt>{h.received}</dt>
        <dd>{utc(order.receivedAt, lang)}</dd>
        <dt>{h.orderDate}</dt>
        <dd>{utc(order.orderDate, lang)}</dd>
        <dt>{h.channel}</dt>
        <dd>
          {words.channelNames[order.channel] ?? order.channel} · {h.version} {order.version}
        </dd>
        <dt>{h.buyer}</dt>
        <dd>{order.buyer ?? '–'}</dd>
        <dt>{h.total}</dt>
        <dd class="order-net">
          {order.totalNet !== null && order.currency
            ? formatMoney(order.totalNet, order.currency, lang)
            : '–'}{' '}
          <span class="muted">{words.netLabel}</span>
        </dd>
        <dt>{words.fromSession}</dt>
        <dd>
          {sessions.length === 0
            ? '–'
            : sessions.map(([id, publicId], index) => (
                <span key={id}>
                  {index > 0 ? ', ' : null}
                  <a href={`${CONSOLE_PATH}/sessions/${id}`}>
                    <code>{publicId}</code>
                  </a>
                </span>
              ))}
        </dd>
        <dt>{h.document}</dt>
        <dd>
          <code class="hash">{order.documentSha256}</code>
        </dd>
      </dl>

      <section aria-labelledby="compare-heading">
        <h2 id="compare-heading">{words.compareTitle}</h2>
        <p>{words.compareIntro}</p>
        {/* Scrolls sideways when narrow: focusable, so keyboards can scroll it. */}
        <div class="table-wrap" tabIndex={0} role="group" aria-labelledby="compare-heading">
          <table class="order-compare cards-on-phone">
            <caption class="visually-hidden">{words.compareTitle}</caption>
            <thead>
              <tr>
                <th scope="col">{words.line}</th>
                <th scope="col">{words.description}</th>
                <th scope="col" class="number">
                  {words.quantity}
                  <br />
                  <span class="muted">{words.cartToOrdered}</span>
                </th>
                <th scope="col" class="number">
                  {words.unitPrice}
                  <br />
                  <span class="muted">{words.cartToOrdered}</span>
                </th>
                <th scope="col" class="number">
                  {words.lineNet}
                </th>
                <th scope="col">{words.columns.findings}</th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line) => (
                <CompareRow key={line.lineNumber} lang={lang} words={words} line={line} />
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="deliveries-heading">
        <h2 id="deliveries-heading">{words.deliveriesTitle}</h2>
        {/* Scrolls sideways when narrow: focusable, so keyboards can scroll it. */}
        <div class="table-wrap" tabIndex={0} role="group" aria-labelledby="deliveries-heading">
          <table class="deliveries cards-on-phone">
            <caption class="visually-hidden">{words.deliveriesTitle}</caption>
            <thead>
              <tr>
                <th scope="col">{words.supplier}</th>
                <th scope="col">{words.columns.delivery}</th>
                <th scope="col" class="number">
                  {words.tries}
                </th>
                <th scope="col">{words.deliveredAt}</th>
                <th scope="col">{words.lastError}</th>
              </tr>
            </thead>
            <tbody>
              {order.deliveries.map((delivery) => (
                <tr key={delivery.supplier}>
                  <td data-label={words.supplier}>{delivery.supplier || words.unknownSupplier}</td>
                  <td data-label={words.columns.delivery}>
                    <DeliveryBadge words={words} status={delivery.status} />
                  </td>
                  <td class="number" data-label={words.tries}>
                    {delivery.attempts}
                  </td>
                  <td class="time" data-label={words.deliveredAt}>
                    {utc(delivery.deliveredAt, lang)}
                  </td>
                  <td class="wrap" data-label={words.lastError}>
                    {delivery.lastError ?? '–'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </ConsoleFrame>
  );
}

/** One ordered line beside its cart line; a value that differs is marked (<mark>) on the ordered side. */
function CompareRow(props: { lang: PageLanguage; words: OrdersConsoleMessages; line: OrderLineResponse }) {
  const { line, words, lang } = props;
  const cart = line.cartLine;
  const codes = line.findings.map((finding) => finding.code);
  const marked = (changed: boolean, content: string) => (changed ? <mark>{content}</mark> : content);
  const unitOrdered = unitMoney(line.unitPrice, line.currency, lang);
  return (
    <tr data-line={line.lineNumber}>
      <td data-label={words.line}>{line.lineNumber}</td>
      <td data-label={words.description}>
        {line.description || '–'}
        <br />
        <span class="muted">
          {line.supplier || words.unknownSupplier}
          {cart ? null : ` · ${words.noCartLine}`}
        </span>
      </td>
      <td class="number" data-label={words.quantity}>
        {cart ? <span class="cart-value">{String(cart.quantity)} → </span> : null}
        {marked(
          codes.includes('quantity_changed') || codes.includes('unit_changed'),
          `${line.quantity} ${line.unit ?? ''}`.trim(),
        )}
      </td>
      <td class="number" data-label={words.unitPrice}>
        {cart ? <span class="cart-value">{unitMoney(cart.unitPrice, cart.currency, lang)} → </span> : null}
        {marked(codes.includes('price_changed') || codes.includes('currency_changed'), unitOrdered)}
      </td>
      <td class="number" data-label={words.lineNet}>
        {formatMoney(line.lineNet, line.currency, lang)}
      </td>
      <td data-label={words.columns.findings}>
        <FindingBadges words={words} codes={codes} />
      </td>
    </tr>
  );
}
