import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { ConcurrencyLimitService } from '../rate-limit/concurrency-limit.service';
import { ConcurrencyPolicy } from '../rate-limit/concurrency-policy';
import { UserRateLimitService } from '../rate-limit/user-rate-limit.service';
import { measuredSearchPoints } from './search-cost';
import { SearchMeter } from './search-meter';

/** Who searches: the organization whose guidance applies, and the user and client who pay for it. */
export interface SearchCaller {
  organizationId: string;
  userId: string;
  clientId: string;
}

/**
 * What keeps one user's searches from starving everyone else's: at most SEARCH_CONCURRENT_PER_USER
 * of them run at once (a connection each for the page and the facets), and each is charged its
 * measured database time against the search rate limit (the up-front estimate counts towards it).
 */
@Injectable()
export class SearchAdmissionService {
  private readonly policy: ConcurrencyPolicy;
  private readonly msPerPoint: number;

  constructor(
    private readonly concurrency: ConcurrencyLimitService,
    private readonly rateLimits: UserRateLimitService,
    config: AppConfig,
  ) {
    const { concurrentPerUser, concurrentWaitMs, statementTimeoutMs, costMsPerPoint } = config.search;
    this.msPerPoint = costMsPerPoint;
    this.policy = {
      name: 'search-concurrent',
      limit: concurrentPerUser,
      waitMs: concurrentWaitMs,
      // A search runs at most three statements in a row (required term, text match, typo fallback),
      // each within the search timeout: a slot outlives it only when its process died.
      leaseMs: 3 * statementTimeoutMs + 10_000,
    };
  }

  /**
   * Runs one search of `caller` within the user's concurrent-search cap (429 after the wait), then
   * charges what its measured database time costs beyond `prepaidPoints` (the points the route already
   * charged; null: a search not charged to the API limits, the punchout pages having their own). A
   * search answered from the cache measured nothing and costs nothing more.
   */
  async admit<T>(
    caller: SearchCaller,
    prepaidPoints: number | null,
    search: (meter: SearchMeter) => Promise<T>,
  ): Promise<T> {
    const meter = new SearchMeter();
    try {
      return await this.concurrency.hold(this.policy, caller.userId, () => search(meter));
    } finally {
      // Also after a failure (a search cut off by its timeout used the database all the same).
      if (prepaidPoints !== null && meter.databaseMs > 0) {
        const owed = measuredSearchPoints(meter.databaseMs, this.msPerPoint) - prepaidPoints;
        await this.rateLimits.charge(caller, 'search', owed);
      }
    }
  }
}
