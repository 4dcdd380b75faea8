import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AuditEventType, AuditEventTypes } from '../../audit/audit-event';
import { AuditService } from '../../audit/audit.service';
import { Clock } from '../../common/clock/clock';
import { AppConfig } from '../../config/app-config';
import { PrismaService } from '../../database/prisma.service';
import { Prisma, PunchoutSession, PunchoutStatus } from '../../generated/prisma/client';
import { ClientsService } from '../../oauth/clients.service';
import type { ReturnField } from './cart-line';
import { PunchoutAdapters } from './punchout-adapters';
import { createdEventPayload } from './punchout-created-event';
import { startPath } from './punchout-paths';
import { NewSessionRow, PunchoutSessionRepository } from './punchout-session.repository';
import {
  digestOf,
  isSessionKey,
  isStartToken,
  newCsrfToken,
  newPublicId,
  newSessionKey,
  newStartToken,
} from './punchout-secrets';
import type { SessionOpening, SessionRef, SessionStart, StartedSession } from './session-start';
import { cutText } from '../../common/text/cut-text';

/** A transaction of the session's row lock, handed to the work done under it (cart rows, audit). */
export type Tx = Prisma.TransactionClient;

/** How far the idle expiry may lag behind the last activity (saves a write per page view). */
const TOUCH_STEP_MS = 60_000;

/** What `withOpenSession` answers: the work's value, or that the session had ended (nothing was done). */
export type OpenSessionWork<T> = { ended: false; value: T } | { ended: true };

/** An opened session's page request: the session, or why there is no shop to show. */
export type ResolvedSession =
  | { kind: 'missing' }
  | { kind: 'open'; session: PunchoutSession; cartCount: number }
  | { kind: 'closed'; session: PunchoutSession };

/**
 * The punchout core: every session's life in one place. It starts sessions (with a one-time start
 * link, or opened at once for an entry that met the browser: `start`, the one way), finds them by their secrets
 * (start token or session key; only digests are stored), expires idle ones, holds a session's row
 * lock while its cart changes or is sent back, and moves it between states exactly once. Every
 * state change is a conditional update (`WHERE status = ...`) with its audit event in the same
 * transaction, so two tabs racing to transfer, or a transfer racing the expiry, change it once.
 * The row lock's SQL is written here only (`withOpenSession`).
 */
@Injectable()
export class PunchoutSessionsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly repository: PunchoutSessionRepository,
    private readonly audit: AuditService,
    private readonly clients: ClientsService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly adapters: PunchoutAdapters,
  ) {}

  /**
   * Starts a session, the one way every entry does: the row (with a start token's or, opened at
   * once, a session key's digest; the secret is made here, returned once, only its SHA-256 stored),
   * punchout.created (and punchout.opened) and the entry's own row. A session with a start link and
   * no work is ONE autocommitted statement (the REST and cXML hot paths: the organization's chain is
   * locked for that statement's commit only); one opened now or with work (a cart handed over) is
   * one transaction. Null when the insert's conditions refused it: nothing was written.
   */
  async start<O extends SessionOpening>(start: SessionStart<O>): Promise<StartedSession<O> | null> {
    const now = this.clock.now();
    const opening: SessionOpening = start.opening;
    const opened = opening.kind === 'opened';
    const secret = opened ? newSessionKey() : newStartToken();
    const ttlSeconds = opened ? this.config.punchout.idleTtlSeconds : this.config.punchout.startTtlSeconds;
    const row: NewSessionRow = {
      id: randomUUID(),
      publicId: newPublicId(),
      startTokenHash: opened ? null : digestOf(secret),
      keyHash: opened ? digestOf(secret) : null,
      csrfToken: newCsrfToken(),
      organizationId: start.organizationId,
      userId: start.userId,
      clientId: start.clientId,
      productId: start.productId,
      callbackUrl: start.callback.url,
      target: start.callback.target,
      requesterName: start.name,
      shipTo: start.shipTo,
      status: opened ? PunchoutStatus.OPENED : PunchoutStatus.CREATED,
      protocol: start.protocol,
      readOnly: start.readOnly,
      createdAt: now,
      openedAt: opened ? now : null,
      expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    };
    const created = createdEventPayload({
      publicId: row.publicId,
      protocol: start.protocol,
      productId: start.productId,
      callback: start.callback,
      name: start.name,
      shipTo: start.shipTo,
      ...(opened ? {} : { startExpiresAt: row.expiresAt }),
      details: start.details,
    });
    const conditions = start.conditions ?? {};
    const companion = start.companion ?? null;
    const inserted =
      !opened && !start.within
        ? await this.repository.insertWithEvent(row, conditions, companion, {
            organizationId: row.organizationId,
            type: AuditEventTypes.punchoutCreated,
            actor: { userId: row.userId, clientId: row.clientId },
            sessionId: row.id,
            payload: created,
          })
        : await this.prisma.$transaction(
            async (tx) => {
              if (!(await this.repository.insertIn(tx, row, conditions, companion))) return false;
              await this.record(tx, row, AuditEventTypes.punchoutCreated, created);
              if (opening.kind === 'opened')
                await this.record(tx, row, AuditEventTypes.punchoutOpened, {
                  ip: opening.browser.ip,
                  userAgent:
                    opening.browser.userAgent === undefined ? null : cutText(opening.browser.userAgent, 500),
                });
              // The entry's own rows after the creation event: a cart handed over and its events follow it.
              if (start.within) await start.within(tx, row);
              return true;
            },
            start.timeoutMs === undefined ? undefined : { timeout: start.timeoutMs },
          );
    if (!inserted) return null;
    const started = opened
      ? { publicId: row.publicId, sessionKey: secret }
      : { publicId: row.publicId, startUrl: `${this.config.publicUrl}${startPath(secret)}` };
    return started as StartedSession<O>;
  }

  // Finding sessions and moving them between states.

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
    return [new URL(session.callbackUrl).origin, ...(await this.clients.callbackOriginsOf(session.clientId))];
  }

  async byStartToken(token: string): Promise<PunchoutSession | null> {
    if (!isStartToken(token)) return null;
    return this.prisma.punchoutSession.findUnique({ where: { startTokenHash: digestOf(token) } });
  }

  /** The session behind a page URL; an idle one is expired on the spot (and recorded). */
  async resolve(sessionKey: string): Promise<ResolvedSession> {
    if (!isSessionKey(sessionKey)) return { kind: 'missing' };
    // The cart's line count comes along (every shop page shows it): one round trip per page view.
    const row = await this.prisma.punchoutSession.findUnique({
      where: { keyHash: digestOf(sessionKey) },
      include: { _count: { select: { cartItems: true } } },
    });
    if (!row) return { kind: 'missing' };
    const { _count: counted, ...session } = row;
    if (
      session.status === PunchoutStatus.OPENED &&
      session.expiresAt.getTime() <= this.clock.now().getTime()
    ) {
      const closed = await this.close(session, PunchoutStatus.EXPIRED, 'punchout.expired', {
        reason: 'idle',
      });
      return { kind: 'closed', session: closed ?? (await this.reload(session.id)) };
    }
    return session.status === PunchoutStatus.OPENED
      ? { kind: 'open', session, cartCount: counted.cartItems }
      : { kind: 'closed', session };
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
    fields: ReturnField[],
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
   * Ends an open (or, for a start link never opened, a created) session without its cart: status,
   * time, the exact fields posted back (the protocol adapter's empty return) and
   * the reason, with the audit event. Answers the closed session as stored (its `returnedFields`
   * are the fields to post; no reload), or null when another request ended it first.
   */
  async close(
    session: PunchoutSession,
    status: PunchoutStatus,
    type: AuditEventType,
    outcome: { reason?: string; extra?: Record<string, unknown> } = {},
    run?: (tx: Tx) => Promise<void>,
  ): Promise<PunchoutSession | null> {
    return this.prisma.$transaction(async (tx) => {
      const back = await this.adapters.of(session).emptyReturn(session, tx);
      const [closed] = await tx.punchoutSession.updateManyAndReturn({
        where: { id: session.id, status: { in: [PunchoutStatus.OPENED, PunchoutStatus.CREATED] } },
        data: {
          status,
          closedAt: this.clock.now(),
          returnedFields: back.fields,
          closeReason: outcome.reason ? cutText(outcome.reason, 500) : null,
        },
      });
      if (!closed) return null;
      if (run) await run(tx);
      await this.record(tx, session, type, {
        ...(outcome.reason ? { reason: outcome.reason } : {}),
        ...outcome.extra,
        ...back.record,
        fields: back.fields,
      });
      return closed;
    });
  }

  /** One audit event of a session, acted by its buyer (user and client of the API call). */
  record(tx: Tx, session: SessionRef, type: AuditEventType, payload: Record<string, unknown>) {
    return this.audit.append(tx, {
      organizationId: session.organizationId,
      type,
      actor: { userId: session.userId, clientId: session.clientId },
      sessionId: session.id,
      payload: { publicId: session.publicId, ...payload },
    });
  }
}
