import { Language } from '../common/i18n/language';
import { CATEGORY_TREE } from './demo/category-tree';

/*
 * The catalog's own values (availability, condition, delivery, vendors' offer texts, units) in the
 * caller's language: the same words in search results, product details and the punchout pages.
 */
type Text = Record<Language, string>;

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

export function deliveryIn(days: number, language: Language): string {
  if (language === 'de') return days === 1 ? 'Lieferung in 1 Tag' : `Lieferung in ${days} Tagen`;
  return days === 1 ? 'Delivery in 1 day' : `Delivery in ${days} days`;
}

/**
 * Offer texts as vendors and the demo catalog store them (English), in the caller's language:
 * tax label, price information, fulfillment. Unknown texts are shown as stored.
 */
export const OFFER_TEXTS: Record<string, Text> = {
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

/** A category of the built-in tree by its name in `language` ("monitors" -> "Monitore"); another id as it is. */
export function categoryName(id: string, language: Language): string {
  const category = CATEGORY_TREE.find((c) => c.id === id);
  if (!category) return id;
  return language === 'de' ? category.nameDe : category.nameEn;
}
