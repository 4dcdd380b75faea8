import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How a JSON order webhook is signed (docs/orders.md, "Verifying a webhook"): HMAC-SHA256 with the
 * supplier's signing secret over `<timestamp>.<body>`, where the timestamp (Unix seconds) is sent
 * in `X-Gateway-Timestamp` and the signature as `v1=<hex>` in `X-Gateway-Signature`. Binding the
 * time into the signature lets a receiver refuse a replayed delivery older than a few minutes.
 */
export const TIMESTAMP_HEADER = 'x-gateway-timestamp';
export const SIGNATURE_HEADER = 'x-gateway-signature';

export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`;
}

/** What a receiver does (and the tests do): recompute, compare in constant time, bound the age. */
export function verifyWebhookSignature(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  body: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isSafeInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(webhookSignature(secret, timestamp, body));
  const given = Buffer.from(headers.signature ?? '');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
