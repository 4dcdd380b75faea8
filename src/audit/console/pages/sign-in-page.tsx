import type { PageLanguage } from '../../../web/language';
import type { ConsoleMessages } from '../console-messages';
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
