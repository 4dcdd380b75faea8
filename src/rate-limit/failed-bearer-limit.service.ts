import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { RateLimitPolicy } from './rate-limit-policy';
import { RateLimiterService } from './rate-limiter.service';

/**
 * Failed bearer authentication per source address (BEARER_RATE_LIMIT_FAILURES_PER_ADDRESS per
 * RATE_LIMIT_WINDOW_SECONDS), like the token endpoint's failure limit: an address past it gets 429
 * with Retry-After before its next unknown token is looked up, so a loop of guessed tokens stops
 * costing database reads. Tokens this process already knows (the token cache) are not checked, and
 * other addresses are never affected. The address is Fastify's `request.ip`.
 */
@Injectable()
export class FailedBearerLimitService {
  private readonly policy: RateLimitPolicy;

  constructor(
    private readonly limiter: RateLimiterService,
    config: AppConfig,
  ) {
    const { windowSeconds, bearerFailuresPerAddress } = config.rateLimit;
    this.policy = { name: 'bearer-failures', limit: bearerFailuresPerAddress, windowSeconds };
  }

  /** Throws 429 when `address` has spent its failures, without spending one. */
  check(address: string): Promise<void> {
    return this.limiter.check(this.policy, address);
  }

  /** Counts one failed authentication of `address`. */
  penalize(address: string): Promise<void> {
    return this.limiter.penalize(this.policy, address);
  }
}
