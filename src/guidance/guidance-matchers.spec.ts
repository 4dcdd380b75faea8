import { MATCHERS, PRODUCT_LEVEL_MATCHERS, normalizeName } from './guidance-matchers';
import { GUIDANCE_MATCHERS } from './dto/create-guidance-rule.dto';

describe('guidance matcher definitions', () => {
  it('define every matcher the API accepts, each with its in-memory and its SQL form', () => {
    expect(Object.keys(MATCHERS).sort()).toEqual([...GUIDANCE_MATCHERS].sort());
    for (const definition of Object.values(MATCHERS)) {
      expect(typeof definition.matches).toBe('function');
      expect(typeof definition.sql).toBe('function');
    }
  });

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
