import { cartLineKey, newCartKey, orderedCartLineKey, parseCartLineKey } from './cart-line-key';

describe('cart line keys', () => {
  it('joins a random 22-character cart part and the line number, and reads them back', () => {
    const cart = newCartKey();
    expect(cart).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(newCartKey()).not.toBe(cart);
    expect(parseCartLineKey(cartLineKey(cart, 7))).toEqual({ cart, line: 7 });
  });

  it('reads nothing else as a key: no line, line 0, a UUID, a short cart part, extra text', () => {
    const cart = newCartKey();
    for (const text of [
      cart,
      `${cart}.0`,
      `${cart}.01`,
      'a1b2c3d4-0000-4000-8000-000000000000',
      'abc.1',
      `${cart}.1 `,
    ]) {
      expect(parseCartLineKey(text)).toBeUndefined();
    }
  });

  it('fits OCI: the whole key is at most 35 characters (EXT_QUOTE_ID), its line number digits only', () => {
    const key = cartLineKey(newCartKey(), 99999);
    expect(key.length).toBeLessThanOrEqual(35);
    expect(String(parseCartLineKey(key)!.line)).toMatch(/^\d{1,10}$/);
  });

  it('reads the key an order names in either form: alone, or quote id and item (SAP pads the item with zeros)', () => {
    const cart = newCartKey();
    const key = cartLineKey(cart, 3);
    expect(orderedCartLineKey(key)).toBe(key);
    expect(orderedCartLineKey(` ${key} `)).toBe(key);
    expect(orderedCartLineKey(`${cart}.0003`)).toBe(key);
    expect(orderedCartLineKey(key, '3')).toBe(key);
    expect(orderedCartLineKey(key, '0000000003')).toBe(key);
    expect(orderedCartLineKey(cart, '0000000003')).toBe(key);
    expect(orderedCartLineKey(cart, 3)).toBe(key);
    // The whole key names its line by itself.
    expect(orderedCartLineKey(key, '7')).toBe(key);
  });

  it('leaves what is no key as it came (it then names no line)', () => {
    const cart = newCartKey();
    expect(orderedCartLineKey(cart)).toBe(cart);
    expect(orderedCartLineKey(cart, '0')).toBe(cart);
    expect(orderedCartLineKey(cart, 'x1')).toBe(cart);
    expect(orderedCartLineKey(' pen-1-a ', '1')).toBe('pen-1-a');
  });
});
