import { createParamDecorator, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppConfig } from '../../config/app-config';
import { RateLimitPolicy } from '../../rate-limit/rate-limit-policy';
import { RateLimiterService } from '../../rate-limit/rate-limiter.service';
import { PageAreaGuard } from '../../web/page-area.guard';
import { PageError } from '../../web/page-error';
import type { PageRequest } from '../../web/page-request';
import { readCookie } from './console-cookie';
import { consoleMessages } from './console-messages';
import { nextStep } from './console-next-step';
import { ConsoleSignInService, ConsoleViewer } from './console-sign-in.service';

interface ConsoleRequest extends PageRequest {
  consoleViewer?: ConsoleViewer;
  consolePageCost?: number;
}

const PAGE_COST_KEY = 'consolePageCost';

/**
 * What one request of a console route spends of its auditor's CONSOLE_RATE_LIMIT_PER_USER (default
 * 1): more for the routes that read a whole chain or list (exports, the walk of the whole chain).
 */
export const ConsolePageCost = (points: number) => SetMetadata(PAGE_COST_KEY, points);

/**
 * The console pages' guard: the signed-in auditor from the console cookie onto the request, or
 * the "sign-in required" page (401) for a missing, ended or idle-expired console session. Then the
 * request is counted against the auditor's own limit (every tab and console session of that user
 * together): one auditor reloading pages cannot take the gateway from the other organizations.
 */
@Injectable()
export class ConsoleViewerGuard extends PageAreaGuard {
  private readonly perUser: RateLimitPolicy;

  constructor(
    config: AppConfig,
    private readonly signIn: ConsoleSignInService,
    private readonly limiter: RateLimiterService,
    private readonly reflector: Reflector,
  ) {
    super(config);
    this.perUser = {
      name: 'console-user',
      limit: config.rateLimit.consolePerUser,
      windowSeconds: config.rateLimit.windowSeconds,
    };
  }

  override canActivate(context: ExecutionContext): Promise<boolean> {
    context.switchToHttp().getRequest<ConsoleRequest>().consolePageCost =
      this.reflector.getAllAndOverride<number | undefined>(PAGE_COST_KEY, [
        context.getHandler(),
        context.getClass(),
      ]) ?? 1;
    return super.canActivate(context);
  }

  protected async resolve(request: ConsoleRequest): Promise<void> {
    const viewer = await this.signIn.viewer(readCookie(request.headers.cookie));
    if (viewer) {
      // A 429 (ApiError) is answered as a console page with Retry-After by the HTML error responder.
      await this.limiter.consume(this.perUser, viewer.userId, request.consolePageCost ?? 1);
      request.consoleViewer = viewer;
      return;
    }
    const lang = request.pageLanguage ?? this.config.defaultLanguage;
    const text = consoleMessages(lang).signIn;
    throw new PageError(401, {
      kind: 'warn',
      title: text.requiredTitle,
      text: text.required,
      ...nextStep(lang, this.config.consoleOidc !== undefined),
    });
  }
}

/** The signed-in auditor that ConsoleViewerGuard put on the request. */
export const Viewer = createParamDecorator((_: unknown, context: ExecutionContext): ConsoleViewer => {
  const viewer = context.switchToHttp().getRequest<ConsoleRequest>().consoleViewer;
  if (!viewer) throw new Error('a console page without ConsoleViewerGuard');
  return viewer;
});
