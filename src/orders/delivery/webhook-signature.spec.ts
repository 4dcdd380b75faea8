import { createHmac } from 'node:crypto';
import { verifyWebhookSignature, webhookSignature } from './webhook-signature';

describe('webhook signatures', () => {
  const body = '{"type":"order","order":{"orderId":"PO-1"}}';

  it('is v1= and the hex HMAC-SHA256 of "<timestamp>.<body>", as docs/orders.md tells receivers', () => {
    const expected = createHmac('sha256', 'whsec_x').update(`1764410000.${body}`).digest('hex');
    expect(webhookSignature('whsec_x', 1_764_410_000, body)).toBe(`v1=${expected}`);
  });

  it('verifies only the same secret, timestamp and body, within five minutes', () => {
    const signature = webhookSignature('whsec_x', 1_764_410_000, body);
    const headers = { timestamp: '1764410000', signature };
    expect(verifyWebhookSignature('whsec_x', headers, body, 1_764_410_100)).toBe(true);
    expect(verifyWebhookSignature('whsec_y', headers, body, 1_764_410_100)).toBe(false);
    expect(verifyWebhookSignature('whsec_x', headers, `${body} `, 1_764_410_100)).toBe(false);
    expect(
      verifyWebhookSignature('whsec_x', { ...headers, timestamp: '1764410001' }, body, 1_764_410_100),
    ).toBe(false);
    expect(verifyWebhookSignature('whsec_x', headers, body, 1_764_410_301)).toBe(false);
    expect(verifyWebhookSignature('whsec_x', { timestamp: undefined, signature }, body, 1_764_410_000)).toBe(
      false,
    );
    expect(verifyWebhookSignature('whsec_x', { ...headers, signature: undefined }, body, 1_764_410_000)).toBe(
      false,
    );
  });
});
