import { orderedCartLineKey } from '../common/cart-line-key';
import type { CreateOrderDto } from './dto/create-order.dto';
import type { IncomingOrder } from './incoming-order';

/** A JSON order as the intake reads every order; `document` is the body's text as received. */
export function jsonOrderOf(body: CreateOrderDto, document: string): IncomingOrder {
  return {
    channel: 'json',
    buyerOrderId: body.orderId,
    version: 1,
    operation: 'new',
    orderDate: body.orderDate ? new Date(body.orderDate) : null,
    lines: body.lines.map((line) => ({
      lineNumber: null,
      // The key alone, or OCI's quote id and item as SAP kept them (cart-line-key.ts).
      cartLineKey: line.cartLineKey ? orderedCartLineKey(line.cartLineKey, line.quoteItem) || null : null,
      offerId: line.cartLineKey ? null : (line.offerId ?? null),
      supplierPartId: null,
      adHoc: false,
      description: line.description ?? null,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      priceUnitQuantity: line.priceUnit,
      currency: line.currency,
      unit: line.unit ?? null,
    })),
    document,
    mediaType: 'application/json',
    payloadId: null,
  };
}
