import { cartLineKey, newCartKey, parseCartLineKey } from './cart-line-key';

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
});
