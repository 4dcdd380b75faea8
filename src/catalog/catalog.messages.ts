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

/** Names of common UN/ECE Rec. 20 units: [singular, plural] per language. */
export const UNIT_NAMES: Record<string, Record<Language, [string, string]>> = {
  PCE: { en: ['piece', 'pieces'], de: ['Stück', 'Stück'] },
  C62: { en: ['piece', 'pieces'], de: ['Stück', 'Stück'] },
  EA: { en: ['piece', 'pieces'], de: ['Stück', 'Stück'] },
  PK: { en: ['pack', 'packs'], de: ['Packung', 'Packungen'] },
  PA: { en: ['pack', 'packs'], de: ['Packung', 'Packungen'] },
  BX: { en: ['box', 'boxes'], de: ['Schachtel', 'Schachteln'] },
  CT: { en: ['carton', 'cartons'], de: ['Karton', 'Kartons'] },
  SET: { en: ['set', 'sets'], de: ['Set', 'Sets'] },
  PR: { en: ['pair', 'pairs'], de: ['Paar', 'Paar'] },
  RO: { en: ['roll', 'rolls'], de: ['Rolle', 'Rollen'] },
  RM: { en: ['ream', 'reams'], de: ['Ries', 'Ries'] },
  BG: { en: ['bag', 'bags'], de: ['Beutel', 'Beutel'] },
  BO: { en: ['bottle', 'bottles'], de: ['Flasche', 'Flaschen'] },
  DZN: { en: ['dozen', 'dozen'], de: ['Dutzend', 'Dutzend'] },
  KGM: { en: ['kg', 'kg'], de: ['kg', 'kg'] },
  GRM: { en: ['g', 'g'], de: ['g', 'g'] },
  MTR: { en: ['metre', 'metres'], de: ['Meter', 'Meter'] },
  LTR: { en: ['litre', 'litres'], de: ['Liter', 'Liter'] },
  MTK: { en: ['m²', 'm²'], de: ['m²', 'm²'] },
};

/**
 * What the price refers to, e.g. "per piece", "per 100 pieces", "pro Packung". Unknown unit codes
 * are shown as the code itself ("per XYZ").
 */
export function priceUnitText(unit: string, quantity: number, language: Language): string {
  const names = UNIT_NAMES[unit.toUpperCase()]?.[language];
  const per = language === 'de' ? 'pro' : 'per';
  if (!names) return quantity === 1 ? `${per} ${unit}` : `${per} ${quantity} ${unit}`;
  return quantity === 1 ? `${per} ${names[0]}` : `${per} ${quantity} ${names[1]}`;
}

/** A category of the built-in tree by its name in `language` ("monitors" -> "Monitore"); another id as it is. */
export function categoryName(id: string, language: Language): string {
  const category = CATEGORY_TREE.find((c) => c.id === id);
  if (!category) return id;
  return language === 'de' ? category.nameDe : category.nameEn;
}
