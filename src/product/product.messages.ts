import { Language } from '../search/search-language';

/** Names of common UN/ECE Rec. 20 units: [singular, plural] per language. */
const UNIT_NAMES: Record<string, Record<Language, [string, string]>> = {
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
