import { Module, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { AuthModule } from '../auth/auth.module';
import { AppConfig } from '../config/app-config';
import { registerFormBodyParser } from './form-body.parser';
import { OAuthController } from './oauth.controller';
import { OAuthModule } from './oauth.module';
import { OAuthService } from './oauth.service';
import { TokenPurgeScheduler } from './token-purge.scheduler';

/**
 * The HTTP side of OAuth: the token and revocation endpoints, their form parsing, and the purge
 * job. Kept apart from OAuthModule, whose services the operator CLI also loads without HTTP.
 * (Rate limits come from the global RateLimitModule.)
 */
@Module({
  imports: [OAuthModule, AuthModule],
  controllers: [OAuthController],
  providers: [OAuthService, TokenPurgeScheduler],
})
export class OAuthApiModule implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly config: AppConfig,
  ) {}

  // Runs inside app.init(), after Nest registered its own body parsers and before listening.
  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (fastify) registerFormBodyParser(fastify, this.config.bodyLimitBytes);
  }
}
