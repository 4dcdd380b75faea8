import { Injectable, Logger } from '@nestjs/common';
import { AuditEventTypes } from '../../audit/audit-event';
import { AuditService } from '../../audit/audit.service';
import { Clock } from '../../common/clock/clock';
import { ApiError } from '../../common/http/api-error';
import { AppConfig } from '../../config/app-config';
import { PrismaService } from '../../database/prisma.service';
import { ClientsService } from '../../oauth/clients.service';
import { UsersService } from '../../oauth/users.service';
import { RateLimitPolicy } from '../../rate-limit/rate-limit-policy';
import { RateLimiterService } from '../../rate-limit/rate-limiter.service';
import type { OfferWithProduct } from '../../product/offer.repository';
import type { Prisma } from '../../generated/prisma/client';
import { checkCallbackUrl, DEFAULT_OCI_TARGET } from '../core/callback-url';
import { PunchoutCartService } from '../core/punchout-cart.service';
import { PunchoutCatalogReader } from '../core/punchout-catalog.reader';
import { PunchoutProtocols } from '../../common/punchout-protocol';
import { PunchoutSessionsService, SessionStart, SqlParam } from '../core/punchout-sessions.service';
import type { CxmlBody } from './cxml-body.parser';
import { cxmlRefusalSummary } from './cxml-refusal-summary';
import { CxmlEnvelope, newEnvelope } from './cxml-envelope';
import { CxmlEncodings, isCxmlEncoding } from './cxml-form-field';
import { buildSetupResponse, buildStatusResponse, CxmlStatusCode } from './cxml-response.builder';
import { CxmlItemRef, CxmlSetupRequest, parseCxmlSetupRequest } from './cxml-setup-request.parser';
import { cutText } from '../../common/text/cut-text';

/** How long a payloadID stays remembered: a replay within this window opens nothing. */
export const PAYLOAD_REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface CxmlCaller {
  ip: string;
  userAgent: string | undefined;
}

/** Thrown inside the creating transaction when the payloadID was seen: nothing is written. */
class PayloadReplayed extends Error {}

/** A refusal: the cXML status, its text, and how the audit trail names it (`outcome`). */
interface Refusal {
  code: CxmlStatusCode;
  text: string;
  outcome: string;
}

/**
 * The cXML entry into the punchout core, `POST /punchout/cxml` (docs/punchout.md, "Connecting Coupa /
 * Ariba / other cXML buyers"): a PunchOutSetupRequest from the buyer's system, answered with a
 * PunchOutSetupResponse whose StartPage is the one-time start link of a new session (as the REST
 * entry's redirectUrl). Who asks: Sender's Identity and SharedSecret are the client id and its punchout
 * secret; the user is UserEmail (or Contact/Email) of that client's organization; BrowserFormPost must
 * be within its callback origins. Every answer is a cXML document in an HTTP 200, refusals a Status with
 * the code and the element at fault. Every setup is recorded (never the SharedSecret).
 */
@Injectable()
export class CxmlSetupService {
  private readonly logger = new Logger('CxmlSetup');
  private readonly failures: RateLimitPolicy;
  private readonly host: string;

  constructor(
    private readonly clients: ClientsService,
    private readonly users: UsersService,
    private readonly sessions: PunchoutSessionsService,
    private readonly cart: PunchoutCartService,
    private readonly catalog: PunchoutCatalogReader,
    private readonly audit: AuditService,
    private readonly prisma: PrismaService,
    private readonly limiter: RateLimiterService,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {
    const { windowSeconds, tokenFailures } = config.rateLimit;
    this.failures = { name: 'cxml-setup-failures', limit: tokenFailures, windowSeconds };
    this.host = new URL(config.publicUrl).hostname;
  }

  /** The answer document (always a cXML document; the route sends it with HTTP 200). */
  async setup(body: CxmlBody, caller: CxmlCaller): Promise<string> {
    const envelope = newEnvelope(this.host, this.clock.now(), 'en');
    try {
      return await this.answer(body, caller, envelope);
    } catch (error) {
      if (error instanceof ApiError && error.getStatus() === 429)
        return buildStatusResponse(envelope, 429, 'Too many failed credential checks; retry later.');
      // Our fault: the buyer learns nothing but that; the log has the cause.
      this.logger.error({ err: error }, 'cXML setup failed');
      return buildStatusResponse(envelope, 500, 'The setup request could not be processed; retry later.');
    }
  }

  private async answer(body: CxmlBody, caller: CxmlCaller, envelope: CxmlEnvelope): Promise<string> {
    if ('problem' in body) return buildStatusResponse(envelope, 400, body.problem);
    const parsed = parseCxmlSetupRequest(body.text);
    if (!parsed.ok) {
      // No client is known yet whose organization's trail could record it: logged instead.
      this.logger.warn(
        { code: parsed.problem.code, text: parsed.problem.text, ip: caller.ip },
        'cXML setup refused',
      );
      return buildStatusResponse(envelope, parsed.problem.code, parsed.problem.text);
    }
    const request = parsed.request;
    const reply = { ...envelope, lang: request.lang };
    const facts = factsOf(request, caller);
    // Before the sender is authenticated only a bounded summary is recorded (cxml-refusal-summary.ts).
    const refuse = async (
      organizationId: string | null,
      userId: string | null,
      clientId: string | null,
      refusal: Refusal,
      recorded: Record<string, unknown> = facts,
    ) => {
      if (organizationId)
        await this.prisma.$transaction((tx) =>
          this.audit.append(tx, {
            organizationId,
            type: AuditEventTypes.punchoutCxmlSetup,
            actor: { userId, clientId },
            payload: { outcome: refusal.outcome, status: refusal.code, ...recorded },
          }),
        );
      else this.logger.warn({ outcome: refusal.outcome, ...recorded }, 'cXML setup refused');
      return buildStatusResponse(reply, refusal.code, refusal.text);
    };

    // As the token endpoint and the OCI call-up: failures count per client id and address. Checked
    // beside the lookup (one round trip less on the hot path): a refused check throws before anything
    // is answered or written, whatever the lookup found.
    const failureKey = `${cutText(request.sender.identity, 100)}\n${caller.ip}`;
    const [, auth] = await Promise.all([
      this.limiter.check(this.failures, failureKey),
      this.clients.authenticatePunchout(request.sender.identity, request.sender.sharedSecret),
    ]);
    if (auth.outcome !== 'authenticated') {
      if (auth.outcome === 'unknown') await this.limiter.penalize(this.failures, failureKey);
      return refuse(
        auth.claimed?.organizationId ?? null,
        null,
        auth.outcome === 'revoked' ? auth.claimed.id : null,
        {
          code: 401,
          outcome: auth.outcome === 'unknown' ? 'credentials_refused' : 'client_revoked',
          text:
            auth.outcome === 'unknown'
              ? 'Header/Sender/Credential: unknown Identity or wrong SharedSecret (the client id and its punchout secret).'
              : 'Header/Sender/Credential: this client has been revoked.',
        },
        cxmlRefusalSummary(body.text, request, caller),
      );
    }
    const client = auth.client;
    const buyer = await this.users.punchoutBuyer(client.organizationId, request.userEmail);
    if (buyer.kind !== 'active')
      return refuse(client.organizationId, null, client.id, {
        code: buyer.kind === 'unknown' ? 401 : 403,
        outcome: buyer.kind === 'unknown' ? 'user_unknown' : 'user_disabled',
        text:
          buyer.kind === 'unknown'
            ? "Extrinsic UserEmail (or Contact/Email): not a user of the client's organization."
            : 'Extrinsic UserEmail (or Contact/Email): this user is disabled.',
      });
    const user = buyer.user;
    const syntax = checkCallbackUrl(request.browserFormPostUrl, []);
    if (!syntax.ok)
      return refuse(client.organizationId, user.id, client.id, {
        code: 400,
        outcome: 'browser_form_post_invalid',
        text: `BrowserFormPost/URL: ${syntax.message.replace(/^callbackUrl\s*/, '')}`,
      });
    if (
      client.callbackOrigins.length > 0 &&
      !checkCallbackUrl(request.browserFormPostUrl, client.callbackOrigins).ok
    )
      return refuse(client.organizationId, user.id, client.id, {
        code: 403,
        outcome: 'browser_form_post_origin',
        text: `BrowserFormPost/URL: the origin ${syntax.origin} is not among the client's allowed callback origins.`,
      });

    const productId = request.selectedItem ? await this.productOf(request.selectedItem) : null;
    const wanted = await this.cartOf(request);
    const encoding = isCxmlEncoding(client.cxmlEncoding) ? client.cxmlEncoding : CxmlEncodings.urlencoded;
    const session: SessionStart = {
      organizationId: client.organizationId,
      userId: user.id,
      clientId: client.id,
      productId,
      callback: { url: syntax.url, target: DEFAULT_OCI_TARGET },
      protocol: PunchoutProtocols.cxml,
      shipTo: request.shipTo?.address ?? null,
      readOnly: request.operation === 'inspect',
      details: { cxml: { ...facts, status: 200, encoding } },
    };
    const cxmlRow = {
      operation: request.operation,
      payloadId: request.payloadId,
      buyerCookie: request.buyerCookie,
      lang: request.lang,
      fromCredentials: request.from as object[],
      toCredentials: request.to as object[],
      shipTo: request.shipTo ? (request.shipTo.element as object) : undefined,
      encoding,
    };
    const now = this.clock.now();
    const created =
      wanted.length === 0
        ? // The hot path (create, no cart): the replay check, the session, its cXML row and event in ONE statement.
          await this.sessions.createWithStartLinkAtOnce(session, (param) => ({
            before: payloadCtes(param, client.id, request.payloadId, now),
            guard: 'payload',
            row: `INSERT INTO punchout_cxml (session_id, operation, payload_id, buyer_cookie, lang, from_credentials,
                         to_credentials, ship_to, initial_lines, encoding)
                  SELECT id, ${param(cxmlRow.operation)}, ${param(cxmlRow.payloadId)}, ${param(cxmlRow.buyerCookie)},
                         ${param(cxmlRow.lang)}, ${param(JSON.stringify(cxmlRow.fromCredentials))}::jsonb,
                         ${param(JSON.stringify(cxmlRow.toCredentials))}::jsonb,
                         ${param(cxmlRow.shipTo ? JSON.stringify(cxmlRow.shipTo) : null)}::jsonb, '[]'::jsonb,
                         ${param(cxmlRow.encoding)}
                    FROM session`,
          }))
        : await this.withCart(session, cxmlRow, wanted, client.id, now);
    if (!created)
      return refuse(client.organizationId, user.id, client.id, {
        code: 409,
        outcome: 'payload_replayed',
        text: `payloadID ${cutText(request.payloadId, 100)} was already received in the last 24 hours.`,
      });
    return buildSetupResponse(reply, created.startUrl);
  }

  /**
   * edit and inspect: the session, its cXML row and the cart handed over (each line re-validated,
   * with its events) in one transaction, after the replay check; null for a replay (nothing written).
   */
  private async withCart(
    session: SessionStart,
    cxmlRow: Omit<Prisma.PunchoutCxmlUncheckedCreateInput, 'sessionId' | 'initialLines'>,
    wanted: Awaited<ReturnType<CxmlSetupService['cartOf']>>,
    clientId: string,
    now: Date,
  ): Promise<{ startUrl: string } | null> {
    return this.sessions
      .createWithStartLink(session, async (tx, created) => {
        // In the creating transaction: a setup that fails leaves its payloadID unused for a retry.
        const values: unknown[] = [];
        const param: SqlParam = (value) => (values.push(value), `$${values.length}`);
        const sql = `WITH ${payloadCtes(param, clientId, cxmlRow.payloadId, now)} SELECT EXISTS (SELECT 1 FROM payload) AS fresh`;
        const [first] = await tx.$queryRawUnsafe<Array<{ fresh: boolean }>>(sql, ...values);
        if (first?.fresh !== true) throw new PayloadReplayed();
        const restored = await this.cart.restore(tx, created, wanted, this.config.cxml.defaultUnit);
        if (restored.changes.length > 0)
          await tx.punchoutSession.update({
            where: { id: created.id },
            data: { openingChanges: restored.changes },
          });
        await tx.punchoutCxml.create({
          data: { ...cxmlRow, sessionId: created.id, initialLines: restored.lines as object[] },
        });
      })
      .catch((error: unknown) => {
        if (error instanceof PayloadReplayed) return null;
        throw error;
      });
  }

  /** The product a SelectedItem names (our offer id, an offer's SKU or a product code), or null. */
  private async productOf(item: CxmlItemRef): Promise<string | null> {
    const [offer] = await this.offersFor([item]);
    if (offer) return offer.product.id;
    const product = await this.catalog.findProduct(item.supplierPartId);
    return product ? product.id : null;
  }

  /** The offers the ItemOut lines name, in their order (null where none is found any more). */
  private async cartOf(request: CxmlSetupRequest) {
    if (request.operation === 'create' || request.items.length === 0) return [];
    const offers = await this.offersFor(request.items);
    return request.items.map((item, index) => ({
      offer: offers[index] ?? null,
      label: item.supplierPartId,
      quantity: item.quantity,
      netPrice: item.unitPrice?.amount ?? null,
    }));
  }

  /**
   * Each reference's offer: SupplierPartAuxiliaryID is our offer id (what our order messages send);
   * without one (or when that offer is gone), SupplierPartID names an offer by its SKU, or its product
   * by code or id (then that product's first offer).
   */
  private async offersFor(refs: readonly CxmlItemRef[]): Promise<Array<OfferWithProduct | undefined>> {
    const byId = await this.catalog.offersById(
      refs.flatMap((ref) => (ref.supplierPartAuxiliaryId ? [ref.supplierPartAuxiliaryId] : [])),
    );
    const missing = refs.filter(
      (ref) => !ref.supplierPartAuxiliaryId || !byId.has(ref.supplierPartAuxiliaryId),
    );
    const byPart = await this.catalog.offersBySupplierPartIds(missing.map((ref) => ref.supplierPartId));
    return refs.map(
      (ref) =>
        (ref.supplierPartAuxiliaryId ? byId.get(ref.supplierPartAuxiliaryId) : undefined) ??
        byPart.find((offer) => offer.vendorSku === ref.supplierPartId) ??
        byPart.find((offer) => offer.product.productCode === ref.supplierPartId) ??
        byPart.find((offer) => offer.product.id === ref.supplierPartId),
    );
  }
}

/**
 * The replay check as CTEs: `payload` returns a row when the client's payloadID is new (or last seen
 * over 24 hours ago), remembering it; entries older than that are pruned on the way, so the table
 * holds one day of setups. Two requests with the same id at once: the second waits for the first's
 * transaction on the key, then sees it.
 */
function payloadCtes(param: SqlParam, clientId: string, payloadId: string, now: Date): string {
  const since = param(new Date(now.getTime() - PAYLOAD_REPLAY_WINDOW_MS));
  const client = param(clientId);
  const id = param(payloadId);
  return `pruned AS (
      DELETE FROM cxml_payload
       WHERE received_at < ${since}::timestamptz AND NOT (client_id = ${client}::uuid AND payload_id = ${id})),
    payload AS (
      INSERT INTO cxml_payload (client_id, payload_id, received_at)
      VALUES (${client}::uuid, ${id}, ${param(now)}::timestamptz)
      ON CONFLICT (client_id, payload_id) DO UPDATE SET received_at = EXCLUDED.received_at
        WHERE cxml_payload.received_at < ${since}::timestamptz
      RETURNING 1)`;
}

/** What the audit trail records of a setup request: everything but the SharedSecret. */
function factsOf(request: CxmlSetupRequest, caller: CxmlCaller): Record<string, unknown> {
  return {
    payloadId: request.payloadId,
    timestamp: request.timestamp,
    operation: request.operation,
    buyerCookie: request.buyerCookie,
    from: request.from,
    to: request.to,
    sender: {
      domain: request.sender.domain,
      identity: request.sender.identity,
      userAgent: request.sender.userAgent,
    },
    deploymentMode: request.deploymentMode,
    userEmail: request.userEmail,
    browserFormPostUrl: request.browserFormPostUrl,
    shipTo: request.shipTo?.address ?? null,
    selectedItem: request.selectedItem,
    items: request.items,
    extrinsics: request.extrinsics,
    ip: caller.ip,
    userAgent: caller.userAgent === undefined ? null : cutText(caller.userAgent, 500),
  };
}
