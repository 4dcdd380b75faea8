import { negotiateLanguage } from './language';

describe('negotiateLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['de', 'de'],
    ['de-CH, en;q=0.5', 'de'],
    ['en;q=0.4, de;q=0.8', 'de'],
    ['fr, de;q=0.3', 'de'],
    ['fr, it', 'en'],
    ['de;q=0, en', 'en'],
    ['*', 'en'],
    ['de;q=abc, en;q=0.1', 'en'],
  ])('picks the language for %p (default en)', (header, expected) => {
    expect(negotiateLanguage(header, 'en')).toBe(expected);
  });

  it('falls back to the configured default', () => {
    expect(negotiateLanguage('fr', 'de')).toBe('de');
  });
});

describe('one negotiation for API and pages', () => {
  it('answers a wildcard with the configured default, whichever it is', () => {
    expect(negotiateLanguage('*', 'de')).toBe('de');
    expect(negotiateLanguage('*', 'en')).toBe('en');
    expect(negotiateLanguage('fr, *;q=0.5', 'de')).toBe('de');
    expect(negotiateLanguage('en;q=0.9, *;q=0.5', 'de')).toBe('en');
  });

  it('takes repeated headers together', () => {
    expect(negotiateLanguage(['fr', 'de;q=0.5'], 'en')).toBe('de');
  });
});
