import type { PageLanguage } from '../../web/language';

/** The words of the console's order pages and the dashboard's order figures, in English and German. */
export interface OrdersConsoleMessages {
  listTitle: string;
  intro: string;
  filters: {
    title: string;
    from: string;
    to: string;
    buyer: string;
    supplier: string;
    finding: string;
    delivery: string;
    any: string;
    apply: string;
    reset: string;
  };
  columns: {
    received: string;
    orderId: string;
    buyer: string;
    suppliers: string;
    total: string;
    findings: string;
    delivery: string;
    lines: string;
  };
  none: string;
  noFindings: string;
  findingNames: Record<string, string>;
  deliveryNames: Record<string, string>;
  channelNames: Record<string, string>;
  orderTitle: (orderId: string) => string;
  header: {
    received: string;
    orderDate: string;
    channel: string;
    version: string;
    buyer: string;
    total: string;
    document: string;
    status: string;
  };
  statusNames: Record<string, string>;
  compareTitle: string;
  compareIntro: string;
  cart: string;
  ordered: string;
  line: string;
  description: string;
  quantity: string;
  unitPrice: string;
  lineNet: string;
  cartToOrdered: string;
  noCartLine: string;
  fromSession: string;
  netLabel: string;
  deliveriesTitle: string;
  supplier: string;
  tries: string;
  lastError: string;
  deliveredAt: string;
  unknownSupplier: string;
  backToList: string;
  notFound: string;
  sessionOrdersTitle: string;
  sessionNoOrders: string;
  figuresTitle: string;
  figuresIntro: string;
  ordersCount: string;
  ordersWithFindings: string;
  notFromPunchoutShare: string;
  spendPerDay: string;
  day: string;
  noOrders: string;
}

const EN: OrdersConsoleMessages = {
  listTitle: 'Purchase orders',
  intro:
    'Orders the procurement systems sent after a punchout, each checked against the cart it came from. All amounts are net.',
  filters: {
    title: 'Filter',
    from: 'Received from',
    to: 'Received until',
    buyer: "Buyer's e-mail",
    supplier: 'Supplier',
    finding: 'Finding',
    delivery: 'Delivery',
    any: 'Any',
    apply: 'Show',
    reset: 'Reset',
  },
  columns: {
    received: 'Received',
    orderId: 'Order',
    buyer: 'Buyer',
    suppliers: 'Suppliers',
    total: 'Net total',
    findings: 'Findings',
    delivery: 'Delivery',
    lines: 'Lines',
  },
  none: 'No orders match.',
  noFindings: 'As transferred',
  findingNames: {
    blocked: 'Blocked offer',
    not_from_punchout: 'Not from a punchout',
    price_changed: 'Price changed',
    quantity_changed: 'Quantity changed',
    unit_changed: 'Unit changed',
    currency_changed: 'Currency changed',
    stale_cart: 'Stale cart',
    already_ordered: 'Ordered before',
  },
  deliveryNames: { pending: 'No endpoint yet', queued: 'Queued', delivered: 'Delivered', failed: 'Failed' },
  channelNames: { json: 'JSON', cxml: 'cXML' },
  orderTitle: (orderId) => `Order ${orderId}`,
  header: {
    received: 'Received',
    orderDate: "Buyer's order date",
    channel: 'Sent as',
    version: 'Version',
    buyer: 'Buyer',
    total: 'Net total',
    document: 'Document (SHA-256)',
    status: 'Status',
  },
  statusNames: { accepted: 'Accepted', cancelled: 'Cancelled' },
  compareTitle: 'Cart and order side by side',
  compareIntro: 'Each ordered line beside the cart line it names. Differences are marked.',
  cart: 'Transferred cart',
  ordered: 'Ordered',
  line: 'Line',
  description: 'Item',
  quantity: 'Quantity',
  unitPrice: 'Unit price (net)',
  lineNet: 'Line (net)',
  cartToOrdered: 'cart → ordered',
  noCartLine: 'No cart line: not from a punchout',
  fromSession: 'Punchout session',
  netLabel: 'net',
  deliveriesTitle: 'Delivery to suppliers',
  supplier: 'Supplier',
  tries: 'Tries',
  lastError: 'Last error',
  deliveredAt: 'Delivered',
  unknownSupplier: 'Unknown supplier',
  backToList: 'All orders',
  notFound: 'There is no such order in your organization.',
  sessionOrdersTitle: 'Orders from this cart',
  sessionNoOrders: 'No order has named this cart yet.',
  figuresTitle: 'Orders',
  figuresIntro: 'Orders received in the period. Net amounts, per currency.',
  ordersCount: 'Orders',
  ordersWithFindings: 'Orders with findings',
  notFromPunchoutShare: 'Spend not from a punchout',
  spendPerDay: 'Ordered net spend per day',
  day: 'Day',
  noOrders: 'No orders in this period.',
};

const DE: OrdersConsoleMessages = {
  listTitle: 'Bestellungen',
  intro:
    'Bestellungen, die die Beschaffungssysteme nach einem Punchout gesendet haben, jede mit dem Warenkorb verglichen, aus dem sie stammt. Alle Beträge netto.',
  filters: {
    title: 'Filter',
    from: 'Eingegangen ab',
    to: 'Eingegangen bis',
    buyer: 'E-Mail des Bestellers',
    supplier: 'Lieferant',
    finding: 'Befund',
    delivery: 'Übermittlung',
    any: 'Alle',
    apply: 'Anzeigen',
    reset: 'Zurücksetzen',
  },
  columns: {
    received: 'Eingegangen',
    orderId: 'Bestellung',
    buyer: 'Besteller',
    suppliers: 'Lieferanten',
    total: 'Summe netto',
    findings: 'Befunde',
    delivery: 'Übermittlung',
    lines: 'Positionen',
  },
  none: 'Keine Bestellung passt.',
  noFindings: 'Wie übertragen',
  findingNames: {
    blocked: 'Gesperrtes Angebot',
    not_from_punchout: 'Nicht aus einem Punchout',
    price_changed: 'Preis geändert',
    quantity_changed: 'Menge geändert',
    unit_changed: 'Einheit geändert',
    currency_changed: 'Währung geändert',
    stale_cart: 'Veralteter Warenkorb',
    already_ordered: 'Schon bestellt',
  },
  deliveryNames: {
    pending: 'Noch kein Empfänger',
    queued: 'Wartet',
    delivered: 'Übermittelt',
    failed: 'Gescheitert',
  },
  channelNames: { json: 'JSON', cxml: 'cXML' },
  orderTitle: (orderId) => `Bestellung ${orderId}`,
  header: {
    received: 'Eingegangen',
    orderDate: 'Bestelldatum des Kunden',
    channel: 'Gesendet als',
    version: 'Version',
    buyer: 'Besteller',
    total: 'Summe netto',
    document: 'Dokument (SHA-256)',
    status: 'Status',
  },
  statusNames: { accepted: 'Angenommen', cancelled: 'Storniert' },
  compareTitle: 'Warenkorb und Bestellung nebeneinander',
  compareIntro:
    'Jede bestellte Position neben der Warenkorbposition, die sie nennt. Abweichungen sind markiert.',
  cart: 'Übertragener Warenkorb',
  ordered: 'Bestellt',
  line: 'Pos.',
  description: 'Artikel',
  quantity: 'Menge',
  unitPrice: 'Einzelpreis (netto)',
  lineNet: 'Position (netto)',
  cartToOrdered: 'Warenkorb → bestellt',
  noCartLine: 'Keine Warenkorbposition: nicht aus einem Punchout',
  fromSession: 'Punchout-Sitzung',
  netLabel: 'netto',
  deliveriesTitle: 'Übermittlung an die Lieferanten',
  supplier: 'Lieferant',
  tries: 'Versuche',
  lastError: 'Letzter Fehler',
  deliveredAt: 'Übermittelt',
  unknownSupplier: 'Unbekannter Lieferant',
  backToList: 'Alle Bestellungen',
  notFound: 'Diese Bestellung gibt es in Ihrer Organisation nicht.',
  sessionOrdersTitle: 'Bestellungen aus diesem Warenkorb',
  sessionNoOrders: 'Noch keine Bestellung nennt diesen Warenkorb.',
  figuresTitle: 'Bestellungen',
  figuresIntro: 'Im Zeitraum eingegangene Bestellungen. Nettobeträge je Währung.',
  ordersCount: 'Bestellungen',
  ordersWithFindings: 'Bestellungen mit Befunden',
  notFromPunchoutShare: 'Ausgaben nicht aus einem Punchout',
  spendPerDay: 'Bestellte Nettoausgaben je Tag',
  day: 'Tag',
  noOrders: 'Keine Bestellungen in diesem Zeitraum.',
};

export function ordersConsoleMessages(lang: PageLanguage): OrdersConsoleMessages {
  return lang === 'de' ? DE : EN;
}
