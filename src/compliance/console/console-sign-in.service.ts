import { HttpStatus, Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { generateSecret, sha256 } from '../../common/crypto/secrets';
import { ApiError } from '../../common/http/api-error';
import { AppConfig } from '../../config/app-config';
import { PrismaService } from '../../database/prisma.service';
import { AuditEventTypes } from '../../audit/audit-event';
import { AuditService } from '../../audit/audit.service';
import { Prisma, User } from '../../generated/prisma/client';
import { ComplianceQueries } from '../compliance.queries';
import { UserRole } from '../../generated/prisma/enums';

/** A sign-in link works once and only within this time after it was made. */
export const CONSOLE_LINK_TTL_MS = 10 * 60 * 1000;
/** A console session ends after this long without a request. */
export const CONSOLE_IDLE_TTL_MS = 30 * 60 * 1000;
/** ...and in any case this long after sign-in, however active. */
export const CONSOLE_MAX_AGE_MS = 12 * 60 * 60 * 1000;

export const CONSOLE_SIGN_IN_PATH = '/audit/console/sign-in';
const LINK_PREFIX = 'mpgl_';
const SESSION_PREFIX = 'mpgcs_';
/** Prefix and 32 random bytes in base64url (43 characters). */
const TOKEN_SHAPE = /^mpg(?:l|cs)_[A-Za-z0-9_-]{43}$/;

export interface ConsoleLink {
  url: string;
  expiresAt: Date;
}

export type LinkState = 'valid' | 'used' | 'expired' | 'unknown';

/** How an auditor signed in: a one-time link, or single sign-on by OpenID Connect. */
export type SignInMethod = 'link' | 'oidc';

/** Who is signed in to a console session. */
export interface ConsoleViewer {
  sessionId: string;
  organizationId: string;
  organizationName: string;
  organizationSlug: string;
  userId: string;
  email: string;
}

/**
 * One-time sign-in links and the console sessions they open. Links and session cookies are 32 random
 * bytes; only their SHA-256 is stored. Every check uses the injected Clock, so tests move time.
 */
@Injectable()
export class ConsoleSignInService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly audit: AuditService,
    private readonly queries: ComplianceQueries,
  ) {}

  /** A link for `user`, who must be an enabled auditor (the API checks the caller's role too). */
  async createLink(user: User, createdBy: string): Promise<ConsoleLink> {
    if (user.disabledAt || !user.roles.includes(UserRole.auditor)) {
      throw new ApiError(
        HttpStatus.FORBIDDEN,
        'insufficient_scope',
        `${user.email} is not an enabled user with the role auditor.`,
      );
    }
    const token = generateSecret(LINK_PREFIX);
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + CONSOLE_LINK_TTL_MS);
    await this.prisma.auditConsoleLink.create({
      data: {
        tokenHash: sha256(token),
        organizationId: user.organizationId,
        userId: user.id,
        createdBy,
        createdAt: now,
        expiresAt,
      },
    });
    return { url: `${this.config.publicUrl}${CONSOLE_SIGN_IN_PATH}?token=${token}`, expiresAt };
  }

  /** The API's path: the calling user, looked up again so a just-disabled user gets no link. */
  async createLinkForUser(organizationId: string, userId: string, createdBy: string): Promise<ConsoleLink> {
    const user = await this.queries.userOf(organizationId, userId);
    return this.createLink(user, createdBy);
  }

  /** The operator's path: the user `email` of organization `slug`, or 404. */
  async createLinkFor(slug: string, email: string, createdBy: string): Promise<ConsoleLink> {
    const user = await this.queries.userByEmailIn(slug, email);
    if (!user) throw new ApiError(HttpStatus.NOT_FOUND, 'not_found', `No user ${email} in "${slug}".`);
    return this.createLink(user, createdBy);
  }

  /** What the link would do if spent now, without spending it (the confirmation page). */
  async linkState(token: string): Promise<LinkState> {
    if (!TOKEN_SHAPE.test(token) || !token.startsWith(LINK_PREFIX)) return 'unknown';
    const link = await this.prisma.auditConsoleLink.findUnique({ where: { tokenHash: sha256(token) } });
    if (!link) return 'unknown';
    if (link.usedAt) return 'used';
    if (link.expiresAt <= this.clock.now()) return 'expired';
    return 'valid';
  }

  /**
   * Spends the link and opens a console session; returns the session's cookie token, or the reason
   * the link cannot be used. The conditional UPDATE makes spending atomic: of two concurrent
   * requests with one link, exactly one gets a session.
   */
  async spendLink(
    token: string,
  ): Promise<{ sessionToken: string } | { refused: Exclude<LinkState, 'valid'> }> {
    const state = await this.linkState(token);
    if (state !== 'valid') return { refused: state };
    const now = this.clock.now();
    return this.prisma.$transaction(async (tx) => {
      const spent = await tx.auditConsoleLink.updateMany({
        where: { tokenHash: sha256(token), usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      if (spent.count !== 1) return { refused: 'used' as const };
      const link = await this.queries.linkWithUser(tx, sha256(token));
      if (link.user.disabledAt || !link.user.roles.includes(UserRole.auditor))
        return { refused: 'unknown' as const };
      const sessionToken = await this.openSession(tx, link.user, 'link', link.id);
      return { sessionToken };
    });
  }

  /**
   * Opens a console session for `user` (an enabled auditor, checked by the caller in `tx`) and records
   * `console.signed_in` in the user's organization in the same transaction; returns the cookie token.
   */
  async openSession(
    tx: Prisma.TransactionClient,
    user: Pick<User, 'id' | 'organizationId' | 'email'>,
    method: SignInMethod,
    linkId: string | null = null,
  ): Promise<string> {
    const sessionToken = generateSecret(SESSION_PREFIX);
    const now = this.clock.now();
    await tx.auditConsoleSession.create({
      data: {
        tokenHash: sha256(sessionToken),
        organizationId: user.organizationId,
        userId: user.id,
        linkId,
        createdAt: now,
        lastSeenAt: now,
      },
    });
    await this.audit.append(tx, {
      organizationId: user.organizationId,
      type: AuditEventTypes.consoleSignedIn,
      actor: { userId: user.id },
      payload: { method, user: { id: user.id, email: user.email } },
    });
    return sessionToken;
  }

  /**
   * The viewer of a live console session, moving its idle deadline forward; undefined when the
   * token is unknown, the session ended, idled out or aged out, or the user is no longer an enabled
   * auditor.
   */
  async viewer(sessionToken: string | undefined): Promise<ConsoleViewer | undefined> {
    if (!sessionToken || !TOKEN_SHAPE.test(sessionToken) || !sessionToken.startsWith(SESSION_PREFIX)) {
      return undefined;
    }
    const session = await this.queries.consoleSessionWithViewer(sha256(sessionToken));
    const now = this.clock.now().getTime();
    if (
      !session ||
      session.endedAt ||
      now - session.lastSeenAt.getTime() >= CONSOLE_IDLE_TTL_MS ||
      now - session.createdAt.getTime() >= CONSOLE_MAX_AGE_MS
    ) {
      return undefined;
    }
    const accessLost = session.user.accessChangedAt;
    if (
      session.user.disabledAt ||
      !session.user.roles.includes(UserRole.auditor) ||
      (accessLost !== null && accessLost.getTime() >= session.createdAt.getTime())
    ) {
      // Disabled or a role taken since it was opened (the users service records when): over for good,
      // so enabling the user or giving the role back revives nothing.
      await this.prisma.auditConsoleSession.updateMany({
        where: { id: session.id, endedAt: null },
        data: { endedAt: new Date(now) },
      });
      return undefined;
    }
    await this.prisma.auditConsoleSession.update({
      where: { id: session.id },
      data: { lastSeenAt: new Date(now) },
    });
    return {
      sessionId: session.id,
      organizationId: session.organizationId,
      organizationName: session.organization.name,
      organizationSlug: session.organization.slug,
      userId: session.userId,
      email: session.user.email,
    };
  }

  /** Sign-out: the session's cookie stops working at once. */
  async end(sessionToken: string | undefined): Promise<void> {
    if (!sessionToken || !TOKEN_SHAPE.test(sessionToken)) return;
    await this.prisma.auditConsoleSession.updateMany({
      where: { tokenHash: sha256(sessionToken), endedAt: null },
      data: { endedAt: this.clock.now() },
    });
  }
}
