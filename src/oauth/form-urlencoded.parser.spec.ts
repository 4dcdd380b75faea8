import { parseFormUrlencoded, singleField } from './form-urlencoded.parser';
import { OAuthProtocolError } from './oauth-protocol.error';

function refusal(work: () => unknown): OAuthProtocolError {
  try {
    work();
  } catch (error) {
    if (error instanceof OAuthProtocolError) return error;
    throw error;
  }
  throw new Error('expected an OAuthProtocolError');
}

describe('parseFormUrlencoded', () => {
  it('decodes + as a space and %2B as a plus', () => {
    const fields = parseFormUrlencoded('a=x+y&b=x%2By');
    expect(fields.get('a')).toEqual(['x y']);
    expect(fields.get('b')).toEqual(['x+y']);
  });

  it('decodes percent-encoded UTF-8, quotes and a literal percent sign', () => {
    const email = '"jo %+q"@exämple.de';
    const fields = parseFormUrlencoded(`email=${encodeURIComponent(email)}`);
    expect(fields.get('email')).toEqual([email]);
  });

  it('keeps every value of a repeated field in order', () => {
    expect(parseFormUrlencoded('a=1&b=2&a=3').get('a')).toEqual(['1', '3']);
  });

  it('reads a field without "=" as empty and skips empty pairs', () => {
    const fields = parseFormUrlencoded('&flag&&x=1&');
    expect([...fields.entries()]).toEqual([
      ['flag', ['']],
      ['x', ['1']],
    ]);
  });

  it('keeps a leading "?" as part of the first name rather than dropping it', () => {
    expect(parseFormUrlencoded('?a=1').has('?a')).toBe(true);
  });

  it.each([
    ['a broken escape', 'email=100%'],
    ['a non-hex escape', 'email=%zz'],
    ['bytes that are not UTF-8', 'email=%C3%28'],
    ['a broken escape in a name', 'e%mail=x'],
  ])('refuses %s with invalid_request', (_case, raw) => {
    expect(refusal(() => parseFormUrlencoded(raw)).code).toBe('invalid_request');
  });
});

describe('singleField', () => {
  const fields = parseFormUrlencoded('one=1&empty=&twice=a&twice=b');

  it('returns the single value, and undefined for absent or empty fields', () => {
    expect(singleField(fields, 'one')).toBe('1');
    expect(singleField(fields, 'empty')).toBeUndefined();
    expect(singleField(fields, 'absent')).toBeUndefined();
  });

  it('refuses a repeated field with invalid_request naming it', () => {
    const error = refusal(() => singleField(fields, 'twice'));
    expect(error.code).toBe('invalid_request');
    expect(error.description).toContain('twice');
  });
});
