import type { ComponentChildren } from 'preact';
import { currencyDigits } from '../../../common/currency-digits';
import { formatMoney, LOCALES } from '../../../common/i18n/money';
import type { CurrencyTotalResponse } from '../../review/dto/audit-review.response';
import type { PageLanguage } from '../../../web/language';
import { Layout } from '../../../web/layout';
import { MessagePage } from '../../../web/message.page';
import type { PageMessage } from '../../../web/page-error';
import type { ConsoleViewer } from '../console-sign-in.service';
import type { ConsoleMessages } from '../console-messages';

export const CONSOLE_PATH = '/audit/console';
export const CONSOLE_STYLES = ['/assets/console.css'];

export interface FrameProps {
  lang: PageLanguage;
  text: ConsoleMessages;
  title: string;
  /** The signed-in auditor; without one the page has no navigation (sign-in and error pages). */
  viewer?: ConsoleViewer;
  /** Which navigation entry is the current page. */
  current?: 'dashboard' | 'sessions' | 'orders' | 'administration';
  children?: ComponentChildren;
}

/** The console header: its name, the organization, navigation and sign-out once signed in. */
export function ConsoleHeader(props: Pick<FrameProps, 'text' | 'viewer' | 'current'>) {
  const { text, viewer } = props;
  return (
    <header class="site-header">
      <div class="inner">
        <span class="console-brand">
          {text.consoleTitle}
          {viewer ? <span class="console-org"> · {viewer.organizationName}</span> : null}
        </span>
        {viewer ? (
          <nav aria-label={text.nav.label}>
            <ul>
              <li>
                <a href={CONSOLE_PATH} aria-current={props.current === 'dashboard' ? 'page' : undefined}>
                  {text.nav.dashboard}
                </a>
              </li>
              <li>
                <a
                  href={`${CONSOLE_PATH}/sessions`}
                  aria-current={props.current === 'sessions' ? 'page' : undefined}
                >
                  {text.nav.sessions}
                </a>
              </li>
              <li>
                <a
                  href={`${CONSOLE_PATH}/orders`}
                  aria-current={props.current === 'orders' ? 'page' : undefined}
                >
                  {text.nav.orders}
                </a>
              </li>
              <li>
                <a
                  href={`${CONSOLE_PATH}/administration`}
                  aria-current={props.current === 'administration' ? 'page' : undefined}
                >
                  {text.nav.administration}
                </a>
              </li>
            </ul>
          </nav>
        ) : null}
        {viewer ? (
          <form method="post" action={`${CONSOLE_PATH}/sign-out`} class="console-signout">
            <span class="console-user">{text.signedInAs(viewer.email)}</span>
            <button type="submit" class="secondary">
              {text.signOut}
            </button>
          </form>
        ) : null}
      </div>
    </header>
  );
}

/** The browser tab's title of a console page. */
export function consoleDocumentTitle(title: string, text: ConsoleMessages): string {
  return `${title} – ${text.consoleTitle}`;
}

/** Every console page: the shared layout, the console header with navigation and sign-out. */
export function ConsoleFrame(props: FrameProps) {
  return (
    <Layout
      lang={props.lang}
      title={consoleDocumentTitle(props.title, props.text)}
      styles={CONSOLE_STYLES}
      header={<ConsoleHeader text={props.text} viewer={props.viewer} current={props.current} />}
    >
      {props.children}
    </Layout>
  );
}

/** A console page that only explains something (used or expired link, signed out, not found). */
export function ConsoleMessagePage(
  props: PageMessage & { lang: PageLanguage; messages: ConsoleMessages; viewer?: ConsoleViewer },
) {
  const { lang, messages, viewer, ...message } = props;
  return (
    <MessagePage
      lang={lang}
      kind="error"
      {...message}
      documentTitle={consoleDocumentTitle(message.title, messages)}
      styles={CONSOLE_STYLES}
      header={<ConsoleHeader text={messages} viewer={viewer} />}
    />
  );
}

const dateTimeFormats = new Map<PageLanguage, Intl.DateTimeFormat>();

/**
 * An instant in the auditor's language, always in UTC and saying so ("27.11.2026, 17:05:49 UTC",
 * "Nov 27, 2026, 5:05:49 PM UTC"): the chain records UTC, and one zone for every reader of a
 * finding avoids "which time zone was that?".
 */
export function utc(iso: string | null | undefined, lang: PageLanguage): string {
  if (!iso) return '–';
  let format = dateTimeFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[lang], {
      dateStyle: 'medium',
      timeStyle: 'medium',
      timeZone: 'UTC',
    });
    dateTimeFormats.set(lang, format);
  }
  return `${format.format(new Date(iso))} UTC`;
}

/** Net totals per currency in the auditor's language ("47,28 €, 100,00 $"); never added across currencies. */
export function netMoney(totals: readonly CurrencyTotalResponse[], lang: PageLanguage): string {
  return totals.length ? totals.map((t) => formatMoney(t.net, t.currency, lang)).join(', ') : '–';
}

/** Gross totals per currency, or null when some currency has none (a line states no VAT rate). */
export function grossMoney(totals: readonly CurrencyTotalResponse[], lang: PageLanguage): string | null {
  if (totals.length === 0 || totals.some((t) => t.gross === null)) return null;
  return totals.map((t) => formatMoney(t.gross as string, t.currency, lang)).join(', ');
}

/** A unit price with as many decimals as it has (an older posted 38.0252 stays 38,0252 €), at least the currency's. */
export function unitMoney(amount: string, currency: string, lang: PageLanguage): string {
  const decimals = (amount.split('.')[1] ?? '').replace(/0+$/, '').length;
  return formatMoney(amount, currency, lang, Math.max(currencyDigits(currency), decimals));
}
