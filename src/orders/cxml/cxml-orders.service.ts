import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { ApiError } from '../../common/http/api-error';
import { cutText } from '../../common/text/cut-text';
import { AppConfig } from '../../config/app-config';
import type { CxmlBody } from '../../cxml/cxml-body.parser';
import { CxmlEnvelope, newEnvelope } from '../../cxml/cxml-envelope';
import { cxmlRefusalSummary, CxmlRefusalCaller } from '../../cxml/cxml-refusal-summary';
import { buildStatusResponse, cxmlCodeOf, failureStatus } from '../../cxml/cxml-status.builder';
import { EntryAuthenticator, EntryActor } from '../../punchout/core/entry-authenticator.service';
import type { RateLimitPolicy } from '../../rate-limit/rate-limit-policy';
import type { IncomingOrder } from '../incoming-order';
import { AnswerFacts, OrderIntakeService } from '../order-intake.service';
import type { OrderSender } from '../order-sender';
import { CxmlOrderRequest, parseCxmlOrderRequest } from './cxml-order-request.parser';

/**
 * The cXML door of purchase orders, `POST /cxml/orders` (docs/orders.md, "cXML orders"): an
 * OrderRequest from the buyer's procurement suite, authenticated as its punchout setups are (the
 * Sender's Identity and SharedSecret are the client id and its punchout secret, through the one
 * EntryAuthenticator, with its failure and per-client limits), read into the IncomingOrder every door
 * hands the intake (same checks, same findings as JSON), and answered with a cXML Status in an HTTP
 * 200: 200 accepted (stored with its exact document before the answer), 400 malformed, 401
 * credentials, 403 blocked offers (ORDER_BLOCKED=refuse), 409 the same orderID with other content;
 * the same payloadID again gets the first answer again and makes no second order.
 */
@Injectable()
export class CxmlOrdersService {
  private readonly logger = new Logger('CxmlOrders');
  private readonly failures: RateLimitPolicy;
  private readonly host: string;

  constructor(
    private readonly entry: EntryAuthenticator,
    private readonly intake: OrderIntakeService,
    private readonly clock: Clock,
    config: AppConfig,
  ) {
    const { windowSeconds, tokenFailures } = config.rateLimit;
    this.failures = { name: 'cxml-order-failures', limit: tokenFailures, windowSeconds };
    this.host = new URL(config.publicUrl).hostname;
  }

  /** The answer document (always a cXML Status; the route sends it with HTTP 200). */
  async receive(body: CxmlBody, mediaType: string, caller: CxmlRefusalCaller): Promise<string> {
    const envelope = newEnvelope(this.host, this.clock.now(), 'en');
    try {
      return await this.answer(body, mediaType, caller, envelope);
    } catch (error) {
      const failure = failureStatus(error, tooManyText);
      if (failure.unexpected) this.logger.error({ err: error }, 'cXML order failed');
      else if (failure.code === 560)
        this.logger.warn({ err: error }, 'cXML order: the database is unavailable');
      return buildStatusResponse(envelope, failure.code, failure.text);
    }
  }

  private async answer(
    body: CxmlBody,
    mediaType: string,
    caller: CxmlRefusalCaller,
    envelope: CxmlEnvelope,
  ): Promise<string> {
    if ('problem' in body) {
      // Nothing readable, no sender known: the log has it (the per-address limit bounds how often).
      this.logger.warn({ code: body.code, text: body.problem, ip: caller.ip }, 'cXML order refused');
      return buildStatusResponse(envelope, body.code, body.problem);
    }
    const parsed = parseCxmlOrderRequest(body.text);
    if (!parsed.ok) {
      // No sender is authenticated yet: recorded without an organization, as a bounded summary.
      await this.intake.refuse(
        null,
        { channel: 'cxml', document: body.text },
        parsed.problem.code,
        parsed.problem.text,
        {
          ip: cutText(caller.ip, 100),
        },
      );
      return buildStatusResponse(envelope, parsed.problem.code, parsed.problem.text);
    }
    const request = parsed.request;
    const reply = { ...envelope, lang: request.header.lang };

    const auth = await this.entry.authenticate<CxmlOrderRequest, never, undefined, undefined>({
      failures: this.failures,
      clientId: request.header.sender.identity,
      secret: request.header.sender.sharedSecret,
      ip: caller.ip,
      request: { ok: true, request },
      email: undefined,
      callbackUrl: undefined,
    });
    if (!auth.ok) {
      const text =
        auth.refusal === 'client_revoked'
          ? 'Header/Sender/Credential: this client has been revoked.'
          : 'Header/Sender/Credential: unknown Identity or wrong SharedSecret (the client id and its punchout secret).';
      // Recorded beside the answer, not before it (a refusal that waited for the write would tell a
      // real client id by its time), in the client's organization when the id is known (else with none),
      // and only as a bounded summary: anyone can send this.
      const summary = cxmlRefusalSummary(body.text, request.header, caller, {
        orderId: cutText(request.orderId, 100),
        items: request.lines.length,
      });
      void this.intake
        .refuse(
          auth.recordIn ? senderOf(auth.recordIn) : null,
          { channel: 'cxml', document: body.text },
          401,
          text,
          {
            outcome: auth.refusal,
            ...summary,
          },
        )
        .catch((error: unknown) =>
          this.logger.error({ err: error }, 'cXML order refusal could not be recorded'),
        );
      return buildStatusResponse(reply, 401, text);
    }

    const client = auth.client;
    const sender = senderOf({ organizationId: client.organizationId, clientId: client.id, userId: null });
    const replayed = await this.intake.answerTo(client.organizationId, request.header.payloadId);
    if (replayed) return replayed;

    const order = incomingOrderOf(request, body.text, mediaType);
    let accepted: string | undefined;
    try {
      const outcome = await this.intake.receive(sender, order, (facts) => {
        accepted = buildStatusResponse(reply, 200, acceptedText(request.orderId, facts));
        return accepted;
      });
      if (outcome.kind === 'created' && accepted) return accepted;
      return buildStatusResponse(
        reply,
        200,
        `Order ${cutText(request.orderId, 100)} was received before with this content; it is not stored twice.`,
      );
    } catch (error) {
      if (!(error instanceof ApiError) || error.getStatus() >= 500 || error.getStatus() === 429) throw error;
      const status = error.getStatus();
      const text = error.description;
      // The intake records its own refusals of blocked offers; the others are recorded here.
      if (status !== HttpStatus.FORBIDDEN)
        await this.intake.refuse(sender, order, status, text, {
          payloadId: cutText(request.header.payloadId, 100),
        });
      return buildStatusResponse(reply, cxmlCodeOf(status), text);
    }
  }
}

/** An OrderRequest as the intake reads every order. */
function incomingOrderOf(request: CxmlOrderRequest, document: string, mediaType: string): IncomingOrder {
  return {
    channel: 'cxml',
    buyerOrderId: request.orderId,
    version: request.orderVersion,
    operation: request.operation,
    orderDate: request.orderDate,
    lines: request.lines,
    document,
    mediaType,
    payloadId: request.header.payloadId,
    buyerEmail: request.buyerEmail,
  };
}

/** A cXML sender is the client (the buyer's system), no user. */
function senderOf(actor: EntryActor): OrderSender {
  return {
    organizationId: actor.organizationId,
    userId: null,
    buyerEmail: null,
    clientId: actor.clientId,
    actor: { clientId: actor.clientId, userId: null },
  };
}

function acceptedText(orderId: string, facts: AnswerFacts): string {
  const what =
    facts.operation === 'delete' ? 'cancelled' : facts.operation === 'update' ? 'updated' : 'accepted';
  const findings = facts.findings.length > 0 ? facts.findings.join(', ') : 'none';
  return `Order ${cutText(orderId, 100)} ${what} (version ${facts.version}); findings: ${findings}.`;
}

/** The text of a 429: the client's entry budget, or the failed credential checks of its id and address. */
function tooManyText(error: ApiError): string {
  const retry = error.headers['retry-after'] ?? '1';
  return (error.headers['ratelimit-policy'] ?? '').includes('"punchout-entry-client"')
    ? `Too many requests from this client; retry in ${retry} s.`
    : 'Too many failed credential checks; retry later.';
}
