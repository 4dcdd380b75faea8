import type { ComponentChildren } from 'preact';
import type { AuditEventResponse, AuditSessionDetail } from '../../review/dto/audit-review.response';
import { postedCartOf } from '../../review/posted-cart';
import type { PageLanguage } from '../../../web/language';
import type { ConsoleViewer } from '../console-sign-in.service';
import type { ConsoleMessages } from '../console-messages';
import { CONSOLE_PATH, ConsoleFrame, grossMoney, netMoney, unitMoney, utc } from './console-frame';
import { formatMoney } from '../../../common/i18n/money';
import { currencyDigits, Money, rateText } from '../../../catalog/vat';
import { OutcomeBadge } from './sessions-page';
import type { TimelineContext } from '../../review/timeline-context';
import { SessionEventStory, sessionEventStory } from '../session-event-summary';
import { actorName } from '../actor-name';
import { BreakableAddress } from './breakable-address';

/** One punchout session: summary, the cart as posted back (OCI lines and every raw field), the timeline. */
export function SessionPage(props: {
  lang: PageLanguage;
  text: ConsoleMessages;
  viewer: ConsoleViewer;
  session: AuditSessionDetail;
  context: TimelineContext;
  /** The orders placed from this cart (their own section, from the orders pages). */
  orders?: ComponentChildren;
}) {
  const { text, session } = props;
  const t = text.session;
  const statusLabel = text.statuses[session.status as keyof ConsoleMessages['statuses']] ?? session.status;
  return (
    <ConsoleFrame
      lang={props.lang}
      text={text}
      title={t.title(session.publicId)}
      viewer={props.viewer}
      current="sessions"
    >
      <p>
        <a href={`${CONSOLE_PATH}/sessions`}>{t.back}</a>
      </p>
      <h1>{t.title(session.publicId)}</h1>
      <section aria-labelledby="summary-heading">
        <h2 id="summary-heading">{t.summary}</h2>
        <dl class="summary">
          <dt>{t.status}</dt>
          <dd>
            <OutcomeBadge text={text} outcome={session.outcome} />
            {statusLabel !== text.outcomes[session.outcome as keyof ConsoleMessages['outcomes']] ? (
              <span class="muted"> {statusLabel}</span>
            ) : null}
          </dd>
          <dt>{t.buyer}</dt>
          <dd>
            <BreakableAddress text={session.userEmail} />
          </dd>
          <dt>{t.product}</dt>
          <dd>
            {session.productId === null ? (
              '-'
            ) : (
              <>
                {session.productName} <span class="muted">({session.productId})</span>
              </>
            )}
          </dd>
          <dt>{t.callbackUrl}</dt>
          <dd>
            <code class="wrap">{session.callbackUrl}</code>
          </dd>
          <dt>{t.created}</dt>
          <dd>{utc(session.createdAt, props.lang)}</dd>
          <dt>{t.opened}</dt>
          <dd>{utc(session.openedAt, props.lang)}</dd>
          <dt>{t.closed}</dt>
          <dd>{utc(session.closedAt, props.lang)}</dd>
          {session.closeReason ? (
            <>
              <dt>{t.closeReason}</dt>
              <dd>{session.closeReason}</dd>
            </>
          ) : null}
          <dt>{text.sessions.total}</dt>
          <dd data-figure="cart-net">{netMoney(session.cartTotals, props.lang)}</dd>
          {grossMoney(session.cartTotals, props.lang) !== null ? (
            <>
              <dt>{t.grossTotal}</dt>
              <dd data-figure="cart-gross">{grossMoney(session.cartTotals, props.lang)}</dd>
            </>
          ) : null}
        </dl>
      </section>
      <section aria-labelledby="posted-heading">
        <h2 id="posted-heading">{t.postedCart}</h2>
        <PostedCart text={text} transferred={session.transferred} />
      </section>
      <section aria-labelledby="cart-heading">
        <h2 id="cart-heading">{t.cart}</h2>
        <CartTable lang={props.lang} text={text} session={session} />
      </section>
      <section aria-labelledby="timeline-heading">
        <h2 id="timeline-heading">{t.timeline}</h2>
        <ol class="timeline">
          {session.events.map((event) => (
            <TimelineEntry
              key={event.sequence}
              lang={props.lang}
              text={text}
              event={event}
              story={sessionEventStory(event, props.context, text, props.lang)}
            />
          ))}
        </ol>
      </section>
      {props.orders}
    </ConsoleFrame>
  );
}

const LINE_COLUMNS: Array<{
  field: string;
  label: (t: ConsoleMessages['session']) => string;
  number?: boolean;
}> = [
  { field: 'DESCRIPTION', label: (t) => t.description },
  { field: 'QUANTITY', label: (t) => t.quantity, number: true },
  { field: 'UNIT', label: (t) => t.unit },
  { field: 'PRICE', label: (t) => t.price, number: true },
  { field: 'CURRENCY', label: (t) => t.currency },
  { field: 'VENDORMAT', label: (t) => t.vendorMaterial },
];

// Tables wider than a phone scroll inside their .table-wrap: a focusable, named region, so keyboard
// users can scroll it too (axe: scrollable-region-focusable).
function PostedCart(props: { text: ConsoleMessages; transferred: AuditSessionDetail['transferred'] }) {
  const { text, transferred } = props;
  const t = text.session;
  if (!transferred) return <p class="notice">{t.nothingPosted}</p>;
  const cart = postedCartOf(transferred.fields);
  const shown = new Set(LINE_COLUMNS.map((column) => column.field));
  return (
    <>
      {cart.lines.length === 0 ? (
        <p class="notice">{t.emptyCartPosted}</p>
      ) : (
        <div class="table-wrap" tabIndex={0} role="region" aria-label={t.postedCartCaption}>
          <table class="posted-cart cards-on-phone">
            <caption>{t.postedCartCaption}</caption>
            <thead>
              <tr>
                <th scope="col" class="number">
                  {t.line}
                </th>
                {LINE_COLUMNS.map((column) => (
                  <th key={column.field} scope="col" class={column.number ? 'number' : undefined}>
                    {column.label(t)}
                  </th>
                ))}
                <th scope="col">{t.longText}</th>
                <th scope="col">{t.otherFields}</th>
              </tr>
            </thead>
            <tbody>
              {cart.lines.map((line) => (
                <tr key={line.line}>
                  <th scope="row" class="number" data-label={t.line}>
                    {line.line}
                  </th>
                  {LINE_COLUMNS.map((column) => (
                    <td
                      key={column.field}
                      class={column.number ? 'number' : undefined}
                      data-label={column.label(t)}
                    >
                      {line.values[column.field] ?? ''}
                    </td>
                  ))}
                  <td data-label={t.longText}>{line.longText ?? ''}</td>
                  {/* One field per line, so the column stays narrow and nothing is cut off. */}
                  <td data-label={t.otherFields} class="other-fields">
                    <ul class="field-list">
                      {Object.entries(line.values)
                        .filter(([name]) => !shown.has(name))
                        .map(([name, value]) => (
                          <li key={name}>
                            <code>{name}</code>={value}
                          </li>
                        ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {transferred.fields.length > 0 ? (
        <details>
          <summary>{t.allFields}</summary>
          <div class="table-wrap" tabIndex={0} role="region" aria-label={t.allFields}>
            <table class="posted-fields">
              <caption>{t.allFields}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.fieldName}</th>
                  <th scope="col">{t.fieldValue}</th>
                </tr>
              </thead>
              <tbody>
                {transferred.fields.map(([name, value], i) => (
                  <tr key={i}>
                    <td>
                      <code>{name}</code>
                    </td>
                    <td>
                      <code class="wrap">{value}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </>
  );
}

function CartTable(props: { lang: PageLanguage; text: ConsoleMessages; session: AuditSessionDetail }) {
  const { text, session, lang } = props;
  const t = text.session;
  if (session.cartItems.length === 0) return <p class="muted">{t.emptyCart}</p>;
  // Lines posted before unit prices were rounded to the minor unit keep the decimals they were sent with.
  const older = session.cartItems.some(
    (item) => (item.netUnitPrice.split('.')[1] ?? '').length > currencyDigits(item.currency),
  );
  return (
    <>
      {older ? <p class="notice">{t.olderPrices}</p> : null}
      <div class="table-wrap" tabIndex={0} role="region" aria-label={t.cartCaption}>
        <table class="cart cards-on-phone">
          <caption>{t.cartCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.product}</th>
              <th scope="col">{t.vendor}</th>
              <th scope="col" class="number">
                {t.quantity}
              </th>
              <th scope="col" class="number">
                {t.unitPrice}
              </th>
              <th scope="col" class="number">
                {t.vat}
              </th>
              <th scope="col" class="number">
                {t.lineTotal}
              </th>
            </tr>
          </thead>
          <tbody>
            {session.cartItems.map((item) => (
              <tr key={item.offerId ?? item.productName} data-offer-id={item.offerId ?? undefined}>
                <td data-label={t.product}>
                  {item.productName} {item.offerId ? <span class="muted">({item.offerId})</span> : null}
                </td>
                <td data-label={t.vendor}>{item.vendor ?? '–'}</td>
                <td class="number" data-label={t.quantity}>
                  {item.quantity}
                </td>
                <td class="number unit-price" data-label={t.unitPrice}>
                  {unitMoney(item.netUnitPrice, item.currency, lang)}
                  {item.priceUnit > 1 ? <span class="muted"> {t.priceUnit(item.priceUnit)}</span> : null}
                </td>
                <td class="number vat-rate" data-label={t.vat}>
                  {item.vatRate === null ? (
                    <span class="muted">{t.vatNotStated}</span>
                  ) : (
                    t.vatRate(rateText(new Money(item.vatRate), lang))
                  )}
                </td>
                <td class="number line-total" data-label={t.lineTotal}>
                  {formatMoney(item.netLineTotal, item.currency, lang)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {session.cartTotals.map((total) => (
              <CartTotalRows key={total.currency} lang={lang} text={text} total={total} />
            ))}
          </tfoot>
        </table>
      </div>
    </>
  );
}

/** A currency's totals under the lines: net, VAT per rate, gross (as the buyer's cart showed them). */
function CartTotalRows(props: {
  lang: PageLanguage;
  text: ConsoleMessages;
  total: AuditSessionDetail['cartTotals'][number];
}) {
  const { lang, total } = props;
  const t = props.text.session;
  const money = (amount: string) => formatMoney(amount, total.currency, lang);
  return (
    <>
      <tr class="cart-net-total" data-currency={total.currency}>
        <th scope="row" colSpan={5}>{`${t.netTotal} (${total.currency})`}</th>
        <td class="number">{money(total.net)}</td>
      </tr>
      {total.vat.map((share) => (
        <tr key={share.rate} class="cart-vat" data-currency={total.currency}>
          <th scope="row" colSpan={5}>
            {t.vatAt(rateText(new Money(share.rate), lang))}
          </th>
          <td class="number">{money(share.vat)}</td>
        </tr>
      ))}
      {total.gross === null ? (
        <tr class="cart-vat-missing" data-currency={total.currency}>
          <td colSpan={6} class="muted">
            {t.vatMissing}
          </td>
        </tr>
      ) : (
        <tr class="cart-gross-total" data-currency={total.currency}>
          <th scope="row" colSpan={5}>{`${t.grossTotal} (${total.currency})`}</th>
          <td class="number">
            <strong>{money(total.gross)}</strong>
          </td>
        </tr>
      )}
    </>
  );
}

function TimelineEntry(props: {
  lang: PageLanguage;
  text: ConsoleMessages;
  event: AuditEventResponse;
  story: SessionEventStory | undefined;
}) {
  const { text, event, story } = props;
  const t = text.session;
  const actor = actorName(event.actor, text);
  return (
    <li class="timeline-entry" data-event-type={event.type} data-sequence={event.sequence}>
      <p class="timeline-head">
        <span class="timeline-time">{utc(event.occurredAt, props.lang)}</span>{' '}
        <strong>{text.eventTypes[event.type] ?? event.type}</strong> <code class="muted">{event.type}</code>
      </p>
      {story ? <p class="timeline-story">{story.sentence}</p> : null}
      {story?.rules.length ? (
        <ul class="timeline-rules" aria-label={text.timeline.refusedBy}>
          {story.rules.map((rule) => (
            <li key={rule}>
              {text.timeline.refusedBy}: {rule}
            </li>
          ))}
        </ul>
      ) : null}
      <p class="muted">
        #{event.sequence} · {t.actor}: {actor} ·{' '}
        <span title={event.hash}>
          {t.hash} <code>{event.hash.slice(0, 12)}…</code>
        </span>
      </p>
      <details>
        <summary>{t.details}</summary>
        <pre class="payload">{readableJson(event.payload)}</pre>
        <p class="muted">
          {t.hash}: <code class="hash">{event.hash}</code>
        </p>
      </details>
    </li>
  );
}

/** Indented JSON, with short arrays of plain values (such as OCI [name, value] pairs) on one line. */
export function readableJson(value: unknown, indent = ''): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const flat = value.every((item) => item === null || typeof item !== 'object');
    const oneLine = `[${value.map((item) => JSON.stringify(item)).join(', ')}]`;
    if (flat && oneLine.length <= 100) return oneLine;
    const inner = `${indent}  `;
    return `[\n${value.map((item) => `${inner}${readableJson(item, inner)}`).join(',\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const inner = `${indent}  `;
    const lines = entries.map(
      ([key, item]) => `${inner}${JSON.stringify(key)}: ${readableJson(item, inner)}`,
    );
    return `{\n${lines.join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
