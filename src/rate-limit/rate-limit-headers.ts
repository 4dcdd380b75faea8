import { RateLimitPolicy } from './rate-limit-policy';

/**
 * The fields of a throttled answer. `RateLimit-Policy` and `RateLimit` follow the IETF httpapi
 * draft "RateLimit header fields for HTTP" (draft-ietf-httpapi-ratelimit-headers-10; the structured
 * field syntax it has since -08): `"<policy>";q=<quota>;w=<window seconds>` and
 * `"<policy>";r=<remaining>;t=<seconds until the quota resets>`. `Retry-After` (RFC 9110 10.2.3) is
 * delta-seconds, at least 1, so a client that honours it never retries too early.
 */
export function throttledHeaders(
  policy: RateLimitPolicy,
  remaining: number,
  msBeforeReset: number,
): Record<string, string> {
  const reset = retryAfterSeconds(msBeforeReset);
  return {
    'retry-after': String(reset),
    'ratelimit-policy': `"${policy.name}";q=${policy.limit};w=${policy.windowSeconds}`,
    ratelimit: `"${policy.name}";r=${Math.max(0, remaining)};t=${reset}`,
  };
}

/** Whole seconds until the window resets, at least 1. */
export function retryAfterSeconds(msBeforeReset: number): number {
  return Math.max(1, Math.ceil(msBeforeReset / 1000));
}
