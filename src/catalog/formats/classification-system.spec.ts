import { classificationOf } from './classification-system';

describe('classificationOf', () => {
  it.each([
    ['ECLASS-5.1', '19010203', 'eclass', '19010203', '5.1'],
    ['eCl@ss 7.1', '19-01-02-03', 'eclass', '19010203', '7.1'],
    ['ECLASS', '1901020', 'eclass', '1901020', null],
    ['ETIM-7.0', 'EC000001', 'etim', 'EC000001', '7.0'],
    ['UNSPSC', '43211503', 'unspsc', '43211503', null],
    ['UNSPSC_V7.0', '43211503', 'unspsc', '43211503', '7.0'],
    ['SPSC', '43211503', 'unspsc', '43211503', null],
    ['udf_Supplier-1.0', '5', 'other', '5', '1.0'],
  ])('%s %s', (system, code, type, storedCode, version) => {
    expect(classificationOf(system, code)).toEqual({ type, system, code: storedCode, version });
  });
});
