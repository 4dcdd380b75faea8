import type { PageLanguage } from '../web/language';

/** The front door's words, in the visitor's language. */
export const HOME_MESSAGES = {
  en: {
    title: 'Marketplace Procurement Gateway',
    intro:
      'This gateway connects procurement systems (SAP SRM and S/4HANA, Coupa, Ariba and in-house ERPs) to a ' +
      'marketplace catalog: search and product details over a REST API, and punchout, where buyers shop in ' +
      "these pages under their organization's buying guidance and the cart goes back to the procurement system.",
    version: (version: string) => `Version ${version}`,
    linksHeading: 'Where to go',
    apiDocs: 'API documentation',
    apiDocsHint: 'Every operation, field and error code (OpenAPI), to try out with a token.',
    console: 'Compliance console',
    consoleHint:
      'For auditors: punchout sessions and the tamper-evident audit trail. Sign in with a link from your administrator.',
    testBench: 'Punchout test bench',
    testBenchHint:
      'For integrators: open the shop as SAP would and see the cart that comes back, without a procurement system.',
    health: 'Health',
    healthHint: 'Readiness of this gateway and its database, for monitoring.',
    buyersNote: 'Buyers do not start here: your procurement system opens the shop for you, signed in as you.',
  },
  de: {
    title: 'Marketplace Procurement Gateway',
    intro:
      'Dieses Gateway verbindet Beschaffungssysteme (SAP SRM und S/4HANA, Coupa, Ariba und eigene ERP-Systeme) ' +
      'mit einem Marktplatz-Katalog: Suche und Produktdetails über eine REST-API, und Punchout, bei dem ' +
      'Einkäufer auf diesen Seiten nach den Einkaufsrichtlinien ihrer Organisation einkaufen und der Warenkorb ' +
      'an das Beschaffungssystem zurückgeht.',
    version: (version: string) => `Version ${version}`,
    linksHeading: 'Wohin als Nächstes',
    apiDocs: 'API-Dokumentation',
    apiDocsHint: 'Alle Operationen, Felder und Fehlercodes (OpenAPI), mit einem Token ausprobierbar.',
    console: 'Compliance-Konsole',
    consoleHint:
      'Für Prüfer: Punchout-Sitzungen und das manipulationssichere Audit-Protokoll. Anmeldung über einen Link Ihres Administrators.',
    testBench: 'Punchout-Testumgebung',
    testBenchHint:
      'Für Integratoren: den Shop wie SAP öffnen und den zurückkommenden Warenkorb sehen, ohne Beschaffungssystem.',
    health: 'Betriebszustand',
    healthHint: 'Bereitschaft dieses Gateways und seiner Datenbank, für die Überwachung.',
    buyersNote:
      'Einkäufer beginnen nicht hier: Ihr Beschaffungssystem öffnet den Shop für Sie, bereits angemeldet.',
  },
} satisfies Record<PageLanguage, unknown>;

export type HomeMessages = (typeof HOME_MESSAGES)['en'];
