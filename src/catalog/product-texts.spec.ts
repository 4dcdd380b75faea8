import { localizedName, localizedText, productTextsOf } from './product-texts';

describe("product texts in the reader's language", () => {
  const both = { de: { name: 'Tastatur', description: 'Deutsches Layout' }, en: { name: 'Keyboard' } };

  it('answers in the asked language when the product has a text in it', () => {
    expect(localizedName(both, 'en', 'stored')).toEqual({ text: 'Keyboard', language: 'en' });
    expect(localizedName(both, 'de', 'stored')).toEqual({ text: 'Tastatur', language: 'de' });
  });

  it('falls back to the other language, then to the stored text (language not known)', () => {
    expect(localizedText(productTextsOf(both), 'description', 'en', null)).toEqual({
      text: 'Deutsches Layout',
      language: 'de',
    });
    expect(localizedName({}, 'de', 'Stored name')).toEqual({ text: 'Stored name', language: null });
    expect(localizedText({}, 'description', 'de', null)).toBeNull();
  });

  it('ignores blank texts, other languages and JSON that is not a text map', () => {
    expect(localizedName({ en: { name: '  ' }, de: { name: 'Kabel' } }, 'en', 's')).toEqual({
      text: 'Kabel',
      language: 'de',
    });
    expect(productTextsOf({ fr: { name: 'Clavier' }, en: { name: 42 } })).toEqual({});
    for (const stored of [null, undefined, 'x', [], 7])
      expect(localizedName(stored, 'en', 'S').text).toBe('S');
  });
});
