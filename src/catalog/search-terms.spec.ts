import {
  compoundParts,
  identifierQuery,
  queryAlternatives,
  searchIdsOf,
  searchPartsOf,
} from './search-terms';

describe('search terms', () => {
  it.each([
    ['Kopierpapier', ['kopier', 'papier']],
    ['Druckerpapier', ['drucker', 'papier']],
    ['Bleistift', ['blei', 'stift']],
    ['Filzstift', ['filz', 'stift']],
    ['Einweghandschuhe', ['einweg', 'handschuhe']],
    ['Aktenschrank', ['akten', 'schrank']],
    ['Laserdrucker', ['laser', 'drucker']],
  ])('splits %s', (word, parts) => {
    expect(compoundParts(word)).toEqual(parts);
  });

  it('leaves simple words and short words alone', () => {
    expect(compoundParts('Monitor')).toEqual([]);
    expect(compoundParts('Kabel')).toEqual([]);
    expect(compoundParts('Computer')).toEqual([]);
  });

  it('indexes compound parts and joined hyphenated words', () => {
    const parts = searchPartsOf(['Brother Laser-Drucker, Kopierpapier']).split(' ');
    expect(parts).toEqual(expect.arrayContaining(['laserdrucker', 'laser', 'drucker', 'kopier', 'papier']));
  });

  it('reads a query compound apart and a hyphenated query word joined', () => {
    expect(queryAlternatives('Laserdrucker')).toEqual(['laser drucker']);
    expect(queryAlternatives('Laser-Drucker')).toEqual(['LaserDrucker', 'laser drucker']);
    expect(queryAlternatives('papier')).toEqual([]);
    expect(queryAlternatives('drucker -laserdrucker')).toEqual([]);
  });

  it('recognizes identifiers with or without hyphens and spaces', () => {
    expect(identifierQuery('978-3-16-148410-0')).toBe('9783161484100');
    expect(identifierQuery('4006381 333931')).toBe('4006381333931');
    expect(identifierQuery('LE-1234')).toBe('le1234');
    expect(identifierQuery('papier')).toBeNull();
    expect(identifierQuery('"a1234"')).toBeNull();
  });

  it('collects a product’s identifiers', () => {
    const ids = searchIdsOf({
      productCode: 'DM1X00000AB',
      manufacturerPartNumber: 'LE-1234',
      book: { isbn13: '978-3-16-148410-0', isbn10: null },
      overview: { ean: '4006381333931' },
      offers: [{ vendorSku: 'BPS-0000AB-1' }],
    } as never);
    expect(ids.split(' ')).toEqual(['dm1x00000ab', 'le1234', '9783161484100', '4006381333931', 'bps0000ab1']);
  });
});
