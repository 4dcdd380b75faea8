/**
 * At most `limit` requests of one key (e.g. a user's searches) running at once; one more waits up
 * to `waitMs` for a slot, then is refused. A slot left behind by a process that died is freed after
 * `leaseMs` (longer than the work it guards can take).
 */
export interface ConcurrencyPolicy {
  /** Names the slots in keys and in the refusal, e.g. "search-concurrent". */
  name: string;
  /** 0 = unlimited. */
  limit: number;
  waitMs: number;
  leaseMs: number;
}
