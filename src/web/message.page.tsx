import type { ComponentChildren } from 'preact';
import type { PageLanguage } from './language';
import { Layout } from './layout';
import type { PageMessage } from './page-error';

export interface MessagePageProps extends PageMessage {
  lang: PageLanguage;
  /** The browser tab's title, when it says more than the heading (the console adds its name). */
  documentTitle?: string;
  /** The area's look: its stylesheets, scripts and header. */
  styles?: string[];
  scripts?: string[];
  header?: ComponentChildren;
  /** Below the text: an action (a punchout's return form). */
  children?: ComponentChildren;
  /** Support reference of an error: its code and the request id. */
  reference?: { code: string; requestId: string };
}

/**
 * Every page that only explains something, in every page area: not found, link used or expired,
 * session over, signed out, any error. With `kind` the text sits in a notice box of that tone.
 */
export function MessagePage(props: MessagePageProps) {
  const body = (
    <>
      <p class="page-message">{props.text}</p>
      {props.hint ? <p class="muted">{props.hint}</p> : null}
    </>
  );
  return (
    <Layout
      lang={props.lang}
      title={props.documentTitle ?? props.title}
      styles={props.styles}
      scripts={props.scripts}
      header={props.header}
    >
      <h1>{props.title}</h1>
      {props.kind ? (
        <div class={`notice ${props.kind}`} data-notice={props.kind}>
          {body}
        </div>
      ) : (
        body
      )}
      {props.children}
      {props.link ? (
        <p>
          <a href={props.link.href}>{props.link.label}</a>
        </p>
      ) : null}
      {props.reference ? (
        <p class="error-reference">
          <code>{props.reference.code}</code> · <code>{props.reference.requestId}</code>
        </p>
      ) : null}
    </Layout>
  );
}
