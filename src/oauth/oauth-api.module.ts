import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { OAuthController } from './oauth.controller';
import { OAuthModule } from './oauth.module';
import { OAuthService } from './oauth.service';
import { TokenPurgeScheduler } from './token-purge.scheduler';

/**
 * The HTTP side of OAuth: the token and revocation endpoints and the purge job. Kept apart from
 * OAuthModule, whose services the operator CLI also loads without HTTP. (Rate limits come from the
 * global RateLimitModule; the form parser is registered with every body parser at bootstrap.)
 */
@Module({
  imports: [OAuthModule, AuthModule],
  controllers: [OAuthController],
  providers: [OAuthService, TokenPurgeScheduler],
})
export class OAuthApiModule {}
