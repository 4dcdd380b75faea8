import { HttpStatus, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AuditEventTypes } from '../audit/audit-event';
import { AuditService } from '../audit/audit.service';
import { Principal } from '../auth/principal';
import { Clock } from '../common/clock/clock';
import { ApiError } from '../common/http/api-error';
import { AppConfig } from '../config/app-config';
import { PrismaService } from '../database/prisma.service';
import { checkCallbackUrl } from './callback-url';
import { PunchoutResponseDto } from './dto/punchout-response.dto';
import { digestOf, newCsrfToken, newPublicId, newSessionKey, newStartToken } from './punchout-secrets';
import { PunchoutProtocol } from './punchout-protocol';
import { PunchoutStatus } from '../generated/prisma/client';
import { parsePunchoutRequest } from './punchout-request.parser';
import { startPath } from './punchout-paths';

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

interface CreationFacts {
  origins: string[] | null;
  productExists: boolean;
}

/**
 * Creating a punchout session (the API call, spec 4.4). This is the hot path procurement systems hit
 * for every punchout, so it is hand-written SQL on the pool: the insert (which itself checks the
 * product and the client's callback origins) and its audit event in one transaction.
 */
@Injectable()
export class PunchoutSessionsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
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
        payload: {
          publicId,
          productId,
          callbackUrl: callback.url,
          target: callback.target,
          name: request.name ?? null,
          shipTo: request.shipTo ?? null,
          startExpiresAt: expiresAt.toISOString(),
        },
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
        payload: {
          publicId,
          protocol,
          productId,
          callbackUrl: callback.url,
          target: callback.target,
          name: null,
          shipTo: null,
          ...opening.details,
        },
      });
      await this.audit.append(tx, {
        organizationId,
        type: AuditEventTypes.punchoutOpened,
        actor,
        sessionId: id,
        payload: {
          publicId,
          ip: opening.browser.ip,
          userAgent: opening.browser.userAgent?.slice(0, 500) ?? null,
        },
      });
    });
    return { sessionKey, publicId };
  }

  /** Why the insert refused: the origin (400, checked first, as the API documents) or the product (404). */
  private async refusal(principal: Principal, productId: string, callbackUrl: string): Promise<never> {
    const { rows } = await this.prisma.pool.query<CreationFacts>({
      name: 'punchout-creation-facts',
      text: `SELECT (SELECT callback_origins FROM oauth_client WHERE id = $1::uuid) AS origins,
                    EXISTS (SELECT 1 FROM product WHERE id = $2) AS "productExists"`,
      values: [principal.clientId, productId],
    });
    const callback = checkCallbackUrl(callbackUrl, rows[0]?.origins ?? []);
    if (!callback.ok) throw new ApiError(HttpStatus.BAD_REQUEST, 'invalid_request', callback.message);
    throw new ApiError(HttpStatus.NOT_FOUND, 'not_found', `No product ${productId}.`);
  }
}
