import { normalizeOciFields, ociCartOf, outcomeOf, totalsByCurrency } from './session-record';

describe('session record helpers', () => {
  it('maps every status to its outcome; sessions still running are open', () => {
    expect(outcomeOf('TRANSFERRED')).toBe('transferred');
    expect(outcomeOf('CANCELLED')).toBe('cancelled');
    expect(outcomeOf('EXPIRED')).toBe('expired');
    expect(outcomeOf('FAILED')).toBe('failed');
    expect(outcomeOf('CREATED')).toBe('open');
    expect(outcomeOf('OPENED')).toBe('open');
  });

  it('sums cart totals per currency exactly, with four-decimal prices and no float drift', () => {
    expect(
      totalsByCurrency([
        { quantity: 3, unitPrice: '0.1000', currency: 'EUR' },
        { quantity: 10, unitPrice: '1.3', currency: 'EUR' },
        { quantity: 1, unitPrice: '2.1234', currency: 'USD' },
        { quantity: 2, unitPrice: '199', currency: 'CHF' },
      ]),
    ).toEqual([
      { currency: 'CHF', amount: '398.00' },
      { currency: 'EUR', amount: '13.30' },
      { currency: 'USD', amount: '2.1234' },
    ]);
    expect(totalsByCurrency([])).toEqual([]);
  });

  it('reads posted fields stored as pairs, as {name, value} objects, as an object, or inside {fields}', () => {
    const pairs = [
      ['NEW_ITEM-DESCRIPTION[1]', 'Pen'],
      ['NEW_ITEM-QUANTITY[1]', '10'],
    ];
    expect(normalizeOciFields(pairs)).toEqual(pairs);
    expect(normalizeOciFields({ fields: pairs })).toEqual(pairs);
    expect(normalizeOciFields([{ name: 'NEW_ITEM-PRICE[1]', value: '1.30' }])).toEqual([
      ['NEW_ITEM-PRICE[1]', '1.30'],
    ]);
    expect(
      normalizeOciFields({ 'NEW_ITEM-QUANTITY[1]': 10, 'NEW_ITEM-LONGTEXT_1:132[]': ['a', 'b'] }),
    ).toEqual([
      ['NEW_ITEM-QUANTITY[1]', '10'],
      ['NEW_ITEM-LONGTEXT_1:132[]', 'a'],
      ['NEW_ITEM-LONGTEXT_1:132[]', 'b'],
    ]);
    expect(normalizeOciFields(null)).toEqual([]);
    expect(normalizeOciFields('garbage')).toEqual([]);
    expect(normalizeOciFields([42, ['only-name'], ['x', null]])).toEqual([['x', '']]);
  });

  it('groups NEW_ITEM fields into lines ordered by line number, long text joined, other fields kept', () => {
    const cart = ociCartOf([
      ['NEW_ITEM-DESCRIPTION[2]', 'Chair'],
      ['NEW_ITEM-DESCRIPTION[1]', 'Pen <b>'],
      ['NEW_ITEM-QUANTITY[1]', '10'],
      ['NEW_ITEM-LONGTEXT_1:132[]', 'Pelikan blue '],
      ['NEW_ITEM-LONGTEXT_1:132[]', 'ballpoint pen'],
      ['~OkCode', 'ADDI'],
    ]);
    expect(cart.lines).toEqual([
      { line: 1, values: { DESCRIPTION: 'Pen <b>', QUANTITY: '10' }, longText: 'Pelikan blue ballpoint pen' },
      { line: 2, values: { DESCRIPTION: 'Chair' } },
    ]);
    expect(cart.other).toEqual([['~OkCode', 'ADDI']]);
    expect(ociCartOf([]).lines).toEqual([]);
  });
});
