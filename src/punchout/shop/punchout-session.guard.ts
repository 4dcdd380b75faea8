import { createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { RateLimitPolicy } from '../../rate-limit/rate-limit-policy';
import { RateLimiterService } from '../../rate-limit/rate-limiter.service';
import { PageAreaGuard } from '../../web/page-area.guard';
import type { PageRequest } from '../../web/page-request';
import { PunchoutSessionsService, ResolvedSession } from '../core/punchout-sessions.service';

/** A shop page request's session: the key in its path and what it names (missing, closed or open). */
export interface PunchoutVisit {
  key: string;
  resolved: ResolvedSession;
}

interface PunchoutPageRequest extends PageRequest {
  punchoutVisit?: PunchoutVisit;
}

/**
 * The shop pages' guard: resolves the session key in the path (unknown and malformed keys alike
 * resolve to "missing", answered by the page as a 404) and counts the request against the session's
 * own limit (PUNCHOUT_PAGES_RATE_LIMIT_PER_SESSION; per address: the controller's guard). The start
 * link's route has no key: it spends its one-time token itself.
 */
@Injectable()
export class PunchoutSessionGuard extends PageAreaGuard {
  private readonly sessionLimit: RateLimitPolicy;

  constructor(
    config: AppConfig,
    private readonly sessions: PunchoutSessionsService,
    private readonly limiter: RateLimiterService,
  ) {
    super(config);
    this.sessionLimit = {
      name: 'punchout-session',
      limit: config.rateLimit.pagesPerSession,
      windowSeconds: config.rateLimit.windowSeconds,
    };
  }

  protected async resolve(request: PunchoutPageRequest): Promise<void> {
    const key = (request.params as { key?: unknown } | undefined)?.key;
    if (typeof key !== 'string') return;
    const resolved = await this.sessions.resolve(key);
    // A 429 (ApiError) is answered as a page with Retry-After by the HTML error responder.
    if (resolved.kind !== 'missing') await this.limiter.consume(this.sessionLimit, resolved.session.id);
    request.punchoutVisit = { key, resolved };
  }
}

/** The session PunchoutSessionGuard resolved for this page request. */
export const Visit = createParamDecorator((_: unknown, context: ExecutionContext): PunchoutVisit => {
  const visit = context.switchToHttp().getRequest<PunchoutPageRequest>().punchoutVisit;
  if (!visit) throw new Error('a shop page without PunchoutSessionGuard or without a session key');
  return visit;
});
