import type { ComponentChildren } from 'preact';
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
  current?: 'dashboard' | 'sessions' | 'administration';
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

/** "2026-11-23T10:15:00.000Z" as "2026-11-23 10:15:00 UTC": unambiguous for auditors in any locale. */
export function utc(iso: string | null | undefined): string {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC` : '–';
}

export function money(totals: Array<{ currency: string; amount: string }>): string {
  return totals.length ? totals.map((t) => `${t.amount} ${t.currency}`).join(', ') : '–';
}
