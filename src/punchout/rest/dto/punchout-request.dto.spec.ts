import { isCountryCode } from '../../core/ship-to';
import { PunchoutRequestDto } from './punchout-request.dto';

/** The schema's reading of a body as the route answers it: the request, or the first fault's message. */
function parsePunchoutRequest(
  body: unknown,
): { ok: true; request: PunchoutRequestDto } | { ok: false; message: string } {
  const checked = PunchoutRequestDto.check(body);
  return checked.ok ? { ok: true, request: checked.value } : { ok: false, message: checked.issue.message };
}

describe('PunchoutRequestDto', () => {
  it('accepts the spec 2.4 body and upper-cases the country code', () => {
    const body = {
      callbackUrl: 'https://srm.example.com/hook',
      name: 'Erika Mustermann',
      shipTo: {
        addressId: 'A1',
        street: 'Hauptstr. 1',
        city: 'Köln',
        postalCode: '50667',
        countryCode: 'de',
      },
    };
    expect(parsePunchoutRequest(body)).toEqual({
      ok: true,
      request: { ...body, shipTo: { ...body.shipTo, countryCode: 'DE' } },
    });
  });

  it.each([
    [undefined, 'the body must be a JSON object with callbackUrl'],
    [[], 'the body must be a JSON object'],
    ['x', 'the body must be a JSON object'],
    [{}, 'callbackUrl is required'],
    [{ callbackUrl: 'x', extra: 1 }, '"extra" is not a field of a punchout request'],
    [{ callbackUrl: 'x', name: '' }, 'name must not be blank'],
    [{ callbackUrl: 'x', name: 'a\u0000b' }, 'name must not contain control characters'],
    [{ callbackUrl: 'x', shipTo: [] }, 'shipTo must be an object'],
    [{ callbackUrl: 'x', shipTo: { city: null } }, 'shipTo.city must be a string'],
    [
      { callbackUrl: 'x', shipTo: { postalCode: '1'.repeat(21) } },
      'shipTo.postalCode is longer than 20 characters',
    ],
    [
      { callbackUrl: 'x', shipTo: { countryCode: 'XX' } },
      'shipTo.countryCode must be a two-letter ISO 3166-1 country code, e.g. "DE"',
    ],
  ])('refuses %j: %s', (body, message) => {
    expect(parsePunchoutRequest(body)).toEqual({ ok: false, message });
  });

  it.each([
    [{ callbackUrl: 'x', name: 'Erika \ud800' }, 'name must be well-formed Unicode (no lone surrogates)'],
    [{ callbackUrl: 'x', name: '\udc00 Erika' }, 'name must be well-formed Unicode (no lone surrogates)'],
    [
      { callbackUrl: 'x', shipTo: { city: 'K\ud83dln' } },
      'shipTo.city must be well-formed Unicode (no lone surrogates)',
    ],
    [
      { callbackUrl: 'x', shipTo: { countryCode: '\ud800' } },
      'shipTo.countryCode must be well-formed Unicode (no lone surrogates)',
    ],
    [
      { callbackUrl: 'https://srm.example.com/hook\ud800' },
      'callbackUrl must be well-formed Unicode (no lone surrogates)',
    ],
  ])('refuses strings that are not well-formed Unicode: %j', (body, message) => {
    expect(parsePunchoutRequest(body)).toEqual({ ok: false, message });
  });

  it('accepts a well-formed astral character (a surrogate pair) in name and shipTo', () => {
    expect(parsePunchoutRequest({ callbackUrl: 'x', name: 'Erika 😀', shipTo: { city: '😀' } }).ok).toBe(
      true,
    );
  });

  it.each(['constructor', 'hasOwnProperty', 'toString', '__proto__', 'valueOf'])(
    'refuses the inherited property name %s as a shipTo field',
    (key) => {
      const shipTo = JSON.parse(`{"${key}": "x"}`) as Record<string, unknown>;
      expect(parsePunchoutRequest({ callbackUrl: 'x', shipTo })).toEqual({
        ok: false,
        message: `shipTo."${key}" is not a field of an address`,
      });
    },
  );

  it.each(['EU', 'ZZ', 'UN', 'XK', 'UK', 'QO', 'AA', 'XA'])(
    'refuses %s, which is not an assigned ISO 3166-1 alpha-2 code',
    (code) => {
      expect(parsePunchoutRequest({ callbackUrl: 'x', shipTo: { countryCode: code } })).toEqual({
        ok: false,
        message: 'shipTo.countryCode must be a two-letter ISO 3166-1 country code, e.g. "DE"',
      });
    },
  );

  it('names a huge unknown field briefly', () => {
    const result = parsePunchoutRequest({ callbackUrl: 'x', ['k'.repeat(500)]: 1 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message.length).toBeLessThan(120);
  });
});

describe('isCountryCode', () => {
  it('knows assigned ISO 3166-1 alpha-2 codes only', () => {
    expect(['DE', 'AT', 'CH', 'US', 'GB'].every(isCountryCode)).toBe(true);
    expect(['XX', 'QQ', 'de', 'DEU', ''].some(isCountryCode)).toBe(false);
    expect(['AQ', 'SS', 'BQ', 'CW', 'SX', 'TW', 'PS', 'AX'].every(isCountryCode)).toBe(true);
    expect(['EU', 'ZZ', 'UN', 'EZ', 'XK', 'UK', 'QO'].some(isCountryCode)).toBe(false);
  });
});
