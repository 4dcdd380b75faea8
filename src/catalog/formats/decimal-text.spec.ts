import {
  compareDecimals,
  decimalText,
  divideDecimals,
  multiplyDecimals,
  percentOfFraction,
} from './decimal-text';

describe('decimal text', () => {
  it('reads plain decimals exactly, and a decimal comma only when asked and unambiguous', () => {
    expect(['1499.5', ' 0.0825 ', '007', '.5', '12.', '1e3', '4,20', ''].map((t) => decimalText(t))).toEqual([
      '1499.5',
      '0.0825',
      '7',
      '0.5',
      '12',
      null,
      null,
      null,
    ]);
    expect(
      ['12,50', '0,5', '3,14159', '1,250', '1.250,00', '1,250.00'].map((t) =>
        decimalText(t, { decimalComma: true }),
      ),
    ).toEqual(['12.5', '0.5', '3.14159', null, null, null]);
  });

  it('multiplies, divides and turns a fraction into percent without binary rounding', () => {
    expect(multiplyDecimals('0.1', '0.2')).toBe('0.02');
    expect(multiplyDecimals('12.345', '0.8')).toBe('9.876');
    expect(percentOfFraction('0.19')).toBe('19');
    expect(percentOfFraction('0.055')).toBe('5.5');
    expect(divideDecimals('10', '0.1')).toEqual({ quotient: '100', exact: true });
    expect(divideDecimals('1', '3').exact).toBe(false);
  });
});

describe('decimal text: the fast path writes what decimal.js writes', () => {
  it.each([
    '0',
    '13.10',
    '13.00',
    '13.',
    '0.50',
    '0.0825',
    '100',
    '1499.5',
    '0.000',
    '123456789012345.678900',
    '007.50',
    '+3',
    '-0.10',
  ])('%s', (text) => {
    const Decimal = jest.requireActual('decimal.js').default;
    expect(decimalText(text)).toBe(new (Decimal.clone({ precision: 64 }))(text).toFixed());
  });
});

describe('compareDecimals', () => {
  it.each([
    ['1', '10', -1],
    ['100', '10', 1],
    ['0.1', '0.10', 0],
    ['4.2', '4.19', 1],
    ['-1', '0', -1],
    ['0.30000000000000004', '0.3', 1],
    ['1234567890.12345678', '1234567890.12345679', -1],
  ])('%s against %s is %d', (a, b, order) => {
    expect(compareDecimals(a, b)).toBe(order);
  });
});
