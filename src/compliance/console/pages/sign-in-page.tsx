import type { PageLanguage } from '../../../web/language';
import type { ConsoleMessages } from '../console-messages';
import type { ConsoleOidcMessages } from '../oidc/console-oidc.messages';
import { CONSOLE_PATH, ConsoleFrame } from './console-frame';

/**
 * The link's landing page: a button that spends the link with a POST. Opening the link (a GET) never
 * spends it, so mail scanners and link previews that fetch URLs cannot burn an auditor's link.
 */
export function SignInPage(props: { lang: PageLanguage; text: ConsoleMessages; token: string }) {
  const { text } = props;
  return (
    <ConsoleFrame lang={props.lang} text={text} title={text.signIn.title}>
      <h1>{text.signIn.title}</h1>
      <p>{text.signIn.intro}</p>
      <form method="post" action={`${CONSOLE_PATH}/sign-in`}>
        <input type="hidden" name="token" value={props.token} />
        <button type="submit">{text.signIn.button}</button>
      </form>
    </ConsoleFrame>
  );
}

/**
 * The sign-in page when single sign-on is set up: one button that starts it (a POST, checked for
 * login CSRF like the link's), or a notice while the identity provider cannot be reached.
 */
export function SingleSignOnPage(props: {
  lang: PageLanguage;
  text: ConsoleMessages;
  sso: ConsoleOidcMessages;
  providerName: string | undefined;
  available: boolean;
}) {
  const { text, sso } = props;
  return (
    <ConsoleFrame lang={props.lang} text={text} title={text.signIn.title}>
      <h1>{text.signIn.title}</h1>
      <p>{sso.intro}</p>
      {props.available ? (
        <form method="post" action={`${CONSOLE_PATH}/oidc/start`} class="sign-in-form">
          <button type="submit">{sso.button(props.providerName)}</button>
        </form>
      ) : (
        <div class="notice warn" data-notice="warn">
          <p class="page-message">{sso.unavailableNow}</p>
        </div>
      )}
      <p class="muted">{sso.orLink}</p>
    </ConsoleFrame>
  );
}
