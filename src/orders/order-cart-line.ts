import type { TransferredCartLine } from '../punchout/core/transferred-cart-lines.service';
import type { OrderCartLineResponse } from './dto/order.response';

/** A transferred cart line as an order's answer shows it beside the ordered line. */
export function cartLineResponse(line: TransferredCartLine): OrderCartLineResponse {
  return {
    sessionId: line.sessionId,
    sessionPublicId: line.sessionPublicId,
    offerId: line.offerId,
    label: line.label,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    priceUnit: line.priceUnitQuantity,
    currency: line.currency,
    lineNet: line.lineNet,
    transferredAt: line.transferredAt.toISOString(),
  };
}
