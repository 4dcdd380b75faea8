import { createHash } from 'node:crypto';
import { canonicalize } from 'json-canonicalize';

/**
 * An order as it came in, whatever its door (JSON or cXML): what the intake checks and stores.
 * Amounts and quantities stay decimal text, exactly as sent.
 */
export interface IncomingOrder {
  channel: 'json' | 'cxml';
  buyerOrderId: string;
  /** 1 for a new order; an update or delete without orderVersion leaves it to the intake (the next one). */
  version: number | null;
  operation: 'new' | 'update' | 'delete';
  orderDate: Date | null;
  lines: IncomingLine[];
  /** The exact document received, and how it was sent. */
  document: string;
  mediaType: string;
  /** cXML payloadID. */
  payloadId: string | null;
  /** The buyer as the document names it, when it does (cXML); recorded, not checked. */
  buyerEmail?: string | null;
}

export interface IncomingLine {
  /** The buyer's line number (cXML lineNumber), kept for the supplier; null: its position. */
  lineNumber: number | null;
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
export function orderContentHash(order: IncomingOrder, version: number): Uint8Array<ArrayBuffer> {
  const content = {
    buyerOrderId: order.buyerOrderId,
    version,
    operation: order.operation,
    orderDate: order.orderDate?.toISOString() ?? null,
    // A line number counts only where one was sent (JSON orders have none: their hashes stay as they were).
    lines: order.lines.map(({ lineNumber, ...line }) => ({
      ...line,
      ...(lineNumber === null ? {} : { lineNumber }),
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
