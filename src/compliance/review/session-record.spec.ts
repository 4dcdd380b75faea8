import { normalizeOciFields, ociCartOf, outcomeOf } from './session-record';

describe('session record helpers', () => {
  it('maps every status to its outcome; sessions still running are open', () => {
    expect(outcomeOf('TRANSFERRED')).toBe('transferred');
    expect(outcomeOf('CANCELLED')).toBe('cancelled');
    expect(outcomeOf('EXPIRED')).toBe('expired');
    expect(outcomeOf('FAILED')).toBe('failed');
    expect(outcomeOf('CREATED')).toBe('open');
    expect(outcomeOf('OPENED')).toBe('open');
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
