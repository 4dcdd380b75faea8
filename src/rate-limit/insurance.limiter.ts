import { IRateLimiterOptions, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * The in-memory stand-in rate-limiter-flexible calls while Redis cannot answer (its
 * `insuranceLimiter`): limits keep applying per replica instead of failing every request or none.
 * It reports each use, so the outage is noticed (and logged once) by whoever listens.
 */
export class InsuranceLimiter extends RateLimiterMemory {
  constructor(
    options: IRateLimiterOptions,
    private readonly onUse: () => void,
  ) {
    super(options);
  }

  override consume(key: string | number, points?: number, options?: object): Promise<RateLimiterRes> {
    this.onUse();
    return super.consume(key, points, options);
  }

  override get(key: string | number, options?: object): Promise<RateLimiterRes | null> {
    this.onUse();
    return super.get(key, options);
  }

  override penalty(key: string | number, points?: number, options?: object): Promise<RateLimiterRes> {
    this.onUse();
    return super.penalty(key, points, options);
  }
}
