import type { PageLanguage } from '../web/language';

/** The test bench's words, in the integrator's language. */
export const TEST_BENCH_MESSAGES = {
  en: {
    title: 'Punchout test bench',
    intro:
      'This page plays the procurement system: it opens the shop the way SAP does (the OCI call-up), and the cart comes back to this gateway\u2019s own receiver, which shows what arrived. Nothing is sent anywhere else.',
    client: 'Client',
    clientId: 'Client id (USERNAME)',
    punchoutSecret: 'Punchout secret (PASSWORD)',
    punchoutSecretHint:
      'Made with: npm run cli -- client punchout-secret <client id>. Never the API client secret.',
    email: 'User e-mail (EMAIL)',
    what: 'What to open',
    function: 'Function',
    functions: {
      shop: 'Shop (no FUNCTION)',
      DETAIL: 'Product details (DETAIL)',
      VALIDATE: 'Validate one item (VALIDATE)',
      BACKGROUND_SEARCH: 'Background search (BACKGROUND_SEARCH)',
    } as Record<string, string>,
    productId: 'Product id (PRODUCTID)',
    searchString: 'Search words (SEARCHSTRING)',
    quantity: 'Quantity (QUANTITY, VALIDATE only)',
    hookUrl: 'The cart comes back to',
    open: 'Open the punchout',
    demoNote: (email: string) =>
      `Demo mode: the demo client and its buyer ${email} are filled in; type its punchout secret.`,
    originNote:
      'The client\u2019s allowed callback origins must include this gateway\u2019s address, or have none, for the cart to come back here.',
    ociTitle: 'SAP: OCI call-up',
    cxmlTitle: 'Coupa, Ariba and other cXML buyers: PunchOutSetupRequest',
    cxmlIntro:
      'The bench sends a setup request (operation create) with these credentials to the gateway\u2019s own cXML setup and opens the StartPage it answers; the order message comes back to the receiver.',
    cxmlProduct: 'Product id (SelectedItem, optional)',
    cxmlOpen: 'Open the cXML punchout',
    cxmlRefused: (code: string, text: string) => `The setup was refused: ${code} ${text}`,
    cxmlDocument: 'The PunchOutOrderMessage',
    receiverTitle: 'What the procurement system received',
    receivedNothing: 'Nothing was posted here yet. Open a punchout above and transfer or cancel its cart.',
    receivedAt: (time: string) => `Received ${time}`,
    emptyCart: 'An empty cart (cancel, expiry or failure).',
    lines: (n: number) => (n === 1 ? '1 line' : `${n} lines`),
    field: 'Field',
    value: 'Value',
    line: 'Line',
    fields: 'Fields',
    rawBody: 'Raw body',
    again: 'Try another punchout',
  },
  de: {
    title: 'Punchout-Testumgebung',
    intro:
      'Diese Seite spielt das Beschaffungssystem: Sie öffnet den Shop wie SAP (OCI-Aufruf), und der Warenkorb kommt an den eigenen Empfänger dieses Gateways zurück, der zeigt, was ankam. Nichts wird anderswohin gesendet.',
    client: 'Client',
    clientId: 'Client-ID (USERNAME)',
    punchoutSecret: 'Punchout-Geheimnis (PASSWORD)',
    punchoutSecretHint:
      'Erzeugt mit: npm run cli -- client punchout-secret <Client-ID>. Niemals das API-Client-Geheimnis.',
    email: 'E-Mail des Benutzers (EMAIL)',
    what: 'Was geöffnet wird',
    function: 'Funktion',
    functions: {
      shop: 'Shop (ohne FUNCTION)',
      DETAIL: 'Produktdetails (DETAIL)',
      VALIDATE: 'Eine Position prüfen (VALIDATE)',
      BACKGROUND_SEARCH: 'Hintergrundsuche (BACKGROUND_SEARCH)',
    } as Record<string, string>,
    productId: 'Produkt-ID (PRODUCTID)',
    searchString: 'Suchwörter (SEARCHSTRING)',
    quantity: 'Menge (QUANTITY, nur VALIDATE)',
    hookUrl: 'Der Warenkorb kommt zurück an',
    open: 'Punchout öffnen',
    demoNote: (email: string) =>
      `Demo-Modus: Der Demo-Client und sein Einkäufer ${email} sind eingetragen; geben Sie sein Punchout-Geheimnis ein.`,
    originNote:
      'Unter den erlaubten Rücksprungadressen des Clients muss die Adresse dieses Gateways stehen (oder es ist keine eingetragen), damit der Warenkorb hierher zurückkommt.',
    ociTitle: 'SAP: OCI-Aufruf',
    cxmlTitle: 'Coupa, Ariba und andere cXML-Käufer: PunchOutSetupRequest',
    cxmlIntro:
      'Die Testumgebung sendet mit diesen Zugangsdaten eine Setup-Anfrage (operation create) an das cXML-Setup dieses Gateways und öffnet die zurückgegebene StartPage; die Bestellnachricht kommt an den Empfänger zurück.',
    cxmlProduct: 'Produkt-ID (SelectedItem, optional)',
    cxmlOpen: 'cXML-Punchout öffnen',
    cxmlRefused: (code: string, text: string) => `Das Setup wurde abgelehnt: ${code} ${text}`,
    cxmlDocument: 'Die PunchOutOrderMessage',
    receiverTitle: 'Was das Beschaffungssystem empfangen hat',
    receivedNothing:
      'Hier wurde noch nichts empfangen. Öffnen Sie oben einen Punchout und übertragen oder verwerfen Sie seinen Warenkorb.',
    receivedAt: (time: string) => `Empfangen ${time}`,
    emptyCart: 'Ein leerer Warenkorb (Abbruch, Ablauf oder Fehler).',
    lines: (n: number) => (n === 1 ? '1 Position' : `${n} Positionen`),
    field: 'Feld',
    value: 'Wert',
    line: 'Position',
    fields: 'Felder',
    rawBody: 'Rohdaten',
    again: 'Weiteren Punchout testen',
  },
} satisfies Record<PageLanguage, unknown>;

export type TestBenchMessages = (typeof TEST_BENCH_MESSAGES)['en'];
