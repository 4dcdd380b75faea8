import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { RateLimitPolicy } from './rate-limit-policy';
import { RateLimiterService } from './rate-limiter.service';

/**
 * The per-client limit of the punchout protocol entries, the OCI call-up and the cXML setup
 * (PUNCHOUT_ENTRY_RATE_LIMIT_PER_CLIENT): they carry their own credentials instead of a bearer
 * token, so the API's per-client limit never sees them. Counted once the client's secret matched,
 * before the user is looked up, a session opened or an event written; from any number of addresses
 * a client spends one budget.
 */
@Injectable()
export class PunchoutEntryLimitService {
  private readonly policy: RateLimitPolicy;

  constructor(
    private readonly limiter: RateLimiterService,
    config: AppConfig,
  ) {
    const { windowSeconds, punchoutEntryPerClient } = config.rateLimit;
    this.policy = { name: 'punchout-entry-client', limit: punchoutEntryPerClient, windowSeconds };
  }

  /** Spends one request of the client's budget, or throws 429 `rate_limited` (with Retry-After). */
  consume(clientId: string): Promise<void> {
    return this.limiter.consume(this.policy, clientId);
  }
}
