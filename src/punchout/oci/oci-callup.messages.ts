import type { PageLanguage } from '../../web/language';

/** The call-up's own texts (its failures and its inline answers), in English and German. */
export const OCI_CALLUP_MESSAGES = {
  en: {
    credentialsTitle: 'Catalog sign-in failed',
    credentials:
      'The catalog call-up carries a wrong USERNAME or PASSWORD. Ask your SAP administrator to check the catalog call structure: the punchout secret may have been replaced.',
    revokedTitle: 'Catalog access revoked',
    revoked:
      "This catalog's access for your procurement system was revoked. Ask your SAP administrator for a new client.",
    unknownUserTitle: 'User not known to the catalog',
    unknownUser:
      'The e-mail address of your user (EMAIL) is not registered with this catalog for your organization. Ask your administrator to add you.',
    disabledUserTitle: 'Catalog access disabled',
    disabledUser: 'Your access to this catalog is disabled. Ask your administrator.',
    hookMissingTitle: 'Return address missing',
    hookMissing:
      'The call-up has no HOOK_URL, so the cart could not be sent back. Ask your SAP administrator to check the catalog call structure.',
    hookInvalidTitle: 'Return address not valid',
    hookInvalid: (detail: string) =>
      `The return address (HOOK_URL) cannot be used: ${detail}. Nothing was sent to it. Ask your SAP administrator to check the catalog call structure.`,
    hookOriginTitle: 'Return address not allowed',
    hookOrigin: (origin: string) =>
      `The return address (HOOK_URL) on ${origin} is not among the addresses allowed for this catalog. Nothing was sent to it. Ask your administrator to allow it.`,
    functionTitle: 'Unknown catalog function',
    functionUnknown: (value: string) =>
      `The catalog does not know the FUNCTION "${value}". It answers DETAIL, VALIDATE and BACKGROUND_SEARCH, or, without FUNCTION, opens the shop.`,
    productMissingTitle: 'Product missing',
    productMissing: 'This catalog function needs PRODUCTID, the product id sent as NEW_ITEM-EXT_PRODUCT_ID.',
    quantityTitle: 'Quantity not valid',
    quantityInvalid: (value: string) =>
      `QUANTITY "${value}" is not a whole number of at least 1 (a decimal point with zeros, such as 5.000, is accepted).`,
    validateTitle: 'Checking the item',
    validate: 'The current price of the item is sent to your procurement system...',
    validateNone:
      'The product is not available (unknown, withdrawn or blocked by your buying guidance): an empty item list is sent.',
    searchTitle: 'Catalog search',
    searchLines: (n: number) => (n === 1 ? '1 item' : `${n} items`),
    detailNote: 'Display only: to order, open the catalog from your procurement system.',
  },
  de: {
    credentialsTitle: 'Anmeldung am Katalog fehlgeschlagen',
    credentials:
      'Der Katalogaufruf enthält einen falschen USERNAME oder ein falsches PASSWORD. Bitten Sie Ihre SAP-Administration, die Aufrufstruktur des Katalogs zu prüfen: das Punchout-Geheimnis wurde vielleicht ersetzt.',
    revokedTitle: 'Katalogzugang widerrufen',
    revoked:
      'Der Zugang Ihres Beschaffungssystems zu diesem Katalog wurde widerrufen. Bitten Sie Ihre SAP-Administration um einen neuen Client.',
    unknownUserTitle: 'Benutzer im Katalog unbekannt',
    unknownUser:
      'Die E-Mail-Adresse Ihres Benutzers (EMAIL) ist in diesem Katalog für Ihre Organisation nicht registriert. Bitten Sie Ihre Administration, Sie hinzuzufügen.',
    disabledUserTitle: 'Katalogzugang gesperrt',
    disabledUser: 'Ihr Zugang zu diesem Katalog ist gesperrt. Wenden Sie sich an Ihre Administration.',
    hookMissingTitle: 'Rücksprungadresse fehlt',
    hookMissing:
      'Der Aufruf enthält keine HOOK_URL, daher kann der Warenkorb nicht zurückgesendet werden. Bitten Sie Ihre SAP-Administration, die Aufrufstruktur des Katalogs zu prüfen.',
    hookInvalidTitle: 'Rücksprungadresse ungültig',
    hookInvalid: (detail: string) =>
      `Die Rücksprungadresse (HOOK_URL) ist nicht verwendbar: ${detail}. Es wurde nichts an sie gesendet. Bitten Sie Ihre SAP-Administration, die Aufrufstruktur des Katalogs zu prüfen.`,
    hookOriginTitle: 'Rücksprungadresse nicht erlaubt',
    hookOrigin: (origin: string) =>
      `Die Rücksprungadresse (HOOK_URL) auf ${origin} gehört nicht zu den für diesen Katalog erlaubten Adressen. Es wurde nichts an sie gesendet. Bitten Sie Ihre Administration, sie zu erlauben.`,
    functionTitle: 'Unbekannte Katalogfunktion',
    functionUnknown: (value: string) =>
      `Der Katalog kennt die FUNCTION „${value}“ nicht. Er beantwortet DETAIL, VALIDATE und BACKGROUND_SEARCH oder öffnet ohne FUNCTION den Shop.`,
    productMissingTitle: 'Produkt fehlt',
    productMissing:
      'Diese Katalogfunktion braucht PRODUCTID, die als NEW_ITEM-EXT_PRODUCT_ID gesendete Produktnummer.',
    quantityTitle: 'Menge ungültig',
    quantityInvalid: (value: string) =>
      `QUANTITY „${value}“ ist keine ganze Zahl ab 1 (ein Dezimalpunkt mit Nullen wie 5.000 wird angenommen).`,
    validateTitle: 'Position wird geprüft',
    validate: 'Der aktuelle Preis der Position wird an Ihr Beschaffungssystem gesendet...',
    validateNone:
      'Das Produkt ist nicht verfügbar (unbekannt, nicht mehr im Katalog oder durch Ihre Einkaufsrichtlinien gesperrt): eine leere Positionsliste wird gesendet.',
    searchTitle: 'Katalogsuche',
    searchLines: (n: number) => (n === 1 ? '1 Position' : `${n} Positionen`),
    detailNote: 'Nur Anzeige: Zum Bestellen öffnen Sie den Katalog aus Ihrem Beschaffungssystem.',
  },
} satisfies Record<PageLanguage, unknown>;

export type OciCallupMessages = (typeof OCI_CALLUP_MESSAGES)['en'];

export const ociCallupMessagesFor = (language: PageLanguage): OciCallupMessages =>
  OCI_CALLUP_MESSAGES[language];
