import type { PageLanguage } from '../../../web/language';
import type { OidcRefusal } from './console-oidc.service';

/** What a refusal page says: a title, what happened, and what to do next. */
export interface RefusalText {
  title: string;
  text: (email: string) => string;
  hint: string;
}

/** The console's texts for single sign-on, in English and German. */
export interface ConsoleOidcMessages {
  /** The sign-in button: "Sign in with <provider name>" or "... with single sign-on". */
  button: (name: string | undefined) => string;
  intro: string;
  /** Below the button: the other way in. */
  orLink: string;
  /** Instead of the button while the provider cannot be reached. */
  unavailableNow: string;
  signedInTitle: string;
  signedIn: string;
  openConsole: string;
  /** The next step on the signed-out and sign-in-required pages when single sign-on is set up. */
  signInAgain: string;
  toSignIn: string;
  startAgain: string;
  refusals: Record<OidcRefusal, RefusalText>;
}

const EN: ConsoleOidcMessages = {
  button: (name) => `Sign in with ${name ?? 'single sign-on'}`,
  intro:
    "Sign in with your organization's account to the read-only compliance console. Only users with the role auditor get in.",
  orLink: 'No account there? Ask the administrator of your gateway for a one-time sign-in link.',
  unavailableNow:
    'Single sign-on is unavailable right now: the identity provider cannot be reached. Try again in a few minutes, or ask the administrator of your gateway for a one-time sign-in link.',
  signedInTitle: 'Signed in',
  signedIn: 'You are signed in to the compliance console.',
  openConsole: 'Open the console',
  signInAgain: 'To sign in again, use single sign-on on the sign-in page.',
  toSignIn: 'Go to the sign-in page',
  startAgain: 'Start again',
  refusals: {
    unavailable: {
      title: 'Single sign-on is unavailable',
      text: () => 'The identity provider cannot be reached right now. No console was opened.',
      hint: 'Try again in a few minutes, or ask the administrator of your gateway for a one-time sign-in link.',
    },
    attempt_unknown: {
      title: 'This sign-in cannot be completed',
      text: () =>
        'The answer of your identity provider does not belong to a sign-in started in this browser, or it was already used. No console was opened.',
      hint: 'Start again from the sign-in page, in the browser you want to use the console in.',
    },
    attempt_expired: {
      title: 'This sign-in took too long',
      text: () => 'Signing in must be completed within 10 minutes. No console was opened.',
      hint: 'Start again from the sign-in page.',
    },
    denied: {
      title: 'Sign-in was cancelled',
      text: () => 'Your identity provider did not sign you in. No console was opened.',
      hint: 'Start again from the sign-in page when you are ready.',
    },
    provider_error: {
      title: 'Single sign-on did not succeed',
      text: () => 'The answer of your identity provider could not be verified. No console was opened.',
      hint: 'Try again. If it keeps failing, tell the administrator of your gateway the time of your attempt.',
    },
    email_missing: {
      title: 'Your account has no e-mail address',
      text: () =>
        'Your identity provider did not tell the console your e-mail address, which it needs to know who you are. No console was opened.',
      hint: 'Ask the administrator of your identity provider to share your e-mail address with the compliance console.',
    },
    email_unverified: {
      title: 'Your e-mail address is not confirmed',
      text: (email) =>
        `Your identity provider has not confirmed that ${email} is yours, so the console cannot tell who you are. No console was opened.`,
      hint: 'Confirm your e-mail address with your identity provider, then start again.',
    },
    unknown_user: {
      title: 'No console access for this account',
      text: (email) =>
        `${email} is not an auditor of any organization in this gateway. No console was opened.`,
      hint: 'Ask the administrator of your gateway to give your user the role auditor.',
    },
    not_auditor: {
      title: 'No console access for this account',
      text: (email) =>
        `${email} is not an auditor of any organization in this gateway. No console was opened.`,
      hint: 'Ask the administrator of your gateway to give your user the role auditor.',
    },
    ambiguous: {
      title: 'Your e-mail address is an auditor in several organizations',
      text: (email) =>
        `${email} is an auditor in more than one organization, so single sign-on cannot tell which one to open. No console was opened.`,
      hint: 'Ask the administrator of your gateway for a one-time sign-in link to the organization you want to review.',
    },
  },
};

const DE: ConsoleOidcMessages = {
  button: (name) => `Anmelden mit ${name ?? 'Single Sign-on'}`,
  intro:
    'Melden Sie sich mit dem Konto Ihrer Organisation an der schreibgeschützten Compliance-Konsole an. Nur Benutzer mit der Rolle Auditor erhalten Zugang.',
  orLink: 'Kein Konto dort? Bitten Sie die Administration Ihres Gateways um einen Einmal-Anmeldelink.',
  unavailableNow:
    'Single Sign-on ist gerade nicht verfügbar: der Identitätsanbieter ist nicht erreichbar. Versuchen Sie es in einigen Minuten erneut, oder bitten Sie die Administration Ihres Gateways um einen Einmal-Anmeldelink.',
  signedInTitle: 'Angemeldet',
  signedIn: 'Sie sind an der Compliance-Konsole angemeldet.',
  openConsole: 'Konsole öffnen',
  signInAgain: 'Um sich erneut anzumelden, nutzen Sie Single Sign-on auf der Anmeldeseite.',
  toSignIn: 'Zur Anmeldeseite',
  startAgain: 'Neu beginnen',
  refusals: {
    unavailable: {
      title: 'Single Sign-on ist nicht verfügbar',
      text: () => 'Der Identitätsanbieter ist gerade nicht erreichbar. Es wurde keine Konsole geöffnet.',
      hint: 'Versuchen Sie es in einigen Minuten erneut, oder bitten Sie die Administration Ihres Gateways um einen Einmal-Anmeldelink.',
    },
    attempt_unknown: {
      title: 'Diese Anmeldung kann nicht abgeschlossen werden',
      text: () =>
        'Die Antwort Ihres Identitätsanbieters gehört zu keiner Anmeldung, die in diesem Browser begonnen wurde, oder sie wurde bereits verwendet. Es wurde keine Konsole geöffnet.',
      hint: 'Beginnen Sie erneut auf der Anmeldeseite, in dem Browser, in dem Sie die Konsole nutzen möchten.',
    },
    attempt_expired: {
      title: 'Diese Anmeldung hat zu lange gedauert',
      text: () =>
        'Die Anmeldung muss innerhalb von 10 Minuten abgeschlossen werden. Es wurde keine Konsole geöffnet.',
      hint: 'Beginnen Sie erneut auf der Anmeldeseite.',
    },
    denied: {
      title: 'Die Anmeldung wurde abgebrochen',
      text: () => 'Ihr Identitätsanbieter hat Sie nicht angemeldet. Es wurde keine Konsole geöffnet.',
      hint: 'Beginnen Sie erneut auf der Anmeldeseite, wenn Sie bereit sind.',
    },
    provider_error: {
      title: 'Single Sign-on ist fehlgeschlagen',
      text: () =>
        'Die Antwort Ihres Identitätsanbieters konnte nicht bestätigt werden. Es wurde keine Konsole geöffnet.',
      hint: 'Versuchen Sie es erneut. Wenn es weiter fehlschlägt, nennen Sie der Administration Ihres Gateways den Zeitpunkt Ihres Versuchs.',
    },
    email_missing: {
      title: 'Ihr Konto hat keine E-Mail-Adresse',
      text: () =>
        'Ihr Identitätsanbieter hat der Konsole Ihre E-Mail-Adresse nicht mitgeteilt; sie braucht sie, um Sie zu erkennen. Es wurde keine Konsole geöffnet.',
      hint: 'Bitten Sie die Administration Ihres Identitätsanbieters, Ihre E-Mail-Adresse für die Compliance-Konsole freizugeben.',
    },
    email_unverified: {
      title: 'Ihre E-Mail-Adresse ist nicht bestätigt',
      text: (email) =>
        `Ihr Identitätsanbieter hat nicht bestätigt, dass ${email} Ihnen gehört; die Konsole kann Sie daher nicht erkennen. Es wurde keine Konsole geöffnet.`,
      hint: 'Bestätigen Sie Ihre E-Mail-Adresse bei Ihrem Identitätsanbieter und beginnen Sie dann erneut.',
    },
    unknown_user: {
      title: 'Kein Konsolenzugang für dieses Konto',
      text: (email) =>
        `${email} ist in keiner Organisation dieses Gateways Auditor. Es wurde keine Konsole geöffnet.`,
      hint: 'Bitten Sie die Administration Ihres Gateways, Ihrem Benutzer die Rolle Auditor zu geben.',
    },
    not_auditor: {
      title: 'Kein Konsolenzugang für dieses Konto',
      text: (email) =>
        `${email} ist in keiner Organisation dieses Gateways Auditor. Es wurde keine Konsole geöffnet.`,
      hint: 'Bitten Sie die Administration Ihres Gateways, Ihrem Benutzer die Rolle Auditor zu geben.',
    },
    ambiguous: {
      title: 'Ihre E-Mail-Adresse ist in mehreren Organisationen Auditor',
      text: (email) =>
        `${email} ist in mehr als einer Organisation Auditor; Single Sign-on kann daher nicht wählen, welche geöffnet wird. Es wurde keine Konsole geöffnet.`,
      hint: 'Bitten Sie die Administration Ihres Gateways um einen Einmal-Anmeldelink für die Organisation, die Sie prüfen möchten.',
    },
  },
};

export function consoleOidcMessages(lang: PageLanguage): ConsoleOidcMessages {
  return lang === 'de' ? DE : EN;
}
