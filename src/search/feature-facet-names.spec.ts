import { featureFacetsOf, FeatureValueRow } from './search.repository';

/** One value row as the facet query gives it: the value's term, count and one product's spelling. */
const row = (term: string, n: number, de: string): FeatureValueRow => ({
  key: term.split('=')[0],
  term,
  n,
  name: { de, en: 'Colour' },
  value: { de: term.split('=')[1] },
  unit: null,
});

describe('feature facet names', () => {
  it('names a feature by its well-formed spelling even when the sloppy one came first or more often', () => {
    const [facet] = featureFacetsOf([
      row('farbe=schwarz', 9, 'farbe '),
      row('farbe=grau', 5, 'FARBE'),
      row('farbe=blau', 1, 'Farbe'),
    ]);
    expect(facet.name).toEqual({ de: 'Farbe', en: 'Colour' });
  });

  it('takes the more frequent of two well-formed spellings, and trims a sloppy one it must take', () => {
    expect(
      featureFacetsOf([
        row('breite=1', 2, 'Breite'),
        row('breite=2', 7, 'Breite (mm)'),
        row('breite=3', 1, 'Breite'),
      ])[0].name.de,
    ).toBe('Breite');
    expect(featureFacetsOf([row('farbe=rot', 1, ' farbe ')])[0].name.de).toBe('farbe');
  });
});
