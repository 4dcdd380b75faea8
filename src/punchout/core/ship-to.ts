/**
 * A ship-to address as the entries take it (the REST body's `shipTo`, the cXML ShipTo): the cXML
 * Address fields, each bounded, the country an assigned ISO 3166-1 code. Pure, no Nest or Prisma.
 */

import { getAlpha2Codes } from 'i18n-iso-countries';
import { isWellFormedText } from '../../common/validation/well-formed-text';

/** Upper bounds of the cXML Address fields: generous for real addresses, bounded for storage and audit. */
export const ADDRESS_FIELD_LIMITS = {
  addressId: 100,
  addressIdDomain: 100,
  street: 300,
  cityCode: 20,
  city: 100,
  stateCode: 10,
  state: 100,
  postalCode: 20,
  countryCode: 2,
  country: 100,
} as const;

export type AddressField = keyof typeof ADDRESS_FIELD_LIMITS;
export type ShipTo = Partial<Record<AddressField, string>>;

// eslint-disable-next-line no-control-regex -- rejecting control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The officially assigned ISO 3166-1 alpha-2 codes (i18n-iso-countries' list, 249 codes), less
 * XK (Kosovo), which that list carries but ISO 3166 leaves user-assigned. Not Intl.DisplayNames:
 * CLDR also names EU, UN, EZ, ZZ and other non-country regions.
 */
const COUNTRY_CODES: ReadonlySet<string> = new Set(
  Object.keys(getAlpha2Codes()).filter((code) => /^[A-Z]{2}$/.test(code) && code !== 'XK'),
);

/** An assigned ISO 3166-1 alpha-2 code (upper case). */
export function isCountryCode(value: string): boolean {
  return COUNTRY_CODES.has(value);
}

/** A shipTo object checked field by field (the REST body's and the cXML ShipTo's rules): the address, or what is wrong. */
export function parseShipTo(raw: unknown): ShipTo | string {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return 'shipTo must be an object';
  const shipTo: ShipTo = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    // Own keys only: `in` would take "constructor", "toString" etc. from Object.prototype.
    if (!Object.hasOwn(ADDRESS_FIELD_LIMITS, key))
      return `shipTo.${quoted(key)} is not a field of an address`;
    const field = key as AddressField;
    if (typeof value !== 'string') return `shipTo.${field} must be a string`;
    if (!isWellFormedText(value)) return notWellFormed(`shipTo.${field}`);
    if (CONTROL.test(value)) return `shipTo.${field} must not contain control characters`;
    if (field === 'countryCode') {
      if (!isCountryCode(value.toUpperCase())) {
        return 'shipTo.countryCode must be a two-letter ISO 3166-1 country code, e.g. "DE"';
      }
      shipTo.countryCode = value.toUpperCase();
      continue;
    }
    const limit = ADDRESS_FIELD_LIMITS[field];
    if (value.length > limit) return `shipTo.${field} is longer than ${limit} characters`;
    shipTo[field] = value;
  }
  return shipTo;
}

function notWellFormed(field: string): string {
  return `${field} must be well-formed Unicode (no lone surrogates)`;
}

/** A field name as shown in a message: bounded, so a huge key does not bloat the error. */
function quoted(key: string): string {
  return JSON.stringify(key.length > 50 ? `${key.slice(0, 50)}...` : key);
}
