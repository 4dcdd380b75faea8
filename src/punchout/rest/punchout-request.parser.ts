import { cutText } from '../../common/text/cut-text';

/**
 * Validates the JSON body of POST .../product/{id}/punchout (spec 2.4) by hand, so that every 400
 * names the field at fault ("shipTo.countryCode must be ..."), including unknown fields, non-object
 * bodies and wrong types. Pure, no Nest or Prisma.
 */

import { isWellFormedText } from '../../common/validation/well-formed-text';
import { parseShipTo, ShipTo } from '../core/ship-to';

export const NAME_MAX_LENGTH = 200;

export interface PunchoutRequest {
  callbackUrl: string;
  name?: string;
  shipTo?: ShipTo;
}

export type PunchoutRequestParse = { ok: true; request: PunchoutRequest } | { ok: false; message: string };

const TOP_LEVEL_FIELDS = new Set(['callbackUrl', 'name', 'shipTo']);
// eslint-disable-next-line no-control-regex -- rejecting control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

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
