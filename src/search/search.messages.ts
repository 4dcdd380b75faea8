import { Language } from '../common/i18n/language';
import { formatMoney } from '../common/i18n/money';

type Text = Record<Language, string>;

export const MARKETPLACE_NAME: Text = { en: 'Marketplace', de: 'Marktplatz' };

export const FACET_NAMES: Record<string, Text> = {
  category: { en: 'Category', de: 'Kategorie' },
  // The price facet compares net prices, as results show them.
  price: { en: 'Price (net)', de: 'Preis (netto)' },
  availability: { en: 'Availability', de: 'Verfügbarkeit' },
  delivery_day: { en: 'Delivery time', de: 'Lieferzeit' },
  'review-rating': { en: 'Customer rating', de: 'Kundenbewertung' },
  is_prime: { en: 'Premium delivery', de: 'Premium-Versand' },
  cpf_eligible: { en: 'Sustainability programme', de: 'Nachhaltigkeitsprogramm' },
  'lbr_brands_browse-bin': { en: 'Brand', de: 'Marke' },
  'condition-type': { en: 'Condition', de: 'Zustand' },
};

export const YES: Record<string, Text> = {
  is_prime: { en: 'Premium delivery', de: 'Premium-Versand' },
  cpf_eligible: { en: 'Sustainability programme', de: 'Nachhaltigkeitsprogramm' },
};

export function deliveryWithin(days: number, language: Language): string {
  if (language === 'de') return days === 1 ? 'Innerhalb von 1 Tag' : `Innerhalb von ${days} Tagen`;
  return days === 1 ? 'Within 1 day' : `Within ${days} days`;
}

export function starsAndUp(stars: number, language: Language): string {
  if (language === 'de') return stars === 1 ? 'Ab 1 Stern' : `Ab ${stars} Sternen`;
  return stars === 1 ? '1 star & up' : `${stars} stars & up`;
}

/** Names of price range values such as "0-10" and "500-" (amounts in the display currency). */
export function priceRangeName(value: string, currency: string, language: Language): string {
  const [from, to] = value.split('-');
  const money = (n: string) => formatMoney(Number(n), currency, language, 0);
  if (!to) return language === 'de' ? `Ab ${money(from)}` : `${money(from)} & above`;
  if (Number(from) === 0) return language === 'de' ? `Bis ${money(to)}` : `Up to ${money(to)}`;
  return language === 'de' ? `${money(from)} bis ${money(to)}` : `${money(from)} to ${money(to)}`;
}
