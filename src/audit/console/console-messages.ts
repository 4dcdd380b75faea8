import type { PageLanguage } from '../../web/language';
import type { PunchoutStatusName, SessionOutcome } from '../review/session-record';

/** Every text of the compliance console, in English and German. */
export interface ConsoleMessages {
  consoleTitle: string;
  nav: { dashboard: string; sessions: string; label: string };
  signedInAs: (email: string) => string;
  signOut: string;
  signIn: {
    title: string;
    intro: string;
    button: string;
    usedTitle: string;
    used: string;
    expiredTitle: string;
    expired: string;
    unknownTitle: string;
    unknown: string;
    howToGetLink: string;
    signedOutTitle: string;
    signedOut: string;
    requiredTitle: string;
    required: string;
  };
  dashboard: {
    title: string;
    chartTitle: string;
    chartDesc: (days: number) => string;
    tableSummary: string;
    day: string;
    total: string;
    verificationTitle: string;
    intact: (checked: number, sequence: number) => string;
    empty: string;
    broken: (sequence: number | undefined) => string;
    notVerified: (sequence: number) => string;
    verifyNow: string;
    headHash: string;
    exportTitle: string;
    exportIntro: string;
    from: string;
    to: string;
    exportJsonl: string;
    exportCsv: string;
    exportInvalid: string;
    allSessions: string;
  };
  sessions: {
    title: string;
    filters: string;
    from: string;
    to: string;
    email: string;
    status: string;
    anyStatus: string;
    productId: string;
    apply: string;
    reset: string;
    created: string;
    buyer: string;
    product: string;
    outcome: string;
    items: string;
    total: string;
    none: string;
    next: string;
    first: string;
    caption: string;
    invalid: string;
  };
  session: {
    title: (publicId: string) => string;
    back: string;
    summary: string;
    status: string;
    buyer: string;
    product: string;
    callbackUrl: string;
    created: string;
    opened: string;
    closed: string;
    closeReason: string;
    postedCart: string;
    postedCartCaption: string;
    nothingPosted: string;
    emptyCartPosted: string;
    line: string;
    description: string;
    quantity: string;
    unit: string;
    price: string;
    currency: string;
    vendorMaterial: string;
    longText: string;
    otherFields: string;
    allFields: string;
    fieldName: string;
    fieldValue: string;
    cart: string;
    cartCaption: string;
    vendor: string;
    unitPrice: string;
    lineTotal: string;
    emptyCart: string;
    timeline: string;
    actor: string;
    details: string;
    hash: string;
    notFoundTitle: string;
    notFound: string;
  };
  outcomes: Record<SessionOutcome, string>;
  statuses: Record<PunchoutStatusName, string>;
  eventTypes: Record<string, string>;
}

const EN: ConsoleMessages = {
  consoleTitle: 'Compliance console',
  nav: { dashboard: 'Dashboard', sessions: 'Punchout sessions', label: 'Console' },
  signedInAs: (email) => `Signed in as ${email}`,
  signOut: 'Sign out',
  signIn: {
    title: 'Sign in to the compliance console',
    intro: 'This one-time link signs you in to the read-only compliance console of your organization.',
    button: 'Sign in',
    usedTitle: 'This sign-in link was already used',
    used: 'Each sign-in link works once. No console was opened.',
    expiredTitle: 'This sign-in link has expired',
    expired: 'Sign-in links work for 10 minutes. No console was opened.',
    unknownTitle: 'This sign-in link is not valid',
    unknown: 'The link is incomplete or unknown. No console was opened.',
    howToGetLink:
      'To sign in, ask the administrator of your gateway for a new sign-in link. Each link works once, for 10 minutes.',
    signedOutTitle: 'Signed out',
    signedOut: 'Your console session has ended.',
    requiredTitle: 'Sign-in required',
    required: 'You are not signed in, or your console session ended after 30 minutes without activity.',
  },
  dashboard: {
    title: 'Dashboard',
    chartTitle: 'Punchout sessions per day by outcome',
    chartDesc: (days) =>
      `Stacked bars, one per day for the last ${days} days (UTC); the table below has the same numbers.`,
    tableSummary: 'Show the numbers as a table',
    day: 'Day',
    total: 'Total',
    verificationTitle: 'Audit chain verification',
    intact: (checked, sequence) =>
      `Intact: all ${checked} events verified from event 1 to the head at sequence ${sequence}.`,
    empty: 'No audit events have been recorded yet.',
    broken: (sequence) =>
      sequence === undefined
        ? 'Broken: the chain does not verify.'
        : `Broken: the chain does not verify at event ${sequence}.`,
    notVerified: (sequence) =>
      `The chain has ${sequence} events; it is verified on request to keep this page fast.`,
    verifyNow: 'Verify the whole chain now',
    headHash: 'Head hash',
    exportTitle: 'Export',
    exportIntro:
      'Download the events for offline verification (docs/audit.md). Leave the dates empty for the whole chain.',
    from: 'From (UTC day)',
    to: 'To (UTC day, inclusive)',
    exportJsonl: 'Download JSON Lines',
    exportCsv: 'Download CSV',
    exportInvalid:
      'The export needs the format JSON Lines or CSV, and days (YYYY-MM-DD) with from not after to.',
    allSessions: 'All punchout sessions',
  },
  sessions: {
    title: 'Punchout sessions',
    filters: 'Filters',
    from: 'Created from (UTC day)',
    to: 'Created to (UTC day, inclusive)',
    email: "Buyer's e-mail",
    status: 'Status',
    anyStatus: 'Any status',
    productId: 'Product id',
    apply: 'Apply filters',
    reset: 'Reset',
    created: 'Created (UTC)',
    buyer: 'Buyer',
    product: 'Product',
    outcome: 'Outcome',
    items: 'Items',
    total: 'Cart total',
    none: 'No punchout sessions match these filters.',
    next: 'Next page',
    first: 'First page',
    caption: 'Punchout sessions, newest first',
    invalid: 'Please correct the filters:',
  },
  session: {
    title: (publicId) => `Punchout session ${publicId}`,
    back: 'Back to the sessions',
    summary: 'Summary',
    status: 'Status',
    buyer: 'Buyer',
    product: 'Product',
    callbackUrl: 'Callback URL (HOOK_URL)',
    created: 'Created',
    opened: 'Opened',
    closed: 'Closed',
    closeReason: 'Reason',
    postedCart: 'Cart posted to the procurement system',
    postedCartCaption: 'Lines as posted (OCI fields or cXML ItemIn)',
    nothingPosted: 'Nothing was posted back to the procurement system.',
    emptyCartPosted: 'An empty cart was posted back (no NEW_ITEM lines).',
    line: 'Line',
    description: 'Description',
    quantity: 'Quantity',
    unit: 'Unit',
    price: 'Price',
    currency: 'Currency',
    vendorMaterial: 'Vendor material',
    longText: 'Long text',
    otherFields: 'Other fields',
    allFields: 'All posted fields, exactly as sent',
    fieldName: 'Field',
    fieldValue: 'Value',
    cart: 'Cart in the gateway',
    cartCaption: 'Cart lines as stored',
    vendor: 'Vendor',
    unitPrice: 'Unit price',
    lineTotal: 'Line total',
    emptyCart: 'The cart is empty.',
    timeline: 'Timeline',
    actor: 'Actor',
    details: 'Details',
    hash: 'Hash',
    notFoundTitle: 'Session not found',
    notFound: 'There is no punchout session with this id in your organization.',
  },
  outcomes: {
    transferred: 'Transferred',
    cancelled: 'Cancelled',
    expired: 'Expired',
    failed: 'Failed',
    open: 'Open',
  },
  statuses: {
    CREATED: 'Created',
    OPENED: 'Opened',
    TRANSFERRED: 'Transferred',
    CANCELLED: 'Cancelled',
    EXPIRED: 'Expired',
    FAILED: 'Failed',
  },
  eventTypes: {
    'punchout.created': 'Session created',
    'punchout.opened': 'Opened in the browser',
    'punchout.cart_changed': 'Cart changed',
    'punchout.offer_refused': 'Blocked offer refused',
    'punchout.transferred': 'Cart transferred',
    'punchout.cancelled': 'Cancelled',
    'punchout.expired': 'Expired',
    'punchout.failed': 'Failed',
  },
};

const DE: ConsoleMessages = {
  consoleTitle: 'Compliance-Konsole',
  nav: { dashboard: 'Übersicht', sessions: 'Punchout-Sitzungen', label: 'Konsole' },
  signedInAs: (email) => `Angemeldet als ${email}`,
  signOut: 'Abmelden',
  signIn: {
    title: 'Anmeldung an der Compliance-Konsole',
    intro:
      'Dieser Einmal-Link meldet Sie an der schreibgeschützten Compliance-Konsole Ihrer Organisation an.',
    button: 'Anmelden',
    usedTitle: 'Dieser Anmeldelink wurde bereits verwendet',
    used: 'Jeder Anmeldelink funktioniert nur einmal. Es wurde keine Konsole geöffnet.',
    expiredTitle: 'Dieser Anmeldelink ist abgelaufen',
    expired: 'Anmeldelinks gelten 10 Minuten. Es wurde keine Konsole geöffnet.',
    unknownTitle: 'Dieser Anmeldelink ist ungültig',
    unknown: 'Der Link ist unvollständig oder unbekannt. Es wurde keine Konsole geöffnet.',
    howToGetLink:
      'Zum Anmelden bitten Sie die Administration Ihres Gateways um einen neuen Anmeldelink. Jeder Link gilt einmal, 10 Minuten lang.',
    signedOutTitle: 'Abgemeldet',
    signedOut: 'Ihre Konsolensitzung wurde beendet.',
    requiredTitle: 'Anmeldung erforderlich',
    required: 'Sie sind nicht angemeldet, oder Ihre Konsolensitzung endete nach 30 Minuten ohne Aktivität.',
  },
  dashboard: {
    title: 'Übersicht',
    chartTitle: 'Punchout-Sitzungen pro Tag nach Ergebnis',
    chartDesc: (days) =>
      `Gestapelte Balken, einer pro Tag der letzten ${days} Tage (UTC); die Tabelle darunter enthält dieselben Zahlen.`,
    tableSummary: 'Zahlen als Tabelle anzeigen',
    day: 'Tag',
    total: 'Gesamt',
    verificationTitle: 'Prüfung der Audit-Kette',
    intact: (checked, sequence) =>
      `Unversehrt: alle ${checked} Ereignisse von Ereignis 1 bis zum Kopf bei Nummer ${sequence} geprüft.`,
    empty: 'Es wurden noch keine Audit-Ereignisse aufgezeichnet.',
    broken: (sequence) =>
      sequence === undefined
        ? 'Beschädigt: die Kette lässt sich nicht bestätigen.'
        : `Beschädigt: die Kette bricht bei Ereignis ${sequence}.`,
    notVerified: (sequence) =>
      `Die Kette hat ${sequence} Ereignisse; sie wird auf Anforderung geprüft, damit diese Seite schnell bleibt.`,
    verifyNow: 'Ganze Kette jetzt prüfen',
    headHash: 'Hash des Kopfes',
    exportTitle: 'Export',
    exportIntro:
      'Laden Sie die Ereignisse zur Offline-Prüfung herunter (docs/audit.md). Ohne Datum wird die ganze Kette exportiert.',
    from: 'Von (Tag, UTC)',
    to: 'Bis (Tag, UTC, einschließlich)',
    exportJsonl: 'JSON Lines herunterladen',
    exportCsv: 'CSV herunterladen',
    exportInvalid:
      'Der Export braucht das Format JSON Lines oder CSV und Tage (JJJJ-MM-TT), von nicht nach bis.',
    allSessions: 'Alle Punchout-Sitzungen',
  },
  sessions: {
    title: 'Punchout-Sitzungen',
    filters: 'Filter',
    from: 'Erstellt ab (Tag, UTC)',
    to: 'Erstellt bis (Tag, UTC, einschließlich)',
    email: 'E-Mail des Einkäufers',
    status: 'Status',
    anyStatus: 'Jeder Status',
    productId: 'Produkt-ID',
    apply: 'Filter anwenden',
    reset: 'Zurücksetzen',
    created: 'Erstellt (UTC)',
    buyer: 'Einkäufer',
    product: 'Produkt',
    outcome: 'Ergebnis',
    items: 'Positionen',
    total: 'Warenkorbsumme',
    none: 'Keine Punchout-Sitzung passt zu diesen Filtern.',
    next: 'Nächste Seite',
    first: 'Erste Seite',
    caption: 'Punchout-Sitzungen, neueste zuerst',
    invalid: 'Bitte korrigieren Sie die Filter:',
  },
  session: {
    title: (publicId) => `Punchout-Sitzung ${publicId}`,
    back: 'Zurück zu den Sitzungen',
    summary: 'Zusammenfassung',
    status: 'Status',
    buyer: 'Einkäufer',
    product: 'Produkt',
    callbackUrl: 'Rücksprung-URL (HOOK_URL)',
    created: 'Erstellt',
    opened: 'Geöffnet',
    closed: 'Beendet',
    closeReason: 'Grund',
    postedCart: 'An das Beschaffungssystem gesendeter Warenkorb',
    postedCartCaption: 'Positionen wie gesendet (OCI-Felder oder cXML-ItemIn)',
    nothingPosted: 'Es wurde nichts an das Beschaffungssystem gesendet.',
    emptyCartPosted: 'Ein leerer Warenkorb wurde gesendet (keine NEW_ITEM-Positionen).',
    line: 'Position',
    description: 'Beschreibung',
    quantity: 'Menge',
    unit: 'Einheit',
    price: 'Preis',
    currency: 'Währung',
    vendorMaterial: 'Lieferantenmaterial',
    longText: 'Langtext',
    otherFields: 'Weitere Felder',
    allFields: 'Alle gesendeten Felder, genau wie gesendet',
    fieldName: 'Feld',
    fieldValue: 'Wert',
    cart: 'Warenkorb im Gateway',
    cartCaption: 'Gespeicherte Warenkorbpositionen',
    vendor: 'Lieferant',
    unitPrice: 'Stückpreis',
    lineTotal: 'Positionssumme',
    emptyCart: 'Der Warenkorb ist leer.',
    timeline: 'Verlauf',
    actor: 'Akteur',
    details: 'Details',
    hash: 'Hash',
    notFoundTitle: 'Sitzung nicht gefunden',
    notFound: 'In Ihrer Organisation gibt es keine Punchout-Sitzung mit dieser ID.',
  },
  outcomes: {
    transferred: 'Übertragen',
    cancelled: 'Abgebrochen',
    expired: 'Abgelaufen',
    failed: 'Fehlgeschlagen',
    open: 'Offen',
  },
  statuses: {
    CREATED: 'Erstellt',
    OPENED: 'Geöffnet',
    TRANSFERRED: 'Übertragen',
    CANCELLED: 'Abgebrochen',
    EXPIRED: 'Abgelaufen',
    FAILED: 'Fehlgeschlagen',
  },
  eventTypes: {
    'punchout.created': 'Sitzung erstellt',
    'punchout.opened': 'Im Browser geöffnet',
    'punchout.cart_changed': 'Warenkorb geändert',
    'punchout.offer_refused': 'Gesperrtes Angebot abgelehnt',
    'punchout.transferred': 'Warenkorb übertragen',
    'punchout.cancelled': 'Abgebrochen',
    'punchout.expired': 'Abgelaufen',
    'punchout.failed': 'Fehlgeschlagen',
  },
};

export function consoleMessages(lang: PageLanguage): ConsoleMessages {
  return lang === 'de' ? DE : EN;
}
