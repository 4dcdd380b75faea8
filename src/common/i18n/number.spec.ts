import { formatNumber } from './number';

describe('formatNumber', () => {
  it('writes numbers as the reader does, each language with its own formatter', () => {
    expect(formatNumber(1234, 'de')).toBe('1.234');
    expect(formatNumber(1234, 'en')).toBe('1,234');
    expect(formatNumber(1234567, 'de')).toBe('1.234.567');
    expect(formatNumber(7, 'en')).toBe('7');
    expect(formatNumber(4.5, 'de')).toBe('4,5');
  });
});
