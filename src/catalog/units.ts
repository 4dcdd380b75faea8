import { Language } from '../common/i18n/language';
import { formatNumber } from '../common/i18n/number';

/*
 * Units of measure as suppliers write them (BMEcat ORDER_UNIT, CONTENT_UNIT, FUNIT; CIF Unit of
 * Measure; cXML UnitOfMeasure): UN/ECE Recommendation 20 codes, named in English and German. The
 * codes stay the supplier's everywhere they are sent on (OCI UNIT, cXML UnitOfMeasure); only what a
 * person reads is named. No npm package carries Recommendation 20 with German names (the UCUM
 * libraries are another code system), so this is a small table of the codes catalogs really use;
 * a code it does not know is kept and shown as written.
 */

interface UnitNames {
  /** [singular, plural] per language. */
  en: [string, string];
  de: [string, string];
  /** How a measured value is written ("2.5 mm²"); absent for counted units (packs, pieces). */
  symbol?: string;
}

const measure = (symbol: string, en?: [string, string], de?: [string, string]): UnitNames => ({
  en: en ?? [symbol, symbol],
  de: de ?? en ?? [symbol, symbol],
  symbol,
});

const UNITS: Record<string, UnitNames> = {
  // Counted units: pieces and packages.
  C62: { en: ['piece', 'pieces'], de: ['Stück', 'Stück'] },
  H87: { en: ['piece', 'pieces'], de: ['Stück', 'Stück'] },
  EA: { en: ['piece', 'pieces'], de: ['Stück', 'Stück'] },
  // Not a Recommendation 20 code (Recommendation 21's "piece"), but in many real BMEcat files.
  PCE: { en: ['piece', 'pieces'], de: ['Stück', 'Stück'] },
  PK: { en: ['pack', 'packs'], de: ['Packung', 'Packungen'] },
  PA: { en: ['packet', 'packets'], de: ['Päckchen', 'Päckchen'] },
  BX: { en: ['box', 'boxes'], de: ['Schachtel', 'Schachteln'] },
  CT: { en: ['carton', 'cartons'], de: ['Karton', 'Kartons'] },
  CS: { en: ['case', 'cases'], de: ['Kiste', 'Kisten'] },
  CR: { en: ['crate', 'crates'], de: ['Steige', 'Steigen'] },
  SET: { en: ['set', 'sets'], de: ['Set', 'Sets'] },
  KT: { en: ['kit', 'kits'], de: ['Bausatz', 'Bausätze'] },
  PR: { en: ['pair', 'pairs'], de: ['Paar', 'Paar'] },
  RO: { en: ['roll', 'rolls'], de: ['Rolle', 'Rollen'] },
  RM: { en: ['ream', 'reams'], de: ['Ries', 'Ries'] },
  ST: { en: ['sheet', 'sheets'], de: ['Blatt', 'Blatt'] },
  BG: { en: ['bag', 'bags'], de: ['Beutel', 'Beutel'] },
  SA: { en: ['sack', 'sacks'], de: ['Sack', 'Säcke'] },
  BO: { en: ['bottle', 'bottles'], de: ['Flasche', 'Flaschen'] },
  CA: { en: ['can', 'cans'], de: ['Dose', 'Dosen'] },
  TU: { en: ['tube', 'tubes'], de: ['Tube', 'Tuben'] },
  DR: { en: ['drum', 'drums'], de: ['Fass', 'Fässer'] },
  BE: { en: ['bundle', 'bundles'], de: ['Bund', 'Bunde'] },
  CL: { en: ['coil', 'coils'], de: ['Ring', 'Ringe'] },
  LO: { en: ['lot', 'lots'], de: ['Los', 'Lose'] },
  DZN: { en: ['dozen', 'dozen'], de: ['Dutzend', 'Dutzend'] },
  GRO: { en: ['gross', 'gross'], de: ['Gros', 'Gros'] },
  // Time.
  SEC: measure('s', ['second', 'seconds'], ['Sekunde', 'Sekunden']),
  MIN: measure('min', ['minute', 'minutes'], ['Minute', 'Minuten']),
  HUR: measure('h', ['hour', 'hours'], ['Stunde', 'Stunden']),
  DAY: measure('d', ['day', 'days'], ['Tag', 'Tage']),
  WEE: measure('wk', ['week', 'weeks'], ['Woche', 'Wochen']),
  MON: measure('mo', ['month', 'months'], ['Monat', 'Monate']),
  ANN: measure('y', ['year', 'years'], ['Jahr', 'Jahre']),
  // Length, area, volume.
  MMT: measure('mm'),
  CMT: measure('cm'),
  DMT: measure('dm'),
  MTR: measure('m', ['metre', 'metres'], ['Meter', 'Meter']),
  KMT: measure('km'),
  INH: measure('in', ['inch', 'inches'], ['Zoll', 'Zoll']),
  FOT: measure('ft', ['foot', 'feet'], ['Fuß', 'Fuß']),
  MMK: measure('mm²'),
  CMK: measure('cm²'),
  MTK: measure('m²'),
  CMQ: measure('cm³'),
  MTQ: measure('m³'),
  MLT: measure('ml'),
  CLT: measure('cl'),
  LTR: measure('l', ['litre', 'litres'], ['Liter', 'Liter']),
  // Mass.
  MGM: measure('mg'),
  GRM: measure('g'),
  KGM: measure('kg'),
  TNE: measure('t', ['tonne', 'tonnes'], ['Tonne', 'Tonnen']),
  // Electrical, physical.
  VLT: measure('V'),
  KVT: measure('kV'),
  AMP: measure('A'),
  '4K': measure('mA'),
  WTT: measure('W'),
  KWT: measure('kW'),
  KWH: measure('kWh'),
  D54: measure('W/m²'),
  HTZ: measure('Hz'),
  KHZ: measure('kHz'),
  MHZ: measure('MHz'),
  OHM: measure('Ω'),
  CEL: measure('°C'),
  KEL: measure('K'),
  DD: measure('°'),
  P1: measure('%'),
  BAR: measure('bar'),
  PAL: measure('Pa'),
  NEW: measure('N'),
  NU: measure('N·m'),
  LUX: measure('lx'),
  LUM: measure('lm'),
  '2N': measure('dB'),
  KMH: measure('km/h'),
  MTS: measure('m/s'),
  RPM: measure('rpm', undefined, ['U/min', 'U/min']),
  '4L': measure('MB'),
  E34: measure('GB'),
  E35: measure('TB'),
};

/** Whether the table knows the code (a supplier's other codes are kept, with an import warning). */
export function isKnownUnit(code: string): boolean {
  return Object.prototype.hasOwnProperty.call(UNITS, code.trim().toUpperCase());
}

/** The unit's name in `language` for `count` of it ("pieces", "Packung"); an unknown code as written. */
export function unitName(code: string, count: number, language: Language): string {
  const names = UNITS[code.trim().toUpperCase()]?.[language];
  if (!names) return code.trim();
  return count === 1 ? names[0] : names[1];
}

/** How a measured value's unit is written beside it ("mm²", "V"); a counted unit by its plural name. */
export function unitSymbol(code: string, language: Language): string {
  const entry = UNITS[code.trim().toUpperCase()];
  if (!entry) return code.trim();
  return entry.symbol ?? entry[language][1];
}

/** A decimal as stored ("100.0000", "2.5") in the reader's language: "100", "2,5". */
function amountText(decimal: string | number, language: Language): string {
  const value = Number(decimal);
  return Number.isFinite(value) ? formatNumber(value, language) : String(decimal);
}

/** What one order unit holds: the order unit, its content unit and how many ("pack of 100 pieces"). */
export interface Packaging {
  unit: string;
  contentUnit: string | null;
  /** Decimal text as stored (offer.content_per_order_unit), or null. */
  contentPerOrderUnit: string | null;
}

/**
 * The order unit as a person reads it, with its content where the catalog states it and it says
 * something (a pack of 1 piece does not): "pack of 100 pieces", "Packung mit 100 Stück", "2 packs
 * of 100 pieces each", else just the unit's name.
 */
export function packagingText(packaging: Packaging, count: number, language: Language): string {
  const { unit, contentUnit, contentPerOrderUnit } = packaging;
  const name = unitName(unit, count, language);
  const content = contentPerOrderUnit === null ? NaN : Number(contentPerOrderUnit);
  const sameUnit = contentUnit !== null && unitName(contentUnit, 2, language) === unitName(unit, 2, language);
  if (!contentUnit || !(content > 0) || (sameUnit && content === 1)) return name;
  const inner = `${amountText(contentPerOrderUnit as string, language)} ${unitSymbolOrName(contentUnit, content, language)}`;
  if (language === 'de') return count === 1 ? `${name} mit ${inner}` : `${name} mit je ${inner}`;
  return count === 1 ? `${name} of ${inner}` : `${name} of ${inner} each`;
}

/** A counted unit by its name for `count`, a measure by its symbol ("100 pieces", "5 l"). */
function unitSymbolOrName(code: string, count: number, language: Language): string {
  return UNITS[code.trim().toUpperCase()]?.symbol ?? unitName(code, count, language);
}

/**
 * What the price refers to, e.g. "per piece", "per 100 pieces", "pro Packung mit 100 Stück". An
 * unknown unit code is shown as the code itself ("per XYZ").
 */
export function priceUnitText(unit: string | Packaging, quantity: number, language: Language): string {
  const packaging: Packaging =
    typeof unit === 'string' ? { unit, contentUnit: null, contentPerOrderUnit: null } : unit;
  const per = language === 'de' ? 'pro' : 'per';
  const text = packagingText(packaging, quantity, language);
  return quantity === 1 ? `${per} ${text}` : `${per} ${quantity} ${text}`;
}

/** Every unit's names per language (the phrase checks of the buyer's pages read them). */
export const UNIT_NAMES: Record<string, Record<Language, [string, string]>> = Object.fromEntries(
  Object.entries(UNITS).map(([code, names]) => [code, { en: names.en, de: names.de }]),
);
