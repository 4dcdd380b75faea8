import { Injectable, Logger } from '@nestjs/common';
import { AuditEventTypes } from '../../audit/audit-event';
import { AuditService } from '../../audit/audit.service';
import { Clock } from '../../common/clock/clock';
import { ApiError } from '../../common/http/api-error';
import { AppConfig } from '../../config/app-config';
import { PrismaService } from '../../database/prisma.service';
import { ConcurrencyLimitService } from '../../rate-limit/concurrency-limit.service';
import type { ConcurrencyPolicy } from '../../rate-limit/concurrency-policy';
import { RateLimitPolicy } from '../../rate-limit/rate-limit-policy';
import type { OfferWithProduct } from '../../product/offer.repository';
import type { Prisma } from '../../generated/prisma/client';
import { DEFAULT_OCI_TARGET } from '../core/callback-url';
import { EntryAuthenticator, EntryRefusal } from '../core/entry-authenticator.service';
import { PunchoutCartService } from '../core/punchout-cart.service';
import { PunchoutCatalogReader } from '../core/punchout-catalog.reader';
import { PunchoutProtocols } from '../../common/punchout-protocol';
import { PunchoutSessionsService } from '../core/punchout-sessions.service';
import type { SessionRef } from '../core/session-start';
import type { CxmlBody } from '../../cxml/cxml-body.parser';
import { cxmlRefusalSummary } from '../../cxml/cxml-refusal-summary';
import { CxmlEnvelope, newEnvelope } from '../../cxml/cxml-envelope';
import { buildStatusResponse, CxmlStatusCode, failureStatus } from '../../cxml/cxml-status.builder';
import { CxmlEncodings, isCxmlEncoding } from './cxml-form-field';
import { buildSetupResponse } from './cxml-setup-response.builder';
import { CxmlItemRef, CxmlSetupRequest, parseCxmlSetupRequest } from './cxml-setup-request.parser';
import { cutText } from '../../common/text/cut-text';
import { parseCartLineKey } from '../../common/cart-line-key';
import { TransferredCartLinesService } from '../core/transferred-cart-lines.service';

/** How long a payloadID stays remembered: a replay within this window opens nothing. */
export const PAYLOAD_REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface CxmlCaller {
  ip: string;
  userAgent: string | undefined;
}

/**
 * Setups that hand over a cart (edit, inspect) of one organization run one at a time; one more waits
 * briefly, then is answered Status 429. Each restores up to 200 lines and appends an audit event per
 * line under the organization's chain lock: run side by side they queued on that lock inside their
 * transactions, and those at the back of the queue ran out of time (Status 500) while holding a
 * database connection each. Buyers hand carts over at human pace, so one at a time costs nothing.
 */
const CART_SETUPS_AT_ONCE: ConcurrencyPolicy = {
  name: 'cxml-cart-setups',
  limit: 1,
  waitMs: 3_000,
  leaseMs: 30_000,
};
/** The transaction of a setup with a cart: 200 lines and their events on a busy machine. */
const CART_SETUP_TIMEOUT_MS = 20_000;

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
    private readonly entry: EntryAuthenticator,
    private readonly sessions: PunchoutSessionsService,
    private readonly cart: PunchoutCartService,
    private readonly catalog: PunchoutCatalogReader,
    private readonly transferred: TransferredCartLinesService,
    private readonly audit: AuditService,
    private readonly prisma: PrismaService,
    private readonly concurrency: ConcurrencyLimitService,
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
      const failure = failureStatus(error, tooManyText);
      if (failure.unexpected) this.logger.error({ err: error }, 'cXML setup failed');
      else if (failure.code === 560)
        this.logger.warn({ err: error }, 'cXML setup: the database is unavailable');
      // Our fault: the buyer learns nothing but that; the log has the cause.
      return buildStatusResponse(
        envelope,
        failure.code,
        failure.unexpected ? 'The setup request could not be processed; retry later.' : failure.text,
      );
    }
  }

  private async answer(body: CxmlBody, caller: CxmlCaller, envelope: CxmlEnvelope): Promise<string> {
    if ('problem' in body) return buildStatusResponse(envelope, body.code, body.problem);
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
      beforeAnswer = true,
    ) => {
      const write = organizationId
        ? this.prisma.$transaction((tx) =>
            this.audit.append(tx, {
              organizationId,
              type: AuditEventTypes.punchoutCxmlSetup,
              actor: { userId, clientId },
              payload: { outcome: refusal.outcome, status: refusal.code, ...recorded },
            }),
          )
        : this.logger.warn({ outcome: refusal.outcome, ...recorded }, 'cXML setup refused');
      if (beforeAnswer) await write;
      else
        void Promise.resolve(write).catch((error: unknown) =>
          this.logger.error({ err: error }, 'cXML setup refusal could not be recorded'),
        );
      return buildStatusResponse(reply, refusal.code, refusal.text);
    };

    const auth = await this.entry.authenticate<CxmlSetupRequest, never, string>({
      failures: this.failures,
      clientId: request.sender.identity,
      secret: request.sender.sharedSecret,
      ip: caller.ip,
      request: { ok: true, request },
      email: request.userEmail,
      callbackUrl: request.browserFormPostUrl,
    });
    if (!auth.ok) {
      const { organizationId = null, clientId = null, userId = null } = auth.recordIn ?? {};
      // Before the sender is authenticated only a bounded summary is recorded (cxml-refusal-summary.ts).
      const unauthenticated = auth.refusal === 'credentials_refused' || auth.refusal === 'client_revoked';
      const recorded = unauthenticated
        ? {
            ...cxmlRefusalSummary(body.text, request, caller, {
              extrinsics: Object.keys(request.extrinsics).length,
              items: request.items.length,
            }),
            operation: request.operation,
          }
        : facts;
      // Credential refusals are recorded beside the answer, not before it: an unknown client id has
      // nothing to record, so a refusal that waited for the audit write would tell a real id by its time.
      return refuse(organizationId, userId, clientId, setupRefusal(auth), recorded, !unauthenticated);
    }
    const { client, user } = auth;
    const syntax = auth.callback;

    const organizationId = client.organizationId;
    const productId = request.selectedItem
      ? await this.productOf(organizationId, request.selectedItem)
      : null;
    const wanted = await this.cartOf(organizationId, request);
    const encoding = isCxmlEncoding(client.cxmlEncoding) ? client.cxmlEncoding : CxmlEncodings.urlencoded;
    const now = this.clock.now();
    const cxmlRow = {
      operation: request.operation,
      payload_id: request.payloadId,
      buyer_cookie: request.buyerCookie,
      lang: request.lang,
      from_credentials: { json: request.from },
      to_credentials: { json: request.to },
      ship_to: request.shipTo ? { json: request.shipTo.element } : null,
      // The cart as it came in: empty for create; edit and inspect fill it once it is re-validated.
      initial_lines: { json: [] },
      encoding,
    };
    const start = () =>
      this.sessions.start({
        organizationId: client.organizationId,
        userId: user.id,
        clientId: client.id,
        productId,
        callback: { url: syntax.url, target: DEFAULT_OCI_TARGET },
        protocol: PunchoutProtocols.cxml,
        name: null,
        shipTo: request.shipTo?.address ?? null,
        readOnly: request.operation === 'inspect',
        details: { cxml: { ...facts, status: 200, encoding } },
        opening: { kind: 'start-link' },
        // A replayed payloadID opens nothing (the check and the insert are one statement).
        conditions: {
          messageId: {
            clientId: client.id,
            messageId: request.payloadId,
            since: new Date(now.getTime() - PAYLOAD_REPLAY_WINDOW_MS),
            now,
          },
        },
        companion: { table: 'punchout_cxml', columns: cxmlRow },
        // edit and inspect: the cart handed over, each line re-validated (with its events), in the
        // creating transaction; create (the hot path) has none and is one statement.
        ...(wanted.length > 0
          ? {
              timeoutMs: CART_SETUP_TIMEOUT_MS,
              within: async (tx: Prisma.TransactionClient, session: SessionRef) => {
                const lines = await this.cart.restore(tx, session, wanted, this.config.cxml.defaultUnit);
                await tx.punchoutCxml.update({
                  where: { sessionId: session.id },
                  data: { initialLines: lines as object[] },
                });
              },
            }
          : {}),
      });
    const created =
      wanted.length === 0
        ? await start()
        : await this.concurrency
            .hold(CART_SETUPS_AT_ONCE, client.organizationId, start)
            .catch((error: unknown) => {
              if (error instanceof ApiError && error.getStatus() === 429) return 'busy' as const;
              throw error;
            });
    if (created === 'busy')
      return buildStatusResponse(
        reply,
        429,
        "Another cart of the buyer's organization is being handed over; retry in a few seconds.",
      );
    if (!created)
      return refuse(client.organizationId, user.id, client.id, {
        code: 409,
        outcome: 'payload_replayed',
        text: `payloadID ${cutText(request.payloadId, 100)} was already received in the last 24 hours.`,
      });
    return buildSetupResponse(reply, created.startUrl);
  }

  /** The product a SelectedItem names (a line key, our offer id, an offer's SKU or a product code), or null. */
  private async productOf(organizationId: string, item: CxmlItemRef): Promise<string | null> {
    const [found] = await this.offersFor(organizationId, [item]);
    if (found.offer) return found.offer.product.id;
    const product = await this.catalog.findProduct(item.supplierPartId, organizationId);
    return product ? product.id : null;
  }

  /** The offers the ItemOut lines name, in their order (null where none is found any more), with their keys. */
  private async cartOf(organizationId: string, request: CxmlSetupRequest) {
    if (request.operation === 'create' || request.items.length === 0) return [];
    const found = await this.offersFor(organizationId, request.items);
    return request.items.map((item, index) => ({
      offer: found[index].offer ?? null,
      label: item.supplierPartId,
      quantity: item.quantity,
      netPrice: item.unitPrice?.amount ?? null,
      orderKey: found[index].orderKey,
    }));
  }

  /**
   * Each reference's offer. SupplierPartAuxiliaryID is the line key our order messages send: the
   * transferred line of the caller's organization it names gives the offer, and the line keeps the
   * key (`orderKey`); a key of another organization names nothing. Carts sent before keys carry our
   * offer id there, which is still read. Without either (or when that offer is gone), SupplierPartID
   * names an offer by its SKU, or its product by code or id (then that product's first offer).
   */
  private async offersFor(
    organizationId: string,
    refs: readonly CxmlItemRef[],
  ): Promise<Array<{ offer: OfferWithProduct | undefined; orderKey: string | null }>> {
    const auxIds = refs.flatMap((ref) => (ref.supplierPartAuxiliaryId ? [ref.supplierPartAuxiliaryId] : []));
    const lines = await this.transferred.byKeys(
      organizationId,
      auxIds.filter((id) => parseCartLineKey(id) !== undefined),
    );
    // The offer id the auxiliary id stands for: its line's offer, or itself (an offer id of old).
    const offerIdOf = (ref: CxmlItemRef): string | null => {
      const aux = ref.supplierPartAuxiliaryId;
      if (!aux) return null;
      const line = lines.get(aux);
      return line ? line.offerId : aux;
    };
    const byId = await this.catalog.offersById(
      refs.flatMap((ref) => offerIdOf(ref) ?? []),
      organizationId,
    );
    const missing = refs.filter((ref) => {
      const id = offerIdOf(ref);
      return id === null || !byId.has(id);
    });
    const byPart = await this.catalog.offersBySupplierPartIds(
      missing.map((ref) => ref.supplierPartId),
      organizationId,
    );
    return refs.map((ref) => {
      const id = offerIdOf(ref);
      const offer = id !== null ? byId.get(id) : undefined;
      if (offer) {
        const key = ref.supplierPartAuxiliaryId;
        return { offer, orderKey: key && lines.has(key) ? key : null };
      }
      return {
        offer:
          byPart.find((o) => o.vendorSku === ref.supplierPartId) ??
          byPart.find((o) => o.product.productCode === ref.supplierPartId) ??
          byPart.find((o) => o.product.id === ref.supplierPartId),
        orderKey: null,
      };
    });
  }
}

/** The text of a 429: the client's entry budget, or the failed credential checks of its id and address. */
function tooManyText(error: ApiError): string {
  const retry = error.headers['retry-after'] ?? '1';
  return (error.headers['ratelimit-policy'] ?? '').includes('"punchout-entry-client"')
    ? `Too many setup requests from this client; retry in ${retry} s.`
    : 'Too many failed credential checks; retry later.';
}

/** A refusal of the entry authenticator as the setup answers and records it. */
function setupRefusal(auth: EntryRefusal<never>): Refusal {
  switch (auth.refusal) {
    case 'credentials_refused':
      return {
        code: 401,
        outcome: 'credentials_refused',
        text: 'Header/Sender/Credential: unknown Identity or wrong SharedSecret (the client id and its punchout secret).',
      };
    case 'client_revoked':
      return {
        code: 401,
        outcome: 'client_revoked',
        text: 'Header/Sender/Credential: this client has been revoked.',
      };
    case 'user_unknown':
      return {
        code: 401,
        outcome: 'user_unknown',
        text: "Extrinsic UserEmail (or Contact/Email): not a user of the client's organization.",
      };
    case 'user_disabled':
      return {
        code: 403,
        outcome: 'user_disabled',
        text: 'Extrinsic UserEmail (or Contact/Email): this user is disabled.',
      };
    case 'callback_invalid':
      return {
        code: 400,
        outcome: 'browser_form_post_invalid',
        text: `BrowserFormPost/URL: ${auth.message.replace(/^callbackUrl\s*/, '')}`,
      };
    case 'callback_origin':
      return {
        code: 403,
        outcome: 'browser_form_post_origin',
        text: `BrowserFormPost/URL: the origin ${auth.origin} is not among the client's allowed callback origins.`,
      };
    case 'entry_problem':
      return auth.problem;
  }
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
