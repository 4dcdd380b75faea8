import { negotiateLanguage } from '../common/i18n/language';
import { pickLanguage } from './language';

describe('pickLanguage', () => {
  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['en-GB,en;q=0.9', 'en'],
    ['fr-FR,fr;q=0.9,de;q=0.5,en;q=0.4', 'de'],
    ['en;q=0.2,de;q=0.7', 'de'],
    ['DE', 'de'],
  ])('answers %s with %s', (header, expected) => {
    expect(pickLanguage(header, 'en')).toBe(expected);
  });

  it('falls back when the browser names neither language, or nothing, or garbage', () => {
    expect(pickLanguage('fr, it;q=0.5', 'de')).toBe('de');
    expect(pickLanguage(undefined, 'en')).toBe('en');
    expect(pickLanguage(';;q=,,,', 'en')).toBe('en');
  });
});

describe('pages and API agree', () => {
  it.each(['*', 'fr, *;q=0.1', 'de-AT', 'en-US, de;q=0.9', 'de;q=0, *', ''])('for %p', (header) => {
    for (const fallback of ['en', 'de'] as const) {
      expect(pickLanguage(header, fallback)).toBe(negotiateLanguage(header, fallback));
    }
  });
});
