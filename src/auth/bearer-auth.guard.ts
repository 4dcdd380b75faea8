import { ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { IS_PUBLIC_KEY } from '../common/decorators/public.decorator';
import { ApiError } from '../common/http/api-error';
import { RATE_LIMIT_KEY, RouteRateLimit } from '../rate-limit/rate-limit.decorator';
import { FailedBearerLimitService } from '../rate-limit/failed-bearer-limit.service';
import { UserRateLimitService } from '../rate-limit/user-rate-limit.service';
import { Clock } from '../common/clock/clock';
import { AccessTokenRepository } from './access-token.repository';
import { bearerTokenOf } from './bearer-token';
import { Principal } from './principal';

const REALM = 'marketplace-gateway';

/**
 * The global guard: every route needs `Authorization: Bearer <token>` unless marked @Public().
 * Tokens in the query string or body (which passport-http-bearer would also accept) are refused,
 * so they never end up in access logs or proxies (RFC 6750 5.3).
 */
@Injectable()
export class BearerAuthGuard extends AuthGuard('bearer') {
  constructor(
    private readonly reflector: Reflector,
    private readonly userRateLimit: UserRateLimitService,
    private readonly failedBearer: FailedBearerLimitService,
    private readonly tokens: AccessTokenRepository,
    private readonly clock: Clock,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    const request = context
      .switchToHttp()
      .getRequest<{ headers: Record<string, unknown>; query?: unknown; body?: unknown }>();
    if (hasField(request.query, 'access_token') || hasField(request.body, 'access_token')) {
      throw new ApiError(
        HttpStatus.BAD_REQUEST,
        'invalid_request',
        'Send the access token in the Authorization header, not in the query or body.',
        { 'www-authenticate': `Bearer realm="${REALM}", error="invalid_request"` },
      );
    }
    if (request.headers.authorization === undefined) {
      throw new ApiError(HttpStatus.UNAUTHORIZED, 'invalid_token', 'An access token is required.', {
        'www-authenticate': `Bearer realm="${REALM}"`,
      });
    }
    const limited = context.switchToHttp().getRequest<{ user?: Principal; query?: unknown; ip: string }>();
    // Fast path: a token this process resolved moments ago (same cache and bounds as the strategy's
    // own lookup) skips Passport's per-request machinery, which cost more than the rest of the guard
    // (bench profile). Unknown, uncached and malformed tokens all go through Passport.
    const token = bearerTokenOf(request.headers.authorization);
    const cached = token === undefined ? undefined : this.tokens.cachedPrincipal(token, this.clock.now());
    let authenticated: boolean;
    if (cached) {
      limited.user = cached;
      authenticated = true;
    } else {
      // Failed authentications are limited per source address (429 before the lookup once spent).
      await this.failedBearer.check(limited.ip);
      try {
        authenticated = (await super.canActivate(context)) as boolean;
      } catch (error) {
        if (error instanceof ApiError && error.getStatus() === HttpStatus.UNAUTHORIZED) {
          await this.failedBearer.penalize(limited.ip);
        }
        throw error;
      }
    }
    // The per-user API limit, here because only now is the user known (429 with Retry-After), in
    // the group the route declares (@RateLimit; a route without one spends the `api` group's, and
    // test/integration/rate-limit/rate-limit-declarations.e2e-spec.ts requires every route of the app to declare).
    if (authenticated && limited.user) {
      const declared = this.reflector.getAllAndOverride<RouteRateLimit | undefined>(RATE_LIMIT_KEY, [
        context.getHandler(),
        context.getClass(),
      ]);
      const points = declared?.cost ? declared.cost((limited.query ?? {}) as Record<string, unknown>) : 1;
      await this.userRateLimit.consume(limited.user, declared?.group ?? 'api', points);
    }
    return authenticated;
  }

  override handleRequest<TUser>(error: unknown, user: TUser | false): TUser {
    if (error) throw error;
    if (!user) {
      throw new ApiError(
        HttpStatus.UNAUTHORIZED,
        'invalid_token',
        'The access token is malformed, unknown, expired or revoked; request a new one.',
        { 'www-authenticate': `Bearer realm="${REALM}", error="invalid_token"` },
      );
    }
    return user;
  }
}

function hasField(value: unknown, field: string): boolean {
  // Form bodies reach handlers unparsed (oauth/form-body.parser.ts): look for the field in the form.
  if (typeof value === 'string') return formHasField(value, field);
  return typeof value === 'object' && value !== null && field in value;
}

/** Whether a urlencoded form names `field` (names decoded, so access%5Ftoken counts). */
function formHasField(form: string, field: string): boolean {
  for (const pair of form.split('&')) {
    const name = pair.split('=', 1)[0].replace(/\+/g, ' ');
    try {
      if (decodeURIComponent(name) === field) return true;
    } catch {
      // a malformed name is not the field; the handler's own parsing refuses the form
    }
  }
  return false;
}
