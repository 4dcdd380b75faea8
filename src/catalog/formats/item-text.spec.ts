import { nameFromDescription, plainText } from './item-text';

describe('catalog texts', () => {
  it('turns simple HTML into plain text and leaves text that only looks like markup', () => {
    expect(
      plainText('<p>Für 25&nbsp;Blatt.</p><ul><li>schwarz</li><li>rot</li></ul>Preis &lt; 10 &#8364;'),
    ).toBe('Für 25 Blatt.\nschwarz\nrot\nPreis < 10 €');
    expect(plainText('a < b and c > d')).toBe('a < b and c > d');
    expect(plainText('  plain  ')).toBe('plain');
  });

  it('takes a name from a description: its first line, cut at a word', () => {
    expect(nameFromDescription('Stapler, black\nFor 25 sheets')).toBe('Stapler, black');
    const long = 'word '.repeat(40);
    const name = nameFromDescription(long);
    expect(name.endsWith('word…')).toBe(true);
    expect(name.length).toBeLessThanOrEqual(121);
  });
});
