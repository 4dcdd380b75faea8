import {
  applyDecorators,
  CanActivate,
  ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppConfig } from '../config/app-config';
import { RateLimitPolicy } from './rate-limit-policy';
import { RateLimiterService } from './rate-limiter.service';

export type AddressGroup = 'punchout-pages' | 'images' | 'console-sign-in' | 'oauth';

const ADDRESS_GROUP_KEY = 'rateLimitAddressGroup';

/**
 * A per source address limit for public routes (no principal to count by): the punchout pages
 * (PUNCHOUT_PAGES_RATE_LIMIT_PER_ADDRESS), product images (IMAGES_RATE_LIMIT_PER_ADDRESS) and the
 * compliance console's sign-in (CONSOLE_SIGN_IN_RATE_LIMIT_PER_ADDRESS) and the OAuth token and
 * revocation endpoints (TOKEN_RATE_LIMIT_PER_ADDRESS). It
 * runs before the handler reads anything, so a flood of made-up keys or ids never reaches the
 * database beyond the limit. The address is Fastify's `request.ip` (X-Forwarded-For only with TRUST_PROXY).
 */
export const LimitPerAddress = (group: AddressGroup) =>
  applyDecorators(SetMetadata(ADDRESS_GROUP_KEY, group), UseGuards(AddressRateLimitGuard));

@Injectable()
export class AddressRateLimitGuard implements CanActivate {
  private readonly policies: Record<AddressGroup, RateLimitPolicy>;

  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiterService,
    config: AppConfig,
  ) {
    const { windowSeconds, pagesPerAddress, imagesPerAddress, consoleSignInPerAddress, tokenPerAddress } =
      config.rateLimit;
    this.policies = {
      'punchout-pages': { name: 'pages-address', limit: pagesPerAddress, windowSeconds },
      images: { name: 'images-address', limit: imagesPerAddress, windowSeconds },
      'console-sign-in': { name: 'console-sign-in-address', limit: consoleSignInPerAddress, windowSeconds },
      oauth: { name: 'oauth-address', limit: tokenPerAddress, windowSeconds },
    };
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const group = this.reflector.getAllAndOverride<AddressGroup | undefined>(ADDRESS_GROUP_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!group) return true;
    const { ip } = context.switchToHttp().getRequest<{ ip: string }>();
    await this.limiter.consume(this.policies[group], ip);
    return true;
  }
}
