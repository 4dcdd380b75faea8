import { gtinOf } from './gtin';

describe('gtinOf', () => {
  it('accepts GTIN-8, -12, -13 and -14 with a correct check digit, ignoring spaces and hyphens', () => {
    expect(
      ['96385074', '036000291452', '4006381333931', '4 006381 33393-1', '10036000291459'].map(gtinOf),
    ).toEqual([
      { gtin: '96385074' },
      { gtin: '036000291452' },
      { gtin: '4006381333931' },
      { gtin: '4006381333931' },
      { gtin: '10036000291459' },
    ]);
  });

  it('names what is wrong with anything else', () => {
    expect(gtinOf('4006381333932')).toEqual({ problem: 'GTIN 4006381333932 has a wrong check digit' });
    expect(gtinOf('12345')).toEqual({ problem: '"12345" is not a GTIN (8, 12, 13 or 14 digits)' });
    expect(gtinOf('ABC4006381333')).toEqual({
      problem: '"ABC4006381333" is not a GTIN (8, 12, 13 or 14 digits)',
    });
  });
});
