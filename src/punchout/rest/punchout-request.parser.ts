import { cutText } from '../../common/text/cut-text';

/**
 * Validates the JSON body of POST .../product/{id}/punchout (spec 2.4) by hand, so that every 400
 * names the field at fault ("shipTo.countryCode must be ..."), including unknown fields, non-object
 * bodies and wrong types. Pure, no Nest or Prisma.
 */

import { getAlpha2Codes } from 'i18n-iso-countries';
import { isWellFormedText } from '../../common/validation/well-formed-text';

export const NAME_MAX_LENGTH = 200;

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

export interface PunchoutRequest {
  callbackUrl: string;
  name?: string;
  shipTo?: ShipTo;
}

export type PunchoutRequestParse = { ok: true; request: PunchoutRequest } | { ok: false; message: string };

const TOP_LEVEL_FIELDS = new Set(['callbackUrl', 'name', 'shipTo']);
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

export function parsePunchoutRequest(body: unknown): PunchoutRequestParse {
  if (body === undefined || body === null) return fail('the body must be a JSON object with callbackUrl');
  if (typeof body !== 'object' || Array.isArray(body)) return fail('the body must be a JSON object');
  const input = body as Record<string, unknown>;
  const unknown = Object.keys(input).find((key) => !TOP_LEVEL_FIELDS.has(key));
  if (unknown !== undefined) return fail(`${quoted(unknown)} is not a field of a punchout request`);

  if (input.callbackUrl === undefined) return fail('callbackUrl is required');
  if (typeof input.callbackUrl !== 'string') return fail('callbackUrl must be a string');
  if (!isWellFormedText(input.callbackUrl)) return fail(notWellFormed('callbackUrl'));
  const request: PunchoutRequest = { callbackUrl: input.callbackUrl };

  if (input.name !== undefined) {
    if (typeof input.name !== 'string') return fail('name must be a string');
    if (!isWellFormedText(input.name)) return fail(notWellFormed('name'));
    if (input.name.trim().length === 0) return fail('name must not be blank');
    if (input.name.length > NAME_MAX_LENGTH) return fail(`name is longer than ${NAME_MAX_LENGTH} characters`);
    if (CONTROL.test(input.name)) return fail('name must not contain control characters');
    request.name = input.name;
  }

  if (input.shipTo !== undefined) {
    const shipTo = parseShipTo(input.shipTo);
    if (typeof shipTo === 'string') return fail(shipTo);
    request.shipTo = shipTo;
  }
  return { ok: true, request };
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
  return JSON.stringify(key.length > 50 ? `${cutText(key, 50)}...` : key);
}

function fail(message: string): PunchoutRequestParse {
  return { ok: false, message };
}
