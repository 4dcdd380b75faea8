/** One limit: at most `limit` points (requests, or weighted requests) per `windowSeconds` and key (0 = unlimited). */
export interface RateLimitPolicy {
  /** Names the counter family in keys and in the RateLimit headers, e.g. "token-client". */
  name: string;
  limit: number;
  windowSeconds: number;
}
