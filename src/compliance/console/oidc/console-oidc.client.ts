import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import * as oidc from 'openid-client';
import { AppConfig } from '../../../config/app-config';

/** The console's callback path: the redirect URI to register at the provider is PUBLIC_URL + this. */
export const CONSOLE_OIDC_CALLBACK_PATH = '/audit/console/oidc/callback';
/** After a failed discovery, the provider is asked again no sooner than this. */
const DISCOVERY_RETRY_MS = 30_000;

/** What one sign-in sends to the provider and must get back (state) or prove (verifier, nonce). */
export interface OidcChecks {
  state: string;
  nonce: string;
  verifier: string;
}

/** Who the provider says signed in, from the validated ID token (or the user info endpoint). */
export interface OidcIdentity {
  subject: string;
  email: string | undefined;
  /** True only for `email_verified: true` (not the string "true"). */
  emailVerified: boolean;
}

/** Why the provider's answer gave no identity: the person cancelled there, or the protocol failed. */
export class OidcFailure extends Error {
  constructor(
    readonly reason: 'denied' | 'provider_error',
    message: string,
  ) {
    super(message);
    this.name = 'OidcFailure';
  }
}

/**
 * The gateway's side of the OpenID provider, through openid-client: discovery (lazily, bounded by
 * CONSOLE_OIDC_TIMEOUT_SECONDS, so an unreachable provider never stops the gateway: sign-in then says
 * single sign-on is unavailable), the authorization URL with PKCE (S256), and the code exchange,
 * where openid-client validates the ID token's issuer, audience, expiry and nonce.
 */
@Injectable()
export class ConsoleOidcClient implements OnApplicationBootstrap {
  private readonly logger = new Logger('ConsoleOidc');
  private discovered: Promise<oidc.Configuration> | undefined;
  private failedAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly config: AppConfig) {}

  get enabled(): boolean {
    return this.config.consoleOidc !== undefined;
  }

  /** The provider's name for the sign-in button, if the operator gave one. */
  get name(): string | undefined {
    return this.config.consoleOidc?.name;
  }

  get redirectUri(): string {
    return `${this.config.publicUrl}${CONSOLE_OIDC_CALLBACK_PATH}`;
  }

  /** Discovery starts with the gateway, without holding up its start. */
  onApplicationBootstrap(): void {
    if (this.enabled) void this.configuration();
  }

  /** The discovered provider, or undefined while it cannot be reached (asked again after 30 s). */
  async configuration(): Promise<oidc.Configuration | undefined> {
    const settings = this.config.consoleOidc;
    if (!settings) return undefined;
    if (!this.discovered) {
      if (performance.now() - this.failedAt < DISCOVERY_RETRY_MS) return undefined;
      this.discovered = oidc.discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        oidc.ClientSecretBasic(settings.clientSecret),
        {
          timeout: settings.timeoutSeconds,
          // http:// is accepted for loopback issuers only (the configuration's rule).
          execute: settings.issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
        },
      );
    }
    const pending = this.discovered;
    try {
      return await pending;
    } catch (error) {
      if (this.discovered === pending) {
        this.discovered = undefined;
        this.failedAt = performance.now();
        this.logger.warn(`OpenID provider discovery failed: ${describe(error)}`);
      }
      return undefined;
    }
  }

  /** Where the browser goes to sign in at the provider. */
  async authorizationUrl(configuration: oidc.Configuration, checks: OidcChecks): Promise<URL> {
    return oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: 'openid email',
      response_type: 'code',
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.verifier),
      code_challenge_method: 'S256',
    });
  }

  /** The origin the sign-in form's redirect goes to (the page's CSP form-action must allow it). */
  authorizationOrigin(configuration: oidc.Configuration): string | undefined {
    const endpoint = configuration.serverMetadata().authorization_endpoint;
    return endpoint ? new URL(endpoint).origin : undefined;
  }

  /**
   * The identity in the provider's answer to our callback (`query`): exchanges the code with the
   * PKCE verifier, validates the ID token, and reads `email` from the user info endpoint when the ID
   * token leaves it out. Throws OidcFailure; its message never holds a code or a token.
   */
  async identity(
    configuration: oidc.Configuration,
    query: URLSearchParams,
    checks: OidcChecks,
  ): Promise<OidcIdentity> {
    // An error answer (RFC 6749 4.1.2.1) to this browser's own attempt (the caller matched its state
    // and verifier): nothing to exchange. Read here, before openid-client's checks, which refuse an
    // answer without `iss` as malformed: a provider that leaves it out of a cancel still means "cancelled".
    const error = query.get('error');
    if (error !== null) {
      const code = error.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 64);
      throw new OidcFailure(
        code === 'access_denied' ? 'denied' : 'provider_error',
        `the provider answered error=${code}`,
      );
    }
    try {
      const tokens = await oidc.authorizationCodeGrant(
        configuration,
        new URL(`${this.redirectUri}?${query}`),
        {
          pkceCodeVerifier: checks.verifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        },
      );
      const claims = tokens.claims() as oidc.IDToken;
      let email: unknown = claims.email;
      let verified: unknown = claims.email_verified;
      if (email === undefined) {
        const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
        email = info.email;
        verified = info.email_verified;
      }
      return {
        subject: claims.sub,
        email: typeof email === 'string' ? email : undefined,
        emailVerified: verified === true,
      };
    } catch (error) {
      if (error instanceof oidc.AuthorizationResponseError) {
        throw new OidcFailure(error.error === 'access_denied' ? 'denied' : 'provider_error', describe(error));
      }
      throw new OidcFailure('provider_error', describe(error));
    }
  }
}

/** An error's name, code and message for the log: never its cause, which may carry a token's claims. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return `${error.name}${typeof code === 'string' ? ` ${code}` : ''}: ${error.message}`;
}
