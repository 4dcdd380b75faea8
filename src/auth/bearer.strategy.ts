import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import { Clock } from '../common/clock/clock';
import { AccessTokenRepository } from './access-token.repository';
import { Principal } from './principal';

/** Resolves a bearer token to its principal; no writes here (a guard only reads). */
@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, 'bearer') {
  constructor(
    private readonly tokens: AccessTokenRepository,
    private readonly clock: Clock,
  ) {
    super();
  }

  async validate(token: string): Promise<Principal | false> {
    return (await this.tokens.findActivePrincipal(token, this.clock.now())) ?? false;
  }
}
