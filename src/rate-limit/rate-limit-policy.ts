/** One limit: at most `limit` requests per `windowSeconds` for each key (0 = unlimited). */
export interface RateLimitPolicy {
  /** Names the counter family in keys and messages, e.g. "token-client". */
  name: string;
  limit: number;
  windowSeconds: number;
}
