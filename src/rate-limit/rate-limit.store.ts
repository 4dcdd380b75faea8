/** A counter per key and fixed window; shared by replicas (Redis) or per process (memory). */
export abstract class RateLimitStore {
  /**
   * Counts one request for `key` in the window numbered `windowIndex` (windows are `windowMs`
   * long) and returns the count so far, this request included.
   */
  abstract increment(key: string, windowIndex: number, windowMs: number): Promise<number>;
}
