import { categoryName, CONDITION_NAMES } from '../../catalog/catalog.messages';
import type { GuidanceEffect, GuidanceMatcher, UserRole } from '../../generated/prisma/enums';
import type { PageLanguage } from '../../web/language';
import type { PunchoutStatusName, SessionOutcome } from '../review/session-record';

/** Every text of the compliance console, in English and German. */
export interface ConsoleMessages {
  consoleTitle: string;
  nav: { dashboard: string; sessions: string; orders: string; administration: string; label: string };
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
    /** When and how far the last walk from event 1 went. */
    wholeWalk: (upTo: number, at: string) => string;
    /** The events appended since that walk, checked as the dashboard was viewed. */
    checkedSince: (from: number, to: number, at: string) => string;
    /** The first walk has not ended yet. */
    firstWalkRunning: (head: number) => string;
    wholeWalkRunning: string;
    /** How often the whole chain is walked again. */
    wholeWalkEvery: (minutes: number) => string;
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
    reference: string;
    productFilter: string;
    protocol: string;
    anyProtocol: string;
    exportIntro: string;
    apply: string;
    reset: string;
    created: string;
    buyer: string;
    product: string;
    outcome: string;
    items: string;
    total: string;
    grossTotal: (amount: string) => string;
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
    priceUnit: (quantity: number) => string;
    vat: string;
    vatRate: (rate: string) => string;
    vatNotStated: string;
    lineTotal: string;
    netTotal: string;
    vatAt: (rate: string) => string;
    grossTotal: string;
    vatMissing: string;
    olderPrices: string;
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
  protocols: Record<string, string>;
  administration: {
    title: string;
    intro: string;
    filters: string;
    type: string;
    anyType: string;
    actor: string;
    actorHint: string;
    from: string;
    to: string;
    time: string;
    who: string;
    what: string;
    position: string;
    caption: string;
    none: string;
    /** A change made on the operator command line (`cli:<OS user>@<host>`): "Command line (root@vm)". */
    commandLine: (who: string) => string;
    /** A change the gateway made on its own (`system:<task>`), the task in words. */
    gateway: (task: string) => string;
    systemTasks: Record<string, string>;
    unknownActor: string;
    exportIntro: string;
  };
  summaries: AdministrationSummaries;
  timeline: TimelineMessages;
  figures: {
    periodTitle: string;
    from: string;
    to: string;
    show: string;
    periodInvalid: (maxDays: number) => string;
    period: (from: string, to: string) => string;
    spendTitle: string;
    spendDesc: (currency: string) => string;
    /** The period's net spend in one currency: the sum of the days below it. */
    periodTotal: (amount: string) => string;
    spendTable: string;
    net: string;
    noSpend: string;
    policyTitle: string;
    refusedOffers: string;
    removedAtTransfer: string;
    preferredShare: string;
    preferredOf: (preferred: number, lines: number) => string;
    vendorsTitle: string;
    vendor: string;
    lines: string;
    noVendors: string;
    unknownVendor: string;
  };
}

/** One readable sentence per punchout event of a session's timeline. */
export interface TimelineMessages {
  added: (name: string, quantity: number) => string;
  restored: (name: string, quantity: number) => string;
  quantityChanged: (name: string, from: number, to: number) => string;
  removed: (name: string) => string;
  removedAtTransfer: (name: string, reason: string) => string;
  repriced: (name: string, from: string, to: string) => string;
  /** An amount recorded as THE unit price (net): "€38.03 net". */
  netAmount: (amount: string) => string;
  refused: (name: string, vendor: string, quantity: number | null, via: string) => string;
  refusedBy: string;
  unknownRule: (id: string) => string;
  via: Record<string, string>;
  reasons: Record<string, string>;
  created: (protocol: string) => string;
  opened: string;
  transferred: (lines: number) => string;
  cancelled: string;
  ended: (reason: string) => string;
}

/** One readable sentence per administration event (values already quoted by the caller where text). */
export interface AdministrationSummaries {
  ruleAdded: (rule: string, note: string | null) => string;
  supplierAdded: (name: string, slug: string) => string;
  /** `products`: created + updated + unchanged; `error` when the file could not be used. */
  catalogImported: (
    format: string,
    supplier: string,
    organization: string,
    products: number,
    rejected: number,
    error: string | null,
  ) => string;
  ruleDisabled: (rule: string, note: string | null) => string;
  rule: (effect: string, matcher: string, value: string) => string;
  /** A word for each guidance effect and matcher (the database's enums); recorded payloads may name others. */
  effects: Record<GuidanceEffect, string> & Partial<Record<string, string>>;
  matchers: Record<GuidanceMatcher, string> & Partial<Record<string, string>>;
  /** A rule's value as the reader names it (a category's or condition's name), others as recorded. */
  ruleValue: (matcher: string, value: string) => string;
  roles: Record<UserRole, string> & Partial<Record<string, string>>;
  clientCreated: (client: string, origins: string) => string;
  clientRevoked: (client: string, tokens: number) => string;
  clientSecretRotated: (client: string, validUntil: string | null) => string;
  clientPunchoutSecretSet: (client: string, replaced: boolean) => string;
  clientOriginsChanged: (client: string, added: string, removed: string) => string;
  clientSettingsChanged: (client: string, from: string, to: string) => string;
  userAdded: (user: string, roles: string) => string;
  userDisabled: (user: string, tokens: number) => string;
  userEnabled: (user: string) => string;
  userRolesChanged: (user: string, from: string, to: string) => string;
  tokensRevoked: (user: string, count: number) => string;
  signedIn: (user: string, method: string) => string;
  signInRefused: (email: string, method: string, reason: string) => string;
  methods: Record<string, string>;
  refusals: Record<string, string>;
  none: string;
}

const liveTokensEn = (n: number) => `${n} live ${n === 1 ? 'token' : 'tokens'}`;
const validTokensDe = (n: number) => `${n} ${n === 1 ? 'gültiges Token' : 'gültige Tokens'}`;

/** A rule's value in `lang`: a built-in category's or a condition's name, anything else as recorded. */
const ruleValueIn =
  (lang: PageLanguage) =>
  (matcher: string, value: string): string => {
    if (matcher === 'category') return categoryName(value, lang);
    if (matcher === 'condition') return CONDITION_NAMES[value]?.[lang] ?? value;
    return value;
  };

const EN: ConsoleMessages = {
  consoleTitle: 'Compliance console',
  nav: {
    dashboard: 'Dashboard',
    sessions: 'Punchout sessions',
    orders: 'Orders',
    administration: 'Administration',
    label: 'Console',
  },
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
    wholeWalk: (upTo, at) => `Whole chain walked from event 1 to ${upTo} on ${at}.`,
    checkedSince: (from, to, at) =>
      from === to
        ? `Event ${from}, appended since, checked on ${at}.`
        : `Events ${from} to ${to}, appended since, checked on ${at}.`,
    firstWalkRunning: (head) =>
      `The chain of ${head} events is being verified in the background; reload this page in a moment.`,
    wholeWalkRunning: 'A walk of the whole chain is running in the background.',
    wholeWalkEvery: (minutes) =>
      `Page views check the events appended since; the whole chain is walked again after ${minutes} minutes, or now:`,
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
    reference: 'Reference (PO-...)',
    productFilter: 'Product (id or name)',
    protocol: 'Started through',
    anyProtocol: 'Any way',
    exportIntro: 'Download the sessions that match these filters (all pages):',
    apply: 'Apply filters',
    reset: 'Reset',
    created: 'Created (UTC)',
    buyer: 'Buyer',
    product: 'Product',
    outcome: 'Outcome',
    items: 'Items',
    total: 'Cart total (net)',
    grossTotal: (amount) => `${amount} incl. VAT`,
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
    price: 'Unit price (net, as posted)',
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
    unitPrice: 'Unit price (net)',
    priceUnit: (quantity) => `per ${quantity}`,
    vat: 'VAT',
    vatRate: (rate) => `${rate}%`,
    vatNotStated: 'not stated',
    lineTotal: 'Line total (net)',
    netTotal: 'Net total',
    vatAt: (rate) => `VAT ${rate}%`,
    grossTotal: 'Total incl. VAT',
    vatMissing: 'No total including VAT: some lines do not state their VAT rate.',
    olderPrices:
      'This cart was posted before unit prices were rounded to the cent: its unit prices are shown with the four decimals they were posted with, and each line total is rounded once.',
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
    'punchout.oci_call': 'OCI call-up',
    'punchout.cxml_setup': 'cXML setup',
    'guidance.rule_added': 'Guidance rule added',
    'guidance.rule_disabled': 'Guidance rule disabled',
    'supplier.added': 'Supplier added',
    'catalog.imported': 'Catalog imported',
    'client.created': 'Client created',
    'client.revoked': 'Client revoked',
    'client.secret_rotated': 'Client secret rotated',
    'client.punchout_secret_set': 'Punchout secret set',
    'client.origins_changed': 'Callback origins changed',
    'client.punchout_settings_changed': 'Punchout settings changed',
    'user.added': 'User added',
    'user.disabled': 'User disabled',
    'user.enabled': 'User enabled',
    'user.role_changed': 'Roles changed',
    'token.revoked': 'Tokens revoked',
    'console.signed_in': 'Console sign-in',
    'console.sign_in_refused': 'Console sign-in refused',
    'order.received': 'Purchase order received',
    'order.refused': 'Purchase order refused',
    'order.delivered': 'Purchase order delivered to the supplier',
    'order.delivery_failed': 'Purchase order delivery failed',
  },
  protocols: { rest: 'REST API', 'oci-callup': 'OCI call-up (SAP)', cxml: 'cXML (Coupa, Ariba, ...)' },
  administration: {
    title: 'Administration',
    intro:
      'Every change to buying guidance, users, roles and clients, newest first: who made it, when, and its position in the audit chain.',
    filters: 'Filter changes',
    type: 'Kind of change',
    anyType: 'Any change',
    actor: 'Made by',
    actorHint: 'E-mail or operator name, or part of it',
    from: 'From (day, UTC)',
    to: 'Until (day, UTC, inclusive)',
    time: 'Time (UTC)',
    who: 'Made by',
    what: 'Change',
    position: 'Chain position',
    caption: 'Administration changes, newest first',
    none: 'No change matches these filters.',
    commandLine: (who) => `Command line (${who})`,
    gateway: (task) => `Gateway (${task})`,
    systemTasks: { 'demo-seed': 'demo data at first start' },
    unknownActor: 'Unknown',
    exportIntro: 'Download the changes that match these filters:',
  },
  summaries: {
    ruleAdded: (rule, note) => `Added rule: ${rule}${note ? ` — note: ${note}` : ''}`,
    supplierAdded: (name, slug) => `Added supplier ${name} (${slug})`,
    catalogImported: (format, supplier, organization, products, rejected, error) =>
      error
        ? `Did not import ${format} from ${supplier} for ${organization}: ${error}`
        : `Imported ${format} from ${supplier} for ${organization}: ${new Intl.NumberFormat('en').format(products)} products, ${new Intl.NumberFormat('en').format(rejected)} rejected`,
    ruleDisabled: (rule, note) => `Disabled rule: ${rule}${note ? ` — note: ${note}` : ''}`,
    rule: (effect, matcher, value) => `${effect} ${matcher} '${value}'`,
    effects: { blocked: 'block', preferred: 'prefer' },
    ruleValue: ruleValueIn('en'),
    roles: { buyer: 'buyer', admin: 'administrator', auditor: 'auditor' },
    matchers: {
      vendor: 'vendor',
      product: 'product',
      product_code: 'product code',
      brand: 'brand',
      category: 'category',
      unspsc_prefix: 'UNSPSC class',
      condition: 'condition',
      price_above: 'prices above',
    },
    clientCreated: (client, origins) =>
      `Created client ${client}${origins ? `; callback origins: ${origins}` : ''}`,
    clientRevoked: (client, tokens) => `Revoked client ${client}; ${liveTokensEn(tokens)} ended`,
    clientSecretRotated: (client, validUntil) =>
      `Rotated the secret of client ${client}${validUntil ? `; the previous one works until ${validUntil}` : '; the previous one stopped at once'}`,
    clientPunchoutSecretSet: (client, replaced) =>
      replaced
        ? `Replaced the punchout secret of client ${client}`
        : `Set a punchout secret for client ${client}`,
    clientOriginsChanged: (client, added, removed) =>
      `Callback origins of client ${client}:${added ? ` added ${added}` : ''}${added && removed ? ';' : ''}${removed ? ` removed ${removed}` : ''}`,
    clientSettingsChanged: (client, from, to) => `cXML encoding of client ${client}: ${from} → ${to}`,
    userAdded: (user, roles) => `Added user ${user} with roles ${roles}`,
    userDisabled: (user, tokens) => `Disabled user ${user}; ${liveTokensEn(tokens)} ended`,
    userEnabled: (user) => `Enabled user ${user} again`,
    userRolesChanged: (user, from, to) => `Roles of ${user}: ${from} → ${to}`,
    tokensRevoked: (user, count) => `Ended ${liveTokensEn(count)} of ${user}`,
    signedIn: (user, method) => `${user} signed in to the compliance console (${method})`,
    signInRefused: (email, method, reason) => `Console sign-in of ${email} refused (${method}): ${reason}`,
    methods: { link: 'one-time link', oidc: 'single sign-on' },
    refusals: {
      email_unverified: 'the identity provider has not verified the e-mail',
      not_auditor: 'the user does not have the role auditor',
      ambiguous: 'the e-mail belongs to auditors of several organizations',
    },
    none: 'none',
  },
  timeline: {
    added: (name, quantity) => `Added '${name}' × ${quantity}`,
    restored: (name, quantity) => `Taken over from the procurement system's cart: '${name}' × ${quantity}`,
    quantityChanged: (name, from, to) => `Quantity of '${name}': ${from} → ${to}`,
    removed: (name) => `Removed '${name}'`,
    removedAtTransfer: (name, reason) => `Removed at transfer: '${name}' (${reason})`,
    repriced: (name, from, to) => `Price of '${name}' updated at transfer: ${from} → ${to}`,
    netAmount: (amount) => `${amount} net`,
    refused: (name, vendor, quantity, via) =>
      `Refused '${name}' from ${vendor}${quantity !== null ? ` × ${quantity}` : ''} ${via}`,
    refusedBy: 'Blocked by',
    unknownRule: (id) => `rule ${id} (not found)`,
    via: {
      add: 'when the buyer added it',
      transfer: 'at transfer',
      setup: "from the procurement system's cart",
    },
    reasons: {
      offer_gone: 'no longer in the catalog',
      quantity_out_of_range: "quantity outside the offer's limits",
    },
    created: (protocol) => `Session created through the ${protocol}`,
    opened: "Opened in the buyer's browser",
    transferred: (lines) =>
      `Cart with ${lines} ${lines === 1 ? 'line' : 'lines'} sent to the procurement system`,
    cancelled: 'Cancelled by the buyer',
    ended: (reason) => `Ended: ${reason}`,
  },
  figures: {
    periodTitle: 'Period',
    from: 'From (UTC day)',
    to: 'To (UTC day, inclusive)',
    show: 'Show',
    periodInvalid: (maxDays) =>
      `Choose a period of whole days, the first not after the last, at most ${maxDays} days long.`,
    period: (from, to) => `${from} to ${to} (UTC)`,
    spendTitle: 'Net spend transferred per day',
    spendDesc: (currency) =>
      `Bars, one per day: the net value (excluding VAT) of the carts transferred that day in ${currency}; the table below has the same numbers.`,
    spendTable: 'Show the spend as a table',
    net: 'Net',
    noSpend: 'No cart was transferred in this period.',
    periodTotal: (amount) => `Net spend in this period: ${amount} (excl. VAT)`,
    policyTitle: 'Buying guidance at work',
    refusedOffers: 'Blocked offers refused',
    removedAtTransfer: 'Lines removed at transfer',
    preferredShare: 'Transferred lines that were preferred',
    preferredOf: (preferred, lines) => `${preferred} of ${lines}`,
    vendorsTitle: 'Top vendors by net spend',
    vendor: 'Vendor',
    lines: 'Lines',
    noVendors: 'No vendor had a transferred line in this period.',
    unknownVendor: '(not recorded)',
  },
};

const DE: ConsoleMessages = {
  consoleTitle: 'Compliance-Konsole',
  nav: {
    dashboard: 'Übersicht',
    sessions: 'Punchout-Sitzungen',
    orders: 'Bestellungen',
    administration: 'Verwaltung',
    label: 'Konsole',
  },
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
    wholeWalk: (upTo, at) => `Ganze Kette von Ereignis 1 bis ${upTo} geprüft am ${at}.`,
    checkedSince: (from, to, at) =>
      from === to
        ? `Seither angehängtes Ereignis ${from} geprüft am ${at}.`
        : `Seither angehängte Ereignisse ${from} bis ${to} geprüft am ${at}.`,
    firstWalkRunning: (head) =>
      `Die Kette mit ${head} Ereignissen wird im Hintergrund geprüft; laden Sie diese Seite gleich neu.`,
    wholeWalkRunning: 'Eine Prüfung der ganzen Kette läuft im Hintergrund.',
    wholeWalkEvery: (minutes) =>
      `Jeder Seitenaufruf prüft die seither angehängten Ereignisse; die ganze Kette wird nach ${minutes} Minuten erneut geprüft, oder jetzt:`,
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
    reference: 'Referenz (PO-...)',
    productFilter: 'Produkt (ID oder Name)',
    protocol: 'Gestartet über',
    anyProtocol: 'Jeder Weg',
    exportIntro: 'Die Sitzungen, die zu diesen Filtern passen, herunterladen (alle Seiten):',
    apply: 'Filter anwenden',
    reset: 'Zurücksetzen',
    created: 'Erstellt (UTC)',
    buyer: 'Einkäufer',
    product: 'Produkt',
    outcome: 'Ergebnis',
    items: 'Positionen',
    total: 'Warenkorbsumme (netto)',
    grossTotal: (amount) => `${amount} inkl. MwSt.`,
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
    callbackUrl: 'Rücksprungadresse (HOOK_URL)',
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
    price: 'Einzelpreis (netto, wie gesendet)',
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
    unitPrice: 'Einzelpreis (netto)',
    priceUnit: (quantity) => `pro ${quantity}`,
    vat: 'MwSt.',
    vatRate: (rate) => `${rate} %`,
    vatNotStated: 'nicht angegeben',
    lineTotal: 'Positionssumme (netto)',
    netTotal: 'Nettosumme',
    vatAt: (rate) => `MwSt. ${rate} %`,
    grossTotal: 'Gesamtsumme inkl. MwSt.',
    vatMissing: 'Keine Summe inklusive MwSt.: Einige Positionen nennen ihren MwSt.-Satz nicht.',
    olderPrices:
      'Dieser Warenkorb wurde gesendet, bevor Einzelpreise auf den Cent gerundet wurden: Seine Einzelpreise stehen mit den vier Nachkommastellen, mit denen sie gesendet wurden, und jede Positionssumme ist einmal gerundet.',
    emptyCart: 'Der Warenkorb ist leer.',
    timeline: 'Verlauf',
    actor: 'Ausgelöst von',
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
    'punchout.oci_call': 'OCI-Aufruf',
    'punchout.cxml_setup': 'cXML-Setup',
    'guidance.rule_added': 'Einkaufsregel angelegt',
    'guidance.rule_disabled': 'Einkaufsregel deaktiviert',
    'supplier.added': 'Lieferant angelegt',
    'catalog.imported': 'Katalog importiert',
    'client.created': 'Client angelegt',
    'client.revoked': 'Client widerrufen',
    'client.secret_rotated': 'Client-Geheimnis erneuert',
    'client.punchout_secret_set': 'Punchout-Geheimnis gesetzt',
    'client.origins_changed': 'Erlaubte Rücksprungadressen geändert',
    'client.punchout_settings_changed': 'Punchout-Einstellungen geändert',
    'user.added': 'Benutzer angelegt',
    'user.disabled': 'Benutzer deaktiviert',
    'user.enabled': 'Benutzer reaktiviert',
    'user.role_changed': 'Rollen geändert',
    'token.revoked': 'Tokens widerrufen',
    'console.signed_in': 'Konsolenanmeldung',
    'console.sign_in_refused': 'Konsolenanmeldung abgelehnt',
    'order.received': 'Bestellung eingegangen',
    'order.refused': 'Bestellung abgelehnt',
    'order.delivered': 'Bestellung an den Lieferanten übermittelt',
    'order.delivery_failed': 'Übermittlung der Bestellung gescheitert',
  },
  protocols: { rest: 'REST-API', 'oci-callup': 'OCI-Aufruf (SAP)', cxml: 'cXML (Coupa, Ariba, ...)' },
  administration: {
    title: 'Verwaltung',
    intro:
      'Jede Änderung an Einkaufsregeln, Benutzern, Rollen und Clients, die neueste zuerst: wer sie wann vorgenommen hat und ihre Position in der Prüfkette.',
    filters: 'Änderungen filtern',
    type: 'Art der Änderung',
    anyType: 'Jede Änderung',
    actor: 'Vorgenommen von',
    actorHint: 'E-Mail-Adresse oder Benutzer der Kommandozeile, auch ein Teil davon',
    from: 'Ab (Tag, UTC)',
    to: 'Bis (Tag, UTC, einschließlich)',
    time: 'Zeit (UTC)',
    who: 'Vorgenommen von',
    what: 'Änderung',
    position: 'Kettenposition',
    caption: 'Verwaltungsänderungen, die neueste zuerst',
    none: 'Keine Änderung passt zu diesen Filtern.',
    commandLine: (who) => `Kommandozeile (${who})`,
    gateway: (task) => `Gateway (${task})`,
    systemTasks: { 'demo-seed': 'Demodaten beim ersten Start' },
    unknownActor: 'Unbekannt',
    exportIntro: 'Die Änderungen, die zu diesen Filtern passen, herunterladen:',
  },
  summaries: {
    ruleAdded: (rule, note) => `Regel angelegt: ${rule}${note ? ` — Notiz: ${note}` : ''}`,
    supplierAdded: (name, slug) => `Lieferant ${name} (${slug}) angelegt`,
    catalogImported: (format, supplier, organization, products, rejected, error) =>
      error
        ? `${format} von ${supplier} für ${organization} nicht importiert: ${error}`
        : `${format} von ${supplier} für ${organization} importiert: ${new Intl.NumberFormat('de').format(products)} Produkte, ${new Intl.NumberFormat('de').format(rejected)} abgelehnt`,
    ruleDisabled: (rule, note) => `Regel deaktiviert: ${rule}${note ? ` — Notiz: ${note}` : ''}`,
    rule: (effect, matcher, value) => `${matcher} '${value}' ${effect}`,
    effects: { blocked: 'sperren', preferred: 'bevorzugen' },
    ruleValue: ruleValueIn('de'),
    roles: { buyer: 'Einkäufer', admin: 'Administrator', auditor: 'Prüfer' },
    matchers: {
      vendor: 'Lieferant',
      product: 'Produkt',
      product_code: 'Produktcode',
      brand: 'Marke',
      category: 'Kategorie',
      unspsc_prefix: 'UNSPSC-Klasse',
      condition: 'Zustand',
      price_above: 'Preise über',
    },
    clientCreated: (client, origins) =>
      `Client ${client} angelegt${origins ? `; erlaubte Rücksprungadressen: ${origins}` : ''}`,
    clientRevoked: (client, tokens) => `Client ${client} widerrufen; ${validTokensDe(tokens)} beendet`,
    clientSecretRotated: (client, validUntil) =>
      `Geheimnis von Client ${client} erneuert${validUntil ? `; das bisherige gilt bis ${validUntil}` : '; das bisherige gilt nicht mehr'}`,
    clientPunchoutSecretSet: (client, replaced) =>
      replaced
        ? `Punchout-Geheimnis von Client ${client} ersetzt`
        : `Punchout-Geheimnis für Client ${client} gesetzt`,
    clientOriginsChanged: (client, added, removed) =>
      `Erlaubte Rücksprungadressen von Client ${client}:${added ? ` hinzugefügt ${added}` : ''}${added && removed ? ';' : ''}${removed ? ` entfernt ${removed}` : ''}`,
    clientSettingsChanged: (client, from, to) => `cXML-Kodierung von Client ${client}: ${from} → ${to}`,
    userAdded: (user, roles) => `Benutzer ${user} mit den Rollen ${roles} angelegt`,
    userDisabled: (user, tokens) => `Benutzer ${user} deaktiviert; ${validTokensDe(tokens)} beendet`,
    userEnabled: (user) => `Benutzer ${user} wieder aktiviert`,
    userRolesChanged: (user, from, to) => `Rollen von ${user}: ${from} → ${to}`,
    tokensRevoked: (user, count) => `${validTokensDe(count)} von ${user} beendet`,
    signedIn: (user, method) => `${user} hat sich an der Compliance-Konsole angemeldet (${method})`,
    signInRefused: (email, method, reason) =>
      `Konsolenanmeldung von ${email} abgelehnt (${method}): ${reason}`,
    methods: { link: 'Einmal-Link', oidc: 'Single Sign-on' },
    refusals: {
      email_unverified: 'der Identitätsanbieter hat die E-Mail nicht bestätigt',
      not_auditor: 'der Benutzer hat nicht die Rolle „Prüfer“',
      ambiguous: 'die E-Mail gehört Prüfern mehrerer Organisationen',
    },
    none: 'keine',
  },
  timeline: {
    added: (name, quantity) => `'${name}' × ${quantity} hinzugefügt`,
    restored: (name, quantity) =>
      `Aus dem Warenkorb des Beschaffungssystems übernommen: '${name}' × ${quantity}`,
    quantityChanged: (name, from, to) => `Menge von '${name}': ${from} → ${to}`,
    removed: (name) => `'${name}' entfernt`,
    removedAtTransfer: (name, reason) => `Bei der Übertragung entfernt: '${name}' (${reason})`,
    repriced: (name, from, to) => `Preis von '${name}' bei der Übertragung aktualisiert: ${from} → ${to}`,
    netAmount: (amount) => `${amount} netto`,
    refused: (name, vendor, quantity, via) =>
      `'${name}' von ${vendor}${quantity !== null ? ` × ${quantity}` : ''} abgelehnt ${via}`,
    refusedBy: 'Gesperrt durch',
    unknownRule: (id) => `Regel ${id} (nicht gefunden)`,
    via: {
      add: 'beim Hinzufügen',
      transfer: 'bei der Übertragung',
      setup: 'aus dem Warenkorb des Beschaffungssystems',
    },
    reasons: {
      offer_gone: 'nicht mehr im Katalog',
      quantity_out_of_range: 'Menge außerhalb der Grenzen des Angebots',
    },
    created: (protocol) => `Sitzung erstellt über ${protocol}`,
    opened: 'Im Browser des Einkäufers geöffnet',
    transferred: (lines) =>
      `Warenkorb mit ${lines} ${lines === 1 ? 'Position' : 'Positionen'} an das Beschaffungssystem gesendet`,
    cancelled: 'Vom Einkäufer abgebrochen',
    ended: (reason) => `Beendet: ${reason}`,
  },
  figures: {
    periodTitle: 'Zeitraum',
    from: 'Von (Tag, UTC)',
    to: 'Bis (Tag, UTC, einschließlich)',
    show: 'Anzeigen',
    periodInvalid: (maxDays) =>
      `Wählen Sie einen Zeitraum ganzer Tage, der erste nicht nach dem letzten, höchstens ${maxDays} Tage lang.`,
    period: (from, to) => `${from} bis ${to} (UTC)`,
    spendTitle: 'Übertragene Nettoausgaben pro Tag',
    spendDesc: (currency) =>
      `Balken, einer pro Tag: der Nettowert (ohne MwSt.) der an diesem Tag übertragenen Warenkörbe in ${currency}; die Tabelle darunter enthält dieselben Zahlen.`,
    spendTable: 'Ausgaben als Tabelle anzeigen',
    net: 'Netto',
    noSpend: 'In diesem Zeitraum wurde kein Warenkorb übertragen.',
    periodTotal: (amount) => `Nettoausgaben im Zeitraum: ${amount} (ohne MwSt.)`,
    policyTitle: 'Einkaufsrichtlinien in Aktion',
    refusedOffers: 'Abgelehnte gesperrte Angebote',
    removedAtTransfer: 'Bei der Übertragung entfernte Positionen',
    preferredShare: 'Übertragene Positionen, die bevorzugt waren',
    preferredOf: (preferred, lines) => `${preferred} von ${lines}`,
    vendorsTitle: 'Lieferanten mit den höchsten Nettoausgaben',
    vendor: 'Lieferant',
    lines: 'Positionen',
    noVendors: 'Kein Lieferant hatte in diesem Zeitraum eine übertragene Position.',
    unknownVendor: '(nicht erfasst)',
  },
};

export function consoleMessages(lang: PageLanguage): ConsoleMessages {
  return lang === 'de' ? DE : EN;
}
