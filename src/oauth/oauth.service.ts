import { Injectable } from '@nestjs/common';
import { AccessTokenRepository } from '../auth/access-token.repository';
import { Clock } from '../common/clock/clock';
import { AppConfig } from '../config/app-config';
import { RateLimitPolicy } from '../rate-limit/rate-limit-policy';
import { RateLimiterService } from '../rate-limit/rate-limiter.service';
import { ClientCredentials, readClientCredentials } from './client-credentials.parser';
import { clientSecretAccepted, ClientsService } from './clients.service';
import { AccessTokensService } from './access-tokens.service';
import { RevocationFormDto } from './dto/revocation-form.dto';
import { TokenFormDto } from './dto/token-form.dto';
import { TokenResponseDto } from './dto/token-response.dto';
import { oauthApiError, OAuthProtocolError } from './oauth-protocol.error';
import { TokenIssuanceRepository } from './token-issuance.repository';

/** Where a form came from: its Authorization header (HTTP Basic client authentication) and source address. */
export interface OAuthHttpRequest {
  authorization: string | undefined;
  address: string;
}

/**
 * The token endpoint (spec 4.1, RFC 6749 client credentials + `email`) and revocation (RFC 7009).
 * Order of work: per-address limit (AddressRateLimitGuard on the controller), the form (its schema,
 * validated by the global pipe), the client's credentials, the failure limit of this client_id from
 * this address, then the database; a failed authentication spends a failure point, a successful one a point of
 * the client's own limit. So neither a flood of garbage nor a leaked client id reaches PostgreSQL
 * beyond the limits, and wrong secrets sent from elsewhere never lock the client's owner out.
 */
@Injectable()
export class OAuthService {
  private readonly perClient: RateLimitPolicy;
  private readonly failures: RateLimitPolicy;

  constructor(
    private readonly issuance: TokenIssuanceRepository,
    private readonly clients: ClientsService,
    private readonly tokens: AccessTokensService,
    private readonly tokenLookup: AccessTokenRepository,
    private readonly limiter: RateLimiterService,
    private readonly clock: Clock,
    config: AppConfig,
  ) {
    const { windowSeconds, tokenPerClient, tokenFailures } = config.rateLimit;
    this.perClient = { name: 'oauth-client', limit: tokenPerClient, windowSeconds };
    this.failures = { name: 'oauth-failures', limit: tokenFailures, windowSeconds };
  }

  async issueToken(form: TokenFormDto, http: OAuthHttpRequest): Promise<TokenResponseDto> {
    return withOAuthErrors(async () => {
      const { clientId, clientSecret, method } = readClientCredentials(form, http.authorization);
      const failureKey = failureKeyOf(clientId, http.address);
      await this.limiter.check(this.failures, failureKey);
      // One query finds the client and the user; the secret is checked before anything is used.
      const found =
        clientId.length <= 100 ? await this.issuance.findClientAndUser(clientId, form.email) : undefined;
      if (!clientSecretAccepted(clientSecret, found, this.clock.now()) || !found) {
        await this.limiter.penalize(this.failures, failureKey);
        throw unknownClient(method);
      }
      if (found.clientRevokedAt) throw revokedClient(method);
      await this.limiter.consume(this.perClient, clientId);
      if (!found.userId || found.userDisabledAt) {
        throw new OAuthProtocolError(
          'invalid_grant',
          "The email does not name an active user of the client's organization.",
        );
      }
      const issued = await this.tokens.issue({
        organizationId: found.organizationId,
        userId: found.userId,
        clientId: found.clientId,
      });
      return { access_token: issued.accessToken, token_type: 'bearer', expires_in: issued.expiresIn };
    });
  }

  /** RFC 7009: 200 whether or not the token existed; only the client's own tokens are revoked. */
  async revokeToken(form: RevocationFormDto, http: OAuthHttpRequest): Promise<void> {
    await withOAuthErrors(async () => {
      const credentials = readClientCredentials(form, http.authorization);
      const failureKey = failureKeyOf(credentials.clientId, http.address);
      await this.limiter.check(this.failures, failureKey);
      const client = await this.authenticate(credentials).catch(async (error: unknown) => {
        if (error instanceof OAuthProtocolError) await this.limiter.penalize(this.failures, failureKey);
        throw error;
      });
      await this.limiter.consume(this.perClient, credentials.clientId);
      const revoked = await this.tokens.revokeForClient(form.token, client.id);
      if (revoked) this.tokenLookup.forget(revoked);
    });
  }

  private async authenticate(credentials: ClientCredentials) {
    const result = await this.clients.authenticate(credentials.clientId, credentials.clientSecret);
    if (result.outcome === 'unknown') throw unknownClient(credentials.method);
    if (result.outcome === 'revoked') throw revokedClient(credentials.method);
    return result.client;
  }
}

/** Failures count per client_id and source address (an over-long id is unknown anyway: cut for the key). */
function failureKeyOf(clientId: string, address: string): string {
  return `${clientId.slice(0, 100)}|${address}`;
}

// One message for "no such client" and "wrong secret", so neither can be probed.
const unknownClient = (method: ClientCredentials['method']) =>
  new OAuthProtocolError('invalid_client', 'Client authentication failed.', method === 'client_secret_basic');
const revokedClient = (method: ClientCredentials['method']) =>
  new OAuthProtocolError('invalid_client', 'The client has been revoked.', method === 'client_secret_basic');

/** Turns protocol refusals into HTTP answers: RFC 6749 5.2 body, no caching, Basic challenge. */
async function withOAuthErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof OAuthProtocolError)) throw error;
    throw oauthApiError(error);
  }
}
