import { catalogIdOf, manufacturerKeyOf, supplierItemKeyOf } from './product-match';
import { CATALOG_ID_PATTERN } from '../catalog.constants';

describe('product matching keys', () => {
  it('ignores case, spaces and hyphens in manufacturer names and part numbers', () => {
    expect(manufacturerKeyOf('Weidmüller', '1234-5678 AB')).toBe(
      manufacturerKeyOf('WEIDMÜLLER ', '12345678ab'),
    );
    expect(manufacturerKeyOf('Phoenix Contact', 'UT 2,5')).toBe('phoenixcontact|ut2,5');
    expect(manufacturerKeyOf('A', '1')).not.toBe(manufacturerKeyOf('A', '2'));
  });

  it('needs both a manufacturer and a part number', () => {
    expect(manufacturerKeyOf(null, '1')).toBeNull();
    expect(manufacturerKeyOf('A', null)).toBeNull();
    expect(manufacturerKeyOf(' - ', '1')).toBeNull();
  });

  it('tells items apart by their auxiliary id', () => {
    expect(supplierItemKeyOf('P1', null)).toBe('P1');
    expect(supplierItemKeyOf('P1', 'BOX10')).not.toBe(supplierItemKeyOf('P1', 'BOX50'));
  });

  it('makes stable ids of the catalog id pattern', () => {
    const id = catalogIdOf('so', 'supplier', null, 'P1');
    expect(id).toBe(catalogIdOf('so', 'supplier', null, 'P1'));
    expect(id).not.toBe(catalogIdOf('so', 'supplier', 'org', 'P1'));
    expect(id).toMatch(CATALOG_ID_PATTERN);
  });
});
