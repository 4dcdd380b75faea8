import { Injectable } from '@nestjs/common';
import { AuditEventType } from '../audit/audit-event';
import { AuditService } from '../audit/audit.service';
import { Clock } from '../common/clock/clock';
import { AppConfig } from '../config/app-config';
import { PrismaService } from '../database/prisma.service';
import { Prisma, PunchoutSession, PunchoutStatus } from '../generated/prisma/client';
import type { OciField } from './oci-fields';
import { digestOf, isSessionKey, isStartToken } from './punchout-secrets';

export type Tx = Prisma.TransactionClient;

/** How far the idle expiry may lag behind the last activity (saves a write per page view). */
const TOUCH_STEP_MS = 60_000;

/** An opened session's page request: the session, or why there is no shop to show. */
export type ResolvedSession =
  | { kind: 'missing' }
  | { kind: 'open'; session: PunchoutSession }
  | { kind: 'closed'; session: PunchoutSession };

/**
 * Punchout sessions as the pages see them: found by their secret (start token or session key, only
 * digests are stored), expired when idle, and moved between states exactly once. Every state change
 * is a conditional update (`WHERE status = ...`) with its audit event in the same transaction, so two
 * tabs racing to transfer, or a transfer racing the expiry, change the session once.
 */
@Injectable()
export class PunchoutSessionStore {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** Plain reads outside a transaction. */
  get db(): PrismaService {
    return this.prisma;
  }

  now(): Date {
    return this.clock.now();
  }

  idleExpiry(): Date {
    return new Date(this.clock.now().getTime() + this.config.punchout.idleTtlSeconds * 1000);
  }

  /**
   * Who may frame the session's pages: its HOOK_URL's origin and its client's allowed callback
   * origins (the procurement system's hosts; read as the punchout API reads them when it checks one).
   */
  async frameOrigins(session: PunchoutSession): Promise<string[]> {
    const { rows } = await this.prisma.pool.query<{ origins: string[] | null }>({
      name: 'punchout-client-origins',
      text: 'SELECT callback_origins AS origins FROM oauth_client WHERE id = $1::uuid',
      values: [session.clientId],
    });
    return [new URL(session.callbackUrl).origin, ...(rows[0]?.origins ?? [])];
  }

  async byStartToken(token: string): Promise<PunchoutSession | null> {
    if (!isStartToken(token)) return null;
    return this.prisma.punchoutSession.findUnique({ where: { startTokenHash: digestOf(token) } });
  }

  /** The session behind a page URL; an idle one is expired on the spot (and recorded). */
  async resolve(sessionKey: string): Promise<ResolvedSession> {
    if (!isSessionKey(sessionKey)) return { kind: 'missing' };
    const session = await this.prisma.punchoutSession.findUnique({
      where: { keyHash: digestOf(sessionKey) },
    });
    if (!session) return { kind: 'missing' };
    if (
      session.status === PunchoutStatus.OPENED &&
      session.expiresAt.getTime() <= this.clock.now().getTime()
    ) {
      await this.close(session, PunchoutStatus.EXPIRED, 'punchout.expired', {
        fields: [],
        reason: 'idle',
      });
      return { kind: 'closed', session: await this.reload(session.id) };
    }
    return session.status === PunchoutStatus.OPENED ? { kind: 'open', session } : { kind: 'closed', session };
  }

  /**
   * Activity keeps an open session alive for another PUNCHOUT_IDLE_TTL_SECONDS. A page view writes
   * at most once a minute (the expiry moves in steps of up to 60 s), so reading pages stays a read.
   */
  async touch(session: PunchoutSession, tx: Tx | PrismaService = this.prisma): Promise<void> {
    const remainingMs = session.expiresAt.getTime() - this.clock.now().getTime();
    if (remainingMs > this.config.punchout.idleTtlSeconds * 1000 - TOUCH_STEP_MS) return;
    await tx.punchoutSession.updateMany({
      where: { id: session.id, status: PunchoutStatus.OPENED },
      data: { expiresAt: this.idleExpiry() },
    });
  }

  reload(id: string): Promise<PunchoutSession> {
    return this.prisma.punchoutSession.findUniqueOrThrow({ where: { id } });
  }

  /**
   * Ends an open (or, for a start link never opened, a created) session: status, time, the exact
   * fields posted back and the reason, with the audit event. False when another request ended it first.
   */
  async close(
    session: PunchoutSession,
    status: PunchoutStatus,
    type: AuditEventType,
    outcome: { fields: OciField[]; reason?: string; extra?: Record<string, unknown> },
    run?: (tx: Tx) => Promise<void>,
  ): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.punchoutSession.updateMany({
        where: { id: session.id, status: { in: [PunchoutStatus.OPENED, PunchoutStatus.CREATED] } },
        data: {
          status,
          closedAt: this.clock.now(),
          returnedFields: outcome.fields,
          closeReason: outcome.reason?.slice(0, 500) ?? null,
        },
      });
      if (count !== 1) return false;
      if (run) await run(tx);
      await this.record(tx, session, type, {
        ...(outcome.reason ? { reason: outcome.reason } : {}),
        ...outcome.extra,
        fields: outcome.fields,
      });
      return true;
    });
  }

  /** One audit event of a session, acted by its buyer (user and client of the API call). */
  record(tx: Tx, session: PunchoutSession, type: AuditEventType, payload: Record<string, unknown>) {
    return this.audit.append(tx, {
      organizationId: session.organizationId,
      type,
      actor: { userId: session.userId, clientId: session.clientId },
      sessionId: session.id,
      payload: { publicId: session.publicId, ...payload },
    });
  }

  inTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(work);
  }
}
