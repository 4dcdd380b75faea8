import { Injectable, Logger } from '@nestjs/common';
import * as oidc from 'openid-client';
import { Clock } from '../../../common/clock/clock';
import { digestsEqual, sha256 } from '../../../common/crypto/secrets';
import { PrismaService } from '../../../database/prisma.service';
import { User } from '../../../generated/prisma/client';
import { UserRole } from '../../../generated/prisma/enums';
import { AuditEventTypes } from '../../../audit/audit-event';
import { AuditService } from '../../../audit/audit.service';
import { ComplianceQueries } from '../../compliance.queries';
import { ConsoleSignInService } from '../console-sign-in.service';
import { ConsoleOidcClient, OidcFailure } from './console-oidc.client';

/** A sign-in at the provider must come back within this time after it started. */
export const CONSOLE_OIDC_ATTEMPT_TTL_MS = 10 * 60 * 1000;
/** Finished and expired attempts are deleted this long after they expired. */
const ATTEMPT_RETENTION_MS = 24 * 60 * 60 * 1000;
/** Our state, nonce and verifier are 43 characters; anything much longer is not ours. */
const MAX_STATE_LENGTH = 128;
const MAX_EMAIL_LENGTH = 320;

/** Why a single sign-on ended without a console session. */
export type OidcRefusal =
  /** The provider is not configured or cannot be reached. */
  | 'unavailable'
  /** An answer to no attempt of this browser: unknown, already finished, or another browser's. */
  | 'attempt_unknown'
  /** The answer came more than 10 minutes after the attempt started. */
  | 'attempt_expired'
  /** The person cancelled at the provider. */
  | 'denied'
  /** The provider's answer did not validate (wrong audience, nonce, issuer, a failed exchange). */
  | 'provider_error'
  | 'email_missing'
  | 'email_unverified'
  /** No user of any organization has this e-mail. */
  | 'unknown_user'
  /** Users with this e-mail exist, none of them an enabled auditor. */
  | 'not_auditor'
  /** Several organizations have an enabled auditor with this e-mail. */
  | 'ambiguous';

/** A console session, or why not (with the e-mail the provider named, for the refusal page). */
export type OidcSignInResult = { sessionToken: string } | { refused: OidcRefusal; email?: string };

/**
 * Single sign-on to the compliance console by OpenID Connect (authorization code flow with PKCE).
 *
 * Which user: the provider's verified `email` (compared lower-cased, as user e-mails are stored)
 * must belong to exactly one enabled user with the role `auditor`, in any organization; the session
 * opens in that user's organization. Zero or several such users refuse the sign-in, recorded as
 * `console.sign_in_refused` in every organization that has a user with that e-mail (where there is
 * none, or no e-mail came, only the log says so).
 */
@Injectable()
export class ConsoleOidcService {
  private readonly logger = new Logger('ConsoleOidc');

  constructor(
    private readonly prisma: PrismaService,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    private readonly client: ConsoleOidcClient,
    private readonly signIn: ConsoleSignInService,
    private readonly queries: ComplianceQueries,
  ) {}

  /**
   * A new attempt: where to send the browser, and the verifier its cookie keeps; undefined while the
   * provider cannot be reached. Stores only the hashes of state and verifier.
   */
  async start(): Promise<{ location: string; verifier: string } | undefined> {
    const configuration = await this.client.configuration();
    if (!configuration) return undefined;
    const checks = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
    };
    const now = this.clock.now();
    await this.prisma.$transaction([
      this.prisma.auditConsoleOidcAttempt.deleteMany({
        where: { expiresAt: { lt: new Date(now.getTime() - ATTEMPT_RETENTION_MS) } },
      }),
      this.prisma.auditConsoleOidcAttempt.create({
        data: {
          stateHash: sha256(checks.state),
          verifierHash: sha256(checks.verifier),
          nonce: checks.nonce,
          createdAt: now,
          expiresAt: new Date(now.getTime() + CONSOLE_OIDC_ATTEMPT_TTL_MS),
        },
      }),
    ]);
    const location = await this.client.authorizationUrl(configuration, checks);
    return { location: location.href, verifier: checks.verifier };
  }

  /**
   * The provider's answer (`query` of the callback) in the browser whose cookie holds `verifier`:
   * a console session, or why not. An attempt is finished once (a conditional UPDATE), whatever
   * the outcome.
   */
  async finish(query: URLSearchParams, verifier: string | undefined): Promise<OidcSignInResult> {
    const state = query.get('state') ?? '';
    if (!state || state.length > MAX_STATE_LENGTH || !verifier || verifier.length > MAX_STATE_LENGTH) {
      return this.refuse('attempt_unknown');
    }
    const attempt = await this.prisma.auditConsoleOidcAttempt.findUnique({
      where: { stateHash: sha256(state) },
    });
    if (!attempt || attempt.usedAt || !digestsEqual(sha256(verifier), attempt.verifierHash)) {
      return this.refuse('attempt_unknown');
    }
    const now = this.clock.now();
    if (attempt.expiresAt <= now) return this.refuse('attempt_expired');
    const finished = await this.prisma.auditConsoleOidcAttempt.updateMany({
      where: { id: attempt.id, usedAt: null },
      data: { usedAt: now },
    });
    if (finished.count !== 1) return this.refuse('attempt_unknown');

    const configuration = await this.client.configuration();
    if (!configuration) return this.refuse('unavailable');
    let identity;
    try {
      identity = await this.client.identity(configuration, query, { state, nonce: attempt.nonce, verifier });
    } catch (error) {
      if (!(error instanceof OidcFailure)) throw error;
      this.logger.warn(`Console single sign-on failed (${error.reason}): ${error.message}`);
      return { refused: error.reason };
    }
    if (!identity.email) return this.refuse('email_missing', `subject ${identity.subject}`);
    // No user's e-mail is longer (the column's limit); such a claim is not looked up, nor echoed.
    if (identity.email.length > MAX_EMAIL_LENGTH) return this.refuse('unknown_user', 'an over-long e-mail');
    return this.openFor(identity.email.toLowerCase(), identity.emailVerified);
  }

  /** The session of the one enabled auditor with `email`, or the refusal, recorded. */
  private async openFor(email: string, verified: boolean): Promise<OidcSignInResult> {
    return this.prisma.$transaction(async (tx) => {
      const users = await this.queries.usersByEmail(tx, email);
      if (users.length === 0) return { ...this.refuse('unknown_user', email), email };
      const auditors = users.filter((user) => !user.disabledAt && user.roles.includes(UserRole.auditor));
      const refusal: OidcRefusal | undefined = !verified
        ? 'email_unverified'
        : auditors.length === 0
          ? 'not_auditor'
          : auditors.length > 1
            ? 'ambiguous'
            : undefined;
      if (refusal) {
        for (const organizationId of organizationsOf(refusal === 'ambiguous' ? auditors : users)) {
          await this.audit.append(tx, {
            organizationId,
            type: AuditEventTypes.consoleSignInRefused,
            actor: { label: 'console:oidc' },
            payload: { method: 'oidc', reason: refusal, email },
          });
        }
        return { ...this.refuse(refusal, email), email };
      }
      return { sessionToken: await this.signIn.openSession(tx, auditors[0], 'oidc') };
    });
  }

  private refuse(reason: OidcRefusal, detail?: string): { refused: OidcRefusal } {
    this.logger.warn(`Console single sign-on refused (${reason})${detail ? `: ${detail}` : ''}`);
    return { refused: reason };
  }
}

function organizationsOf(users: User[]): string[] {
  return [...new Set(users.map((user) => user.organizationId))];
}
