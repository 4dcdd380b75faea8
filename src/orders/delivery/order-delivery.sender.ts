import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Clock } from '../../common/clock/clock';
import { AppConfig } from '../../config/app-config';
import { newEnvelope } from '../../cxml/cxml-envelope';
import { buildOrderRequest } from './cxml-order-request.builder';
import type { SupplierOrder } from './supplier-order';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, webhookSignature } from './webhook-signature';

export interface OrderEndpointTarget {
  url: string;
  format: 'cxml' | 'json';
  signingSecret: string;
}

/** One try's result: delivered on a 2xx answer, else failed with what went wrong. */
export interface DeliveryResult {
  delivered: boolean;
  httpStatus: number | null;
  error: string | null;
  durationMs: number;
  /** SHA-256 (hex) of the document sent. */
  documentSha256: string;
}

/** How much of a refusing receiver's answer is kept as the error. */
const ANSWER_EXCERPT = 300;

/**
 * Sends one supplier's order to its endpoint, once: a cXML OrderRequest or a signed JSON webhook,
 * with the delivery's idempotency key (header `Idempotency-Key`; in cXML also the payloadID), bounded
 * by ORDER_DELIVERY_TIMEOUT_MS from connecting to the answer's last byte.
 */
@Injectable()
export class OrderDeliverySender {
  private readonly gatewayName: string;

  constructor(
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.gatewayName = new URL(config.publicUrl).host;
  }

  async send(order: SupplierOrder, endpoint: OrderEndpointTarget): Promise<DeliveryResult> {
    const now = this.clock.now();
    const { body, contentType } = this.document(order, endpoint, now);
    const headers: Record<string, string> = {
      'content-type': contentType,
      'idempotency-key': order.idempotencyKey,
      'user-agent': 'marketplace-procurement-gateway',
    };
    if (endpoint.format === 'json') {
      const timestamp = Math.floor(now.getTime() / 1000);
      headers[TIMESTAMP_HEADER] = String(timestamp);
      headers[SIGNATURE_HEADER] = webhookSignature(endpoint.signingSecret, timestamp, body);
    }
    const documentSha256 = createHash('sha256').update(body, 'utf8').digest('hex');
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.config.orders.delivery.timeoutMs),
      });
      const answer = (await response.text()).slice(0, ANSWER_EXCERPT);
      if (response.status >= 200 && response.status < 300) {
        return {
          delivered: true,
          httpStatus: response.status,
          error: null,
          durationMs: elapsed(),
          documentSha256,
        };
      }
      return {
        delivered: false,
        httpStatus: response.status,
        error: `HTTP ${response.status}${answer ? `: ${answer.replace(/\s+/g, ' ').trim()}` : ''}`,
        durationMs: elapsed(),
        documentSha256,
      };
    } catch (error) {
      const failure = error as Error & { cause?: { code?: string; message?: string } };
      const why =
        failure.name === 'TimeoutError'
          ? `no answer within ${this.config.orders.delivery.timeoutMs} ms`
          : (failure.cause?.code ?? failure.cause?.message ?? failure.message);
      return { delivered: false, httpStatus: null, error: why, durationMs: elapsed(), documentSha256 };
    }
  }

  private document(
    order: SupplierOrder,
    endpoint: OrderEndpointTarget,
    now: Date,
  ): { body: string; contentType: string } {
    if (endpoint.format === 'cxml') {
      // The payloadID is the idempotency key: a cXML receiver that drops repeated payloadIDs sees the order once.
      const envelope = {
        ...newEnvelope(this.gatewayName, now, 'en'),
        payloadId: `${order.idempotencyKey}@${this.gatewayName}`,
      };
      return {
        body: buildOrderRequest(envelope, order, this.gatewayName),
        contentType: 'text/xml; charset=utf-8',
      };
    }
    return { body: JSON.stringify({ type: 'order', order }), contentType: 'application/json' };
  }
}
