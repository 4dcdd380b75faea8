import { HttpStatus, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AuditEventType, AuditEventTypes } from '../../audit/audit-event';
import { AuditService } from '../../audit/audit.service';
import { Principal } from '../../auth/principal';
import { Clock } from '../../common/clock/clock';
import { ApiError } from '../../common/http/api-error';
import { AppConfig } from '../../config/app-config';
import { PrismaService } from '../../database/prisma.service';
import { Prisma, PunchoutSession, PunchoutStatus } from '../../generated/prisma/client';
import { ClientsService } from '../../oauth/clients.service';
import { checkCallbackUrl } from './callback-url';
import { createdEventPayload } from './punchout-created-event';
import { PunchoutResponseDto } from '../rest/dto/punchout-response.dto';
import type { OciField } from '../oci/oci-fields';
import { startPath } from './punchout-paths';
import { PunchoutReturnFormatService } from './punchout-return-format.service';
import { PunchoutProtocol, PunchoutProtocols } from '../../common/punchout-protocol';
import { parsePunchoutRequest, ShipTo } from '../rest/punchout-request.parser';
import {
  digestOf,
  isSessionKey,
  isStartToken,
  newCsrfToken,
  newPublicId,
  newSessionKey,
  newStartToken,
} from './punchout-secrets';
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

/** What an entry hands the core to open a session at once (no start link: the entry met the browser). */
export interface SessionOpening {
  organizationId: string;
  userId: string;
  clientId: string;
  /** The product the buyer starts on, or null (a start page or search results). */
  productId: string | null;
  callback: { url: string; target: string };
  protocol: PunchoutProtocol;
  browser: { ip: string; userAgent: string | undefined };
  /** The protocol's own facts, recorded with punchout.created. */
  details: Record<string, unknown>;
}

/** Adds a value to a statement's parameters and answers its placeholder (`$n`). */
export type SqlParam = (value: unknown) => string;

/** What an entry hands the core to create a session with a one-time start link (cXML setup). */
export interface SessionStart {
  organizationId: string;
  userId: string;
  clientId: string;
  productId: string | null;
  callback: { url: string; target: string };
  protocol: PunchoutProtocol;
  shipTo: ShipTo | null;
  /** Shown, never changed or transferred (cXML inspect). */
  readOnly: boolean;
  /** The protocol's own facts, recorded with punchout.created. */
  details: Record<string, unknown>;
}

/**
 * The punchout core: every session's life in one place. It creates sessions (the API call with a
 * one-time start link, or at once for an entry that met the browser), finds them by their secrets
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
    private readonly audit: AuditService,
    private readonly clients: ClientsService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly returnFormat: PunchoutReturnFormatService,
  ) {}

  async create(principal: Principal, productId: string, body: unknown): Promise<PunchoutResponseDto> {
    const parsed = parsePunchoutRequest(body);
    if (!parsed.ok) throw new ApiError(HttpStatus.BAD_REQUEST, 'invalid_request', parsed.message);
    const request = parsed.request;

    // The syntax of the callbackUrl first; its origin and the product are checked by the insert itself.
    const callback = checkCallbackUrl(request.callbackUrl, []);
    if (!callback.ok) throw new ApiError(HttpStatus.BAD_REQUEST, 'invalid_request', callback.message);

    const startToken = newStartToken();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.config.punchout.startTtlSeconds * 1000);
    const id = randomUUID();
    const publicId = newPublicId();
    // One autocommitted statement inserts the session, only when the product exists and the origin
    // is allowed, together with its audit event (AuditService.appendWithChange): the organization's
    // chain stays locked for that statement's commit only. A refusal is explained afterwards.
    // The statement reads the product and client tables itself, the one place punchout does: it
    // saves two round trips on the path every punchout takes (bench/punchout.bench.js); the cold
    // refusal path asks the clients service (an unknown product is what remains).
    const created = await this.audit.appendWithChange(
      this.prisma.pool,
      {
        text: `INSERT INTO punchout_session (id, public_id, start_token_hash, csrf_token, organization_id,
                 user_id, client_id, product_id, callback_url, target, requester_name, ship_to, status,
                 created_at, expires_at)
               SELECT $1::uuid, $2, $3::bytea, $4, $5::uuid, $6::uuid, $7::uuid, $8::text, $9, $10, $11, $12::jsonb,
                      'CREATED'::punchout_status, $13::timestamptz, $14::timestamptz
                WHERE EXISTS (SELECT 1 FROM product WHERE id = $8::text)
                  AND EXISTS (SELECT 1 FROM oauth_client c
                               WHERE c.id = $7::uuid
                                 AND (cardinality(c.callback_origins) = 0
                                      OR $15::text = ANY (SELECT lower(o) FROM unnest(c.callback_origins) AS o)))`,
        values: [
          id,
          publicId,
          Buffer.from(digestOf(startToken)),
          newCsrfToken(),
          principal.organizationId,
          principal.userId,
          principal.clientId,
          productId,
          callback.url,
          callback.target,
          request.name ?? null,
          request.shipTo ? JSON.stringify(request.shipTo) : null,
          now,
          expiresAt,
          callback.origin,
        ],
      },
      {
        organizationId: principal.organizationId,
        type: AuditEventTypes.punchoutCreated,
        actor: { userId: principal.userId, clientId: principal.clientId },
        sessionId: id,
        payload: createdEventPayload({
          publicId,
          protocol: PunchoutProtocols.rest,
          productId,
          callback,
          name: request.name ?? null,
          shipTo: request.shipTo,
          startExpiresAt: expiresAt,
        }),
      },
    );
    if (!created) await this.refusal(principal, productId, request.callbackUrl);
    return { redirectUrl: `${this.config.publicUrl}${startPath(startToken)}` };
  }

  /**
   * Opens a session at once, for an entry that authenticated the browser itself (the OCI call-up):
   * the same record as the API call's, OPENED with its session key (made now, returned once, only its
   * SHA-256 stored), and the same events, punchout.created and punchout.opened, in one transaction.
   */
  async openNow(opening: SessionOpening): Promise<{ sessionKey: string; publicId: string }> {
    const sessionKey = newSessionKey();
    const now = this.clock.now();
    const id = randomUUID();
    const publicId = newPublicId();
    const { organizationId, userId, clientId, productId, callback, protocol } = opening;
    const actor = { userId, clientId };
    await this.prisma.$transaction(async (tx) => {
      await tx.punchoutSession.create({
        data: {
          id,
          publicId,
          keyHash: digestOf(sessionKey),
          csrfToken: newCsrfToken(),
          organizationId,
          userId,
          clientId,
          productId,
          callbackUrl: callback.url,
          target: callback.target,
          status: PunchoutStatus.OPENED,
          protocol,
          createdAt: now,
          openedAt: now,
          expiresAt: new Date(now.getTime() + this.config.punchout.idleTtlSeconds * 1000),
        },
      });
      await this.audit.append(tx, {
        organizationId,
        type: AuditEventTypes.punchoutCreated,
        actor,
        sessionId: id,
        payload: createdEventPayload({
          publicId,
          protocol,
          productId,
          callback,
          name: null,
          shipTo: null,
          details: opening.details,
        }),
      });
      await this.audit.append(tx, {
        organizationId,
        type: AuditEventTypes.punchoutOpened,
        actor,
        sessionId: id,
        payload: {
          publicId,
          ip: opening.browser.ip,
          userAgent: opening.browser.userAgent === undefined ? null : cutText(opening.browser.userAgent, 500),
        },
      });
    });
    return { sessionKey, publicId };
  }

  /**
   * Creates a session with a one-time start link, for an entry that authenticated its caller itself
   * and answers it server to server (cXML setup): the API call's record and start-token rules, with
   * the entry's protocol, ShipTo and facts, and `work` (the entry's own rows: a cXML session's facts,
   * a cart handed over) in the same transaction as the session and its punchout.created event.
   */
  async createWithStartLink(
    start: SessionStart,
    work: (tx: Tx, session: PunchoutSession) => Promise<void>,
  ): Promise<{ startUrl: string; publicId: string }> {
    const startToken = newStartToken();
    const now = this.clock.now();
    const publicId = newPublicId();
    const { organizationId, userId, clientId, productId, callback, protocol } = start;
    await this.prisma.$transaction(async (tx) => {
      const session = await tx.punchoutSession.create({
        data: {
          id: randomUUID(),
          publicId,
          startTokenHash: digestOf(startToken),
          csrfToken: newCsrfToken(),
          organizationId,
          userId,
          clientId,
          productId,
          callbackUrl: callback.url,
          target: callback.target,
          shipTo: start.shipTo ?? Prisma.DbNull,
          status: PunchoutStatus.CREATED,
          protocol,
          readOnly: start.readOnly,
          createdAt: now,
          expiresAt: new Date(now.getTime() + this.config.punchout.startTtlSeconds * 1000),
        },
      });
      await this.record(
        tx,
        session,
        AuditEventTypes.punchoutCreated,
        startedEventPayload(start, publicId, session.expiresAt),
      );
      // The entry's own rows after the creation event: a cart handed over and its events follow it.
      await work(tx, session);
    });
    return { startUrl: `${this.config.publicUrl}${startPath(startToken)}`, publicId };
  }

  /**
   * `createWithStartLink` as ONE autocommitted statement (the cXML setup's hot path, as the API
   * call's creation): the entry's own CTEs (`before`, e.g. its replay check), the session insert only
   * when `guard` (one of them) returned a row, the entry's row (`row`, reading the new id from the CTE
   * `session`) and the punchout.created event (AuditService.appendWithChange). Null when the guard
   * refused: nothing was written.
   */
  async createWithStartLinkAtOnce(
    start: SessionStart,
    entry: (param: SqlParam) => { before: string; guard: string; row: string },
  ): Promise<{ startUrl: string; publicId: string } | null> {
    const values: unknown[] = [];
    const param: SqlParam = (value) => {
      values.push(value);
      return `$${values.length}`;
    };
    const startToken = newStartToken();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.config.punchout.startTtlSeconds * 1000);
    const id = randomUUID();
    const publicId = newPublicId();
    const { organizationId, userId, clientId, productId, callback, protocol } = start;
    const sql = entry(param);
    const session = `session AS (
      INSERT INTO punchout_session (id, public_id, start_token_hash, csrf_token, organization_id, user_id,
             client_id, product_id, callback_url, target, ship_to, status, protocol, read_only, created_at, expires_at)
      SELECT ${param(id)}::uuid, ${param(publicId)}, ${param(Buffer.from(digestOf(startToken)))}::bytea,
             ${param(newCsrfToken())}, ${param(organizationId)}::uuid, ${param(userId)}::uuid,
             ${param(clientId)}::uuid, ${param(productId)}::text, ${param(callback.url)}, ${param(callback.target)},
             ${param(start.shipTo ? JSON.stringify(start.shipTo) : null)}::jsonb, 'CREATED'::punchout_status,
             ${param(protocol)}, ${param(start.readOnly)}::boolean, ${param(now)}::timestamptz,
             ${param(expiresAt)}::timestamptz
       WHERE EXISTS (SELECT 1 FROM ${sql.guard})
      RETURNING id)`;
    const created = await this.audit.appendWithChange(
      this.prisma.pool,
      { with: `${sql.before}, ${session}`, text: sql.row, values },
      {
        organizationId,
        type: AuditEventTypes.punchoutCreated,
        actor: { userId, clientId },
        sessionId: id,
        payload: startedEventPayload(start, publicId, expiresAt),
      },
    );
    return created ? { startUrl: `${this.config.publicUrl}${startPath(startToken)}`, publicId } : null;
  }

  /** Why the insert refused: the origin (400, checked first, as the API documents) or the product (404). */
  private async refusal(principal: Principal, productId: string, callbackUrl: string): Promise<never> {
    const callback = checkCallbackUrl(callbackUrl, await this.clients.callbackOriginsOf(principal.clientId));
    if (!callback.ok) throw new ApiError(HttpStatus.BAD_REQUEST, 'invalid_request', callback.message);
    throw new ApiError(HttpStatus.NOT_FOUND, 'not_found', `No product ${productId}.`);
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
      await this.close(session, PunchoutStatus.EXPIRED, 'punchout.expired', {
        reason: 'idle',
      });
      return { kind: 'closed', session: await this.reload(session.id) };
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
   * Ends an open (or, for a start link never opened, a created) session without its cart: status,
   * time, the exact fields posted back (the protocol's empty cart, PunchoutReturnFormatService) and
   * the reason, with the audit event. False when another request ended it first; the fields posted
   * are then in the reloaded session's `returnedFields`.
   */
  async close(
    session: PunchoutSession,
    status: PunchoutStatus,
    type: AuditEventType,
    outcome: { reason?: string; extra?: Record<string, unknown> } = {},
    run?: (tx: Tx) => Promise<void>,
  ): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const back = await this.returnFormat.emptyCart(session, tx);
      const { count } = await tx.punchoutSession.updateMany({
        where: { id: session.id, status: { in: [PunchoutStatus.OPENED, PunchoutStatus.CREATED] } },
        data: {
          status,
          closedAt: this.clock.now(),
          returnedFields: back.fields,
          closeReason: outcome.reason ? cutText(outcome.reason, 500) : null,
        },
      });
      if (count !== 1) return false;
      if (run) await run(tx);
      await this.record(tx, session, type, {
        ...(outcome.reason ? { reason: outcome.reason } : {}),
        ...outcome.extra,
        ...back.record,
        fields: back.fields,
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

/** punchout.created of a session a protocol entry starts with a start link (no name: not the REST call). */
function startedEventPayload(
  start: SessionStart,
  publicId: string,
  startExpiresAt: Date,
): Record<string, unknown> {
  const { protocol, productId, callback, shipTo, details } = start;
  return createdEventPayload({
    publicId,
    protocol,
    productId,
    callback,
    name: null,
    shipTo,
    startExpiresAt,
    details,
  });
}
