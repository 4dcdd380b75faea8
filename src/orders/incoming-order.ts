import { createHash } from 'node:crypto';
import { canonicalize } from 'json-canonicalize';

/**
 * An order as it came in, whatever its door (JSON or cXML): what the intake checks and stores.
 * Amounts and quantities stay decimal text, exactly as sent.
 */
export interface IncomingOrder {
  channel: 'json' | 'cxml';
  buyerOrderId: string;
  version: number;
  operation: 'new' | 'update' | 'delete';
  orderDate: Date | null;
  lines: IncomingLine[];
  /** The exact document received, and how it was sent. */
  document: string;
  mediaType: string;
  /** cXML payloadID. */
  payloadId: string | null;
}

export interface IncomingLine {
  cartLineKey: string | null;
  offerId: string | null;
  /** cXML SupplierPartID, when sent. */
  supplierPartId: string | null;
  /** cXML isAdHoc="yes". */
  adHoc: boolean;
  description: string | null;
  quantity: string;
  unitPrice: string;
  priceUnitQuantity: number;
  currency: string;
  unit: string | null;
}

/**
 * SHA-256 of what the order says (not how it is spelled: whitespace, field order, a new payloadID do
 * not count), so the same order sent again is recognised and a changed one under the same id is not.
 */
export function orderContentHash(order: IncomingOrder): Uint8Array<ArrayBuffer> {
  const content = {
    buyerOrderId: order.buyerOrderId,
    version: order.version,
    operation: order.operation,
    orderDate: order.orderDate?.toISOString() ?? null,
    lines: order.lines.map((line) => ({
      ...line,
      quantity: canonicalDecimal(line.quantity),
      unitPrice: canonicalDecimal(line.unitPrice),
    })),
  };
  return Uint8Array.from(createHash('sha256').update(canonicalize(content), 'utf8').digest());
}

/** "10.50" and "10.5" are the same amount. */
function canonicalDecimal(text: string): string {
  if (!text.includes('.')) return text.replace(/^0+(?=\d)/, '');
  return text.replace(/^0+(?=\d)/, '').replace(/\.?0+$/, '');
}

/** SHA-256 of a document's bytes (the audit trail records it in hex). */
export function documentSha256(document: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(createHash('sha256').update(document, 'utf8').digest());
}
