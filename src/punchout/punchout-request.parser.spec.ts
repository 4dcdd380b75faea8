import { isCountryCode, parsePunchoutRequest } from './punchout-request.parser';

describe('parsePunchoutRequest', () => {
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
  });
});
