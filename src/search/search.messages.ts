import { Language } from './search-language';

type Text = Record<Language, string>;

export const MARKETPLACE_NAME: Text = { en: 'Marketplace', de: 'Marktplatz' };

export const FACET_NAMES: Record<string, Text> = {
  category: { en: 'Category', de: 'Kategorie' },
  price: { en: 'Price', de: 'Preis' },
  availability: { en: 'Availability', de: 'Verfügbarkeit' },
  delivery_day: { en: 'Delivery time', de: 'Lieferzeit' },
  'review-rating': { en: 'Customer rating', de: 'Kundenbewertung' },
  is_prime: { en: 'Premium delivery', de: 'Premium-Versand' },
  cpf_eligible: { en: 'Sustainability programme', de: 'Nachhaltigkeitsprogramm' },
  'lbr_brands_browse-bin': { en: 'Brand', de: 'Marke' },
  'condition-type': { en: 'Condition', de: 'Zustand' },
};

export const AVAILABILITY_NAMES: Record<string, Text> = {
  in_stock: { en: 'In stock', de: 'Auf Lager' },
  limited: { en: 'Limited stock', de: 'Begrenzt verfügbar' },
  backorder: { en: 'Available to order', de: 'Lieferbar auf Bestellung' },
  out_of_stock: { en: 'Out of stock', de: 'Nicht vorrätig' },
};

export const CONDITION_NAMES: Record<string, Text> = {
  new: { en: 'New', de: 'Neu' },
  used: { en: 'Used', de: 'Gebraucht' },
  refurbished: { en: 'Refurbished', de: 'Generalüberholt' },
  collectible: { en: 'Collectible', de: 'Sammlerstück' },
};

export const YES: Record<string, Text> = {
  is_prime: { en: 'Premium delivery', de: 'Premium-Versand' },
  cpf_eligible: { en: 'Sustainability programme', de: 'Nachhaltigkeitsprogramm' },
};

export function deliveryWithin(days: number, language: Language): string {
  if (language === 'de') return days === 1 ? 'Innerhalb von 1 Tag' : `Innerhalb von ${days} Tagen`;
  return days === 1 ? 'Within 1 day' : `Within ${days} days`;
}

export function deliveryIn(days: number, language: Language): string {
  if (language === 'de') return days === 1 ? 'Lieferung in 1 Tag' : `Lieferung in ${days} Tagen`;
  return days === 1 ? 'Delivery in 1 day' : `Delivery in ${days} days`;
}

export function starsAndUp(stars: number, language: Language): string {
  if (language === 'de') return stars === 1 ? 'Ab 1 Stern' : `Ab ${stars} Sternen`;
  return stars === 1 ? '1 star & up' : `${stars} stars & up`;
}

export const LOCALES: Record<Language, string> = { en: 'en-US', de: 'de-DE' };

const formatters = new Map<string, Intl.NumberFormat>();

/** Localized money text (Intl), cached per language and currency. */
export function formatMoney(amount: number, currency: string, language: Language, digits?: number): string {
  const key = `${language}:${currency}:${digits ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALES[language], {
      style: 'currency',
      currency,
      ...(digits !== undefined ? { minimumFractionDigits: digits, maximumFractionDigits: digits } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter.format(amount);
}

/** Names of price range values such as "0-10" and "500-" (amounts in the display currency). */
export function priceRangeName(value: string, currency: string, language: Language): string {
  const [from, to] = value.split('-');
  const money = (n: string) => formatMoney(Number(n), currency, language, 0);
  if (!to) return language === 'de' ? `Ab ${money(from)}` : `${money(from)} & above`;
  if (Number(from) === 0) return language === 'de' ? `Bis ${money(to)}` : `Up to ${money(to)}`;
  return language === 'de' ? `${money(from)} bis ${money(to)}` : `${money(from)} to ${money(to)}`;
}

/**
 * Offer texts as vendors and the demo catalog store them (English), in the caller's language:
 * tax label, price information, fulfillment. Unknown texts are shown as stored.
 */
const OFFER_TEXTS: Record<string, Text> = {
  'excl. VAT': { en: 'excl. VAT', de: 'zzgl. MwSt.' },
  'incl. 19% VAT': { en: 'incl. 19% VAT', de: 'inkl. 19 % MwSt.' },
  'incl. 7% VAT': { en: 'incl. 7% VAT', de: 'inkl. 7 % MwSt.' },
  'Volume discounts from 10 units': { en: 'Volume discounts from 10 units', de: 'Staffelpreise ab 10 Stück' },
  'Fulfilled by the marketplace': { en: 'Fulfilled by the marketplace', de: 'Versand durch den Marktplatz' },
  'Shipped by the vendor': { en: 'Shipped by the vendor', de: 'Versand durch den Verkäufer' },
};

export function offerText(text: string, language: Language): string {
  return OFFER_TEXTS[text]?.[language] ?? text;
}
