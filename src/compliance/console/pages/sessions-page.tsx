import type { AuditSessionPage } from '../../review/dto/audit-review.response';
import { PUNCHOUT_PROTOCOLS, PUNCHOUT_STATUSES } from '../../review/session-record';
import type { PageLanguage } from '../../../web/language';
import type { ConsoleViewer } from '../console-sign-in.service';
import type { ConsoleMessages } from '../console-messages';
import { ExportLinks, FilterProblems, ListPager } from './list-parts';
import { BreakableAddress } from './breakable-address';
import { CONSOLE_PATH, ConsoleFrame, grossMoney, netMoney, utc } from './console-frame';

/** The filter form's values as the auditor typed them (echoed back, also when they are invalid). */
export interface SessionFilterValues {
  from?: string;
  to?: string;
  email?: string;
  status?: string;
  productId?: string;
  reference?: string;
  product?: string;
  protocol?: string;
}

export function SessionsPage(props: {
  lang: PageLanguage;
  text: ConsoleMessages;
  viewer: ConsoleViewer;
  filters: SessionFilterValues;
  page?: AuditSessionPage;
  problems?: string[];
  /** The query string for the next page, when there is one. */
  nextQuery?: string;
  isFirstPage: boolean;
}) {
  const { text, filters } = props;
  const s = text.sessions;
  return (
    <ConsoleFrame lang={props.lang} text={text} title={s.title} viewer={props.viewer} current="sessions">
      <h1>{s.title}</h1>
      <form
        method="get"
        action={`${CONSOLE_PATH}/sessions`}
        class="filters"
        aria-labelledby="filters-heading"
      >
        <h2 id="filters-heading">{s.filters}</h2>
        <FilterProblems text={text} problems={props.problems} />
        <div class="inline-form">
          <div class="field">
            <label for="filter-reference">{s.reference}</label>
            <input
              id="filter-reference"
              name="reference"
              type="text"
              value={filters.reference ?? ''}
              autocomplete="off"
              spellcheck={false}
            />
          </div>
          <div class="field">
            <label for="filter-from">{s.from}</label>
            <input id="filter-from" name="from" type="date" value={filters.from ?? ''} />
          </div>
          <div class="field">
            <label for="filter-to">{s.to}</label>
            <input id="filter-to" name="to" type="date" value={filters.to ?? ''} />
          </div>
          <div class="field">
            <label for="filter-email">{s.email}</label>
            <input
              id="filter-email"
              name="email"
              type="email"
              value={filters.email ?? ''}
              autocomplete="off"
            />
          </div>
          <div class="field">
            <label for="filter-status">{s.status}</label>
            <select id="filter-status" name="status">
              <option value="">{s.anyStatus}</option>
              {PUNCHOUT_STATUSES.map((status) => (
                <option key={status} value={status} selected={filters.status?.toUpperCase() === status}>
                  {text.statuses[status]}
                </option>
              ))}
            </select>
          </div>
          <div class="field">
            <label for="filter-product">{s.productFilter}</label>
            <input id="filter-product" name="product" type="text" value={filters.product ?? ''} />
          </div>
          {filters.productId ? (
            <div class="field">
              <label for="filter-product-id">{s.productId}</label>
              <input id="filter-product-id" name="productId" type="text" value={filters.productId} />
            </div>
          ) : null}
          <div class="field">
            <label for="filter-protocol">{s.protocol}</label>
            <select id="filter-protocol" name="protocol">
              <option value="">{s.anyProtocol}</option>
              {PUNCHOUT_PROTOCOLS.map((protocol) => (
                <option key={protocol} value={protocol} selected={filters.protocol === protocol}>
                  {text.protocols[protocol] ?? protocol}
                </option>
              ))}
            </select>
          </div>
          <button type="submit">{s.apply}</button>
          <a class="button secondary" href={`${CONSOLE_PATH}/sessions`}>
            {s.reset}
          </a>
        </div>
      </form>
      {props.page ? <SessionTable lang={props.lang} text={text} page={props.page} /> : null}
      <ListPager
        text={text}
        label={s.title}
        path={`${CONSOLE_PATH}/sessions`}
        filters={filters}
        isFirstPage={props.isFirstPage}
        nextQuery={props.nextQuery}
      />
      {props.page ? (
        <ExportLinks text={text} intro={s.exportIntro} path={`${CONSOLE_PATH}/sessions`} filters={filters} />
      ) : null}
    </ConsoleFrame>
  );
}

function SessionTable(props: { lang: PageLanguage; text: ConsoleMessages; page: AuditSessionPage }) {
  const { text, page } = props;
  const s = text.sessions;
  if (page.items.length === 0) return <p class="notice">{s.none}</p>;
  return (
    <div class="table-wrap">
      <table class="sessions cards-on-phone">
        <caption>{s.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{s.created}</th>
            <th scope="col">{s.reference}</th>
            <th scope="col">{s.buyer}</th>
            <th scope="col">{s.product}</th>
            <th scope="col">{s.outcome}</th>
            <th scope="col" class="number">
              {s.items}
            </th>
            <th scope="col" class="number cart-total">
              {s.total}
            </th>
          </tr>
        </thead>
        <tbody>
          {page.items.map((item) => (
            <tr key={item.id} data-session-id={item.id}>
              <td class="time" data-label={s.created}>
                <a href={`${CONSOLE_PATH}/sessions/${item.id}`}>{utc(item.createdAt, props.lang)}</a>
              </td>
              <td data-label={s.reference}>
                <code>{item.publicId}</code>
                <span class="muted"> · {text.protocols[item.protocol] ?? item.protocol}</span>
              </td>
              <td class="email" data-label={s.buyer}>
                <BreakableAddress text={item.userEmail} />
              </td>
              <td data-label={s.product}>
                {item.productId === null ? (
                  '-'
                ) : (
                  <>
                    {item.productName} <span class="muted">({item.productId})</span>
                  </>
                )}
              </td>
              <td data-label={s.outcome}>
                <OutcomeBadge text={text} outcome={item.outcome} />
              </td>
              <td class="number" data-label={s.items}>
                {item.itemCount}
              </td>
              <td class="number cart-total" data-label={s.total}>
                <span class="cart-net">{netMoney(item.cartTotals, props.lang)}</span>
                <CartGross text={text} gross={grossMoney(item.cartTotals, props.lang)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The gross total under the net one ("200,07 € incl. VAT"), where every line states its VAT. */
function CartGross(props: { text: ConsoleMessages; gross: string | null }) {
  if (props.gross === null) return null;
  return (
    <>
      <br />
      <span class="muted cart-gross">{props.text.sessions.grossTotal(props.gross)}</span>
    </>
  );
}

export function OutcomeBadge(props: { text: ConsoleMessages; outcome: string }) {
  const tone: Record<string, string> = {
    transferred: 'ok',
    failed: 'bad',
    expired: 'warn',
    cancelled: 'neutral',
    open: 'neutral',
  };
  const label = props.text.outcomes[props.outcome as keyof ConsoleMessages['outcomes']] ?? props.outcome;
  return <span class={`badge ${tone[props.outcome] ?? 'neutral'}`}>{label}</span>;
}
