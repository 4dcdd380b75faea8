import { MATCHERS, PRODUCT_LEVEL_MATCHERS, normalizeName } from './guidance-matchers';

describe('guidance matcher definitions', () => {
  it('derive the product-level set from the definitions: what reads no offer fact', () => {
    expect([...PRODUCT_LEVEL_MATCHERS].sort()).toEqual([
      'brand',
      'category',
      'product',
      'product_code',
      'unspsc_prefix',
    ]);
  });

  it('give no SQL for an empty rule list (so no constant reaches the query)', () => {
    for (const definition of Object.values(MATCHERS)) expect(definition.sql([])).toBeNull();
  });

  it('normalize names the way lower(btrim(..)) does: spaces trimmed, case folded', () => {
    expect(normalizeName('  Office WORLD  ')).toBe('office world');
    // btrim removes spaces only; so does the in-memory form.
    expect(normalizeName('\tOffice\n')).toBe('\toffice\n');
  });
});
