import type { PageLanguage } from '../../web/language';
import type { PageMessage } from '../../web/page-error';
import { consoleMessages } from './console-messages';
import { CONSOLE_SIGN_IN_PATH } from './console-sign-in.service';
import { consoleOidcMessages } from './oidc/console-oidc.messages';

/**
 * What a signed-out auditor does to get (back) in, on every page that ends or refuses a console:
 * single sign-on's page where it is set up, otherwise ask for a one-time link.
 */
export function nextStep(lang: PageLanguage, sso: boolean): Pick<PageMessage, 'hint' | 'link'> {
  if (!sso) return { hint: consoleMessages(lang).signIn.howToGetLink };
  const text = consoleOidcMessages(lang);
  return { hint: text.signInAgain, link: { href: CONSOLE_SIGN_IN_PATH, label: text.toSignIn } };
}
