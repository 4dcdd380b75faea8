import { Injectable } from '@nestjs/common';
import { AuditEventType, AuditEventTypes } from '../audit/audit-event';
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

/** What `withOpenSession` answers: the work's value, or that the session had ended (nothing was done). */
export type OpenSessionWork<T> = { ended: false; value: T } | { ended: true };

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

  /**
   * Spends a start link: CREATED -> OPENED with the session key's digest, the idle expiry and the
   * punchout.opened event, in one transaction. False when another request spent it first.
   */
  open(
    session: PunchoutSession,
    keyHash: Uint8Array<ArrayBuffer>,
    browser: Record<string, unknown>,
  ): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.punchoutSession.updateMany({
        where: { id: session.id, status: PunchoutStatus.CREATED },
        data: {
          status: PunchoutStatus.OPENED,
          keyHash,
          openedAt: this.clock.now(),
          expiresAt: this.idleExpiry(),
        },
      });
      if (count !== 1) return false;
      await this.record(tx, session, AuditEventTypes.punchoutOpened, browser);
      return true;
    });
  }

  /**
   * Runs `work` in one transaction that holds the session's row lock, if the session is still OPENED
   * once the lock is held; otherwise does nothing and answers `ended`. Every change of an open
   * session (cart changes, transfer) goes through here, so changes of one session run one after
   * another, and a change waiting behind a transfer, cancel or expiry sees the session ended.
   * Cancel and expiry are conditional updates of the same row (close): they wait for the lock, then
   * change nothing if the work ended the session.
   */
  withOpenSession<T>(session: PunchoutSession, work: (tx: Tx) => Promise<T>): Promise<OpenSessionWork<T>> {
    return this.prisma.$transaction(async (tx): Promise<OpenSessionWork<T>> => {
      const [locked] = await tx.$queryRaw<Array<{ status: PunchoutStatus }>>`
        SELECT status FROM punchout_session WHERE id = ${session.id}::uuid FOR UPDATE`;
      if (locked?.status !== PunchoutStatus.OPENED) return { ended: true };
      return { ended: false, value: await work(tx) };
    });
  }

  /** Inside `withOpenSession`: OPENED -> TRANSFERRED with the exact fields sent, and its event. */
  async markTransferred(
    tx: Tx,
    session: PunchoutSession,
    fields: OciField[],
    payload: Record<string, unknown>,
  ) {
    await tx.punchoutSession.update({
      where: { id: session.id },
      data: { status: PunchoutStatus.TRANSFERRED, closedAt: this.clock.now(), returnedFields: fields },
    });
    await this.record(tx, session, AuditEventTypes.punchoutTransferred, { ...payload, fields });
  }

  /** Sessions whose start link or idle time has lapsed, oldest first (the expiry sweep's batch). */
  lapsed(limit: number): Promise<PunchoutSession[]> {
    return this.prisma.punchoutSession.findMany({
      where: {
        status: { in: [PunchoutStatus.CREATED, PunchoutStatus.OPENED] },
        expiresAt: { lte: this.clock.now() },
      },
      orderBy: { expiresAt: 'asc' },
      take: limit,
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
}
