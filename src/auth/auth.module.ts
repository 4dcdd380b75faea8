import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { AccessTokenRepository } from './access-token.repository';
import { BearerAuthGuard } from './bearer-auth.guard';
import { BearerStrategy } from './bearer.strategy';

@Module({
  imports: [PassportModule.register({ session: false })],
  providers: [AccessTokenRepository, BearerStrategy, { provide: APP_GUARD, useClass: BearerAuthGuard }],
  exports: [AccessTokenRepository],
})
export class AuthModule {}
