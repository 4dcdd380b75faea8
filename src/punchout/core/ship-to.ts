/**
 * A ship-to address as the entries take it (the REST body's `shipTo`, the cXML ShipTo): the cXML
 * Address fields, each bounded, the country an assigned ISO 3166-1 code. Pure, no Nest or Prisma.
 */

import { getAlpha2Codes } from 'i18n-iso-countries';
import { z } from 'zod';
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

/** One address field: text, well-formed, single-line, within its bound. */
function addressField(field: AddressField): z.ZodOptional<z.ZodString> {
  const limit = ADDRESS_FIELD_LIMITS[field];
  return z
    .string({ error: `shipTo.${field} must be a string` })
    .refine(isWellFormedText, notWellFormed(`shipTo.${field}`))
    .refine((value) => !CONTROL.test(value), `shipTo.${field} must not contain control characters`)
    .max(limit, `shipTo.${field} is longer than ${limit} characters`)
    .optional();
}

const COUNTRY_CODE_MESSAGE = 'shipTo.countryCode must be a two-letter ISO 3166-1 country code, e.g. "DE"';

/**
 * The address schema (the REST body's `shipTo`, the cXML ShipTo's fields): unknown fields refused by
 * name, the country code upper-cased. One definition for both entries.
 */
export const shipToSchema = z.strictObject(
  {
    addressId: addressField('addressId'),
    addressIdDomain: addressField('addressIdDomain'),
    street: addressField('street'),
    cityCode: addressField('cityCode'),
    city: addressField('city'),
    stateCode: addressField('stateCode'),
    state: addressField('state'),
    postalCode: addressField('postalCode'),
    countryCode: z
      .string({ error: 'shipTo.countryCode must be a string' })
      .refine(isWellFormedText, notWellFormed('shipTo.countryCode'))
      .refine((value) => !CONTROL.test(value), 'shipTo.countryCode must not contain control characters')
      .regex(/^[A-Za-z]{2}$/, COUNTRY_CODE_MESSAGE)
      .refine((value) => isCountryCode(value.toUpperCase()), COUNTRY_CODE_MESSAGE)
      .overwrite((value) => value.toUpperCase())
      .meta({ description: 'ISO 3166-1 alpha-2', example: 'DE' })
      .optional(),
    country: addressField('country'),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `shipTo.${quoted(issue.keys[0] ?? '')} is not a field of an address`
        : 'shipTo must be an object',
  },
);

/** A shipTo object checked field by field (the cXML entry's reading): the address, or what is wrong. */
export function parseShipTo(raw: unknown): ShipTo | string {
  const checked = shipToSchema.safeParse(raw);
  if (checked.success) return checked.data;
  return checked.error.issues[0].message;
}

export function notWellFormed(field: string): string {
  return `${field} must be well-formed Unicode (no lone surrogates)`;
}

/** A field name as shown in a message: bounded, so a huge key does not bloat the error. */
export function quoted(key: string): string {
  return JSON.stringify(key.length > 50 ? `${key.slice(0, 50)}...` : key);
}
