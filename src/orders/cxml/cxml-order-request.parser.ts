import { orderedCartLineKey } from '../../common/cart-line-key';
import { cutText } from '../../common/text/cut-text';
import {
  attributeOf,
  childNamed,
  childrenNamed,
  pathOf,
  textOf,
  XmlElement,
} from '../../common/xml/xml-tree';
import {
  clip,
  CxmlHeader,
  CxmlProblem,
  cxmlProblem,
  cxmlUserEmail,
  readCxmlRequest,
} from '../../cxml/cxml-header.parser';
import { MAX_ORDER_LINES } from '../dto/create-order.dto';
import type { IncomingLine } from '../incoming-order';

/**
 * A cXML `OrderRequest` (docs/orders.md, "cXML orders"), read from the document a buyer's system
 * posts: the shared envelope (src/cxml: hardened read, payloadID, Sender credential), then the order
 * header and its ItemOut lines as the intake reads every order (IncomingLine). Pure: no Nest, no
 * database; the credentials are checked by the caller, the lines against their carts by the intake.
 *
 * Lenient where the DTD is strict and buyers are not (element order, name case, whitespace around
 * values, a missing SupplierPartID or UnitOfMeasure); strict where a value would be stored or compared
 * (quantities, prices, currencies, keys), each refusal naming the element at fault.
 */

export type CxmlOrderOperation = 'new' | 'update' | 'delete';

export interface CxmlOrderRequest {
  /** The envelope: payloadID, the Sender's credential (src/cxml/cxml-header.parser.ts). */
  header: CxmlHeader;
  orderId: string;
  operation: CxmlOrderOperation;
  /** orderVersion; null when an update or delete does not say (the next version). */
  orderVersion: number | null;
  /** orderDate when it reads as a date (recorded as sent otherwise). */
  orderDate: Date | null;
  /** The buyer, when the header names one (Extrinsic UserEmail or a Contact's Email): recorded only. */
  buyerEmail: string | null;
  lines: IncomingLine[];
}

export type CxmlOrderParse = { ok: true; request: CxmlOrderRequest } | { ok: false; problem: CxmlProblem };

/** The columns' bounds (order_line), so a value is refused with a text rather than cut. */
const LIMITS = { orderId: 100, key: 100, supplierPartId: 100, description: 500, email: 320 } as const;
const AMOUNT = /^\d{1,10}(\.\d{1,4})?$/;
const OPERATIONS: ReadonlySet<string> = new Set(['new', 'update', 'delete']);

export function parseCxmlOrderRequest(text: string): CxmlOrderParse {
  const read = readCxmlRequest(text, 'OrderRequest');
  if (!read.ok) return read;
  const { header, request } = read;
  const head = childNamed(request, 'OrderRequestHeader');
  if (!head) return bad('OrderRequest/OrderRequestHeader is missing.');

  const orderId = (attributeOf(head, 'orderID') ?? '').trim();
  if (!orderId) return bad('OrderRequestHeader has no orderID.');
  if (orderId.length > LIMITS.orderId)
    return bad(`OrderRequestHeader orderID is longer than ${LIMITS.orderId} characters.`);
  const operation = (attributeOf(head, 'type') ?? 'new').trim().toLowerCase() || 'new';
  if (!OPERATIONS.has(operation))
    return bad(`OrderRequestHeader type ${clip(operation)} is not one of new, update, delete.`);
  const versionText = attributeOf(head, 'orderVersion')?.trim();
  let version: number | null = null;
  if (versionText) {
    if (!/^\d{1,6}$/.test(versionText) || Number(versionText) < 1)
      return bad(`OrderRequestHeader orderVersion ${clip(versionText)} is not a whole number from 1.`);
    version = Number(versionText);
  }
  if (operation === 'new') {
    if (version !== null && version !== 1)
      return bad(
        `OrderRequestHeader type="new" has orderVersion ${version}: a changed order is type="update".`,
      );
    version = 1;
  } else if (version === 1) {
    return bad(`OrderRequestHeader type="${operation}" with orderVersion 1: version 1 is the new order.`);
  }
  const dateText = (attributeOf(head, 'orderDate') ?? '').trim();
  const orderDate = dateText && !Number.isNaN(Date.parse(dateText)) ? new Date(dateText) : null;

  const itemOuts = childrenNamed(request, 'ItemOut');
  if (itemOuts.length === 0) return bad('OrderRequest has no ItemOut line.');
  if (itemOuts.length > MAX_ORDER_LINES) return bad(`More than ${MAX_ORDER_LINES} ItemOut lines.`);
  const lines: IncomingLine[] = [];
  const numbers = new Set<number>();
  for (const [index, itemOut] of itemOuts.entries()) {
    const line = lineOf(itemOut, `ItemOut[${index + 1}]`);
    if (typeof line === 'string') return bad(line);
    if (line.lineNumber !== null) {
      if (numbers.has(line.lineNumber))
        return bad(`ItemOut[${index + 1}]: lineNumber ${line.lineNumber} is given twice.`);
      numbers.add(line.lineNumber);
    }
    lines.push(line);
  }

  const buyerEmail = cxmlUserEmail(head);
  return {
    ok: true,
    request: {
      header,
      orderId,
      operation: operation as CxmlOrderOperation,
      orderVersion: version,
      orderDate,
      buyerEmail: buyerEmail && buyerEmail.length <= LIMITS.email ? buyerEmail : null,
      lines,
    },
  };
}

/** One ItemOut as an IncomingLine, or the text saying what is wrong with it. */
function lineOf(itemOut: XmlElement, where: string): IncomingLine | string {
  const quantity = (attributeOf(itemOut, 'quantity') ?? '').trim();
  if (!AMOUNT.test(quantity) || Number(quantity) <= 0)
    return `${where}: quantity ${clip(quantity)} must be a decimal greater than 0 with at most 4 decimals.`;
  const numberText = attributeOf(itemOut, 'lineNumber')?.trim();
  if (numberText && !/^\d{1,6}$/.test(numberText))
    return `${where}: lineNumber ${clip(numberText)} is not a whole number.`;
  const lineNumber = numberText ? Number(numberText) : null;
  if (lineNumber === 0) return `${where}: lineNumber must be at least 1.`;

  const itemId = childNamed(itemOut, 'ItemID');
  const supplierPartId = textOf(childNamed(itemId, 'SupplierPartID')).trim();
  if (supplierPartId.length > LIMITS.supplierPartId)
    return `${where}/ItemID/SupplierPartID is longer than ${LIMITS.supplierPartId} characters.`;
  const key = textOf(childNamed(itemId, 'SupplierPartAuxiliaryID')).trim();
  if (key.length > LIMITS.key)
    return `${where}/ItemID/SupplierPartAuxiliaryID is longer than ${LIMITS.key} characters (not a cart line key).`;

  const detail = childNamed(itemOut, 'ItemDetail');
  if (!detail) return `${where}/ItemDetail is missing.`;
  const money = pathOf(detail, ['UnitPrice', 'Money']);
  if (!money) return `${where}/ItemDetail/UnitPrice/Money is missing.`;
  const unitPrice = textOf(money).trim();
  if (!AMOUNT.test(unitPrice))
    return `${where}/ItemDetail/UnitPrice/Money ${clip(unitPrice)} must be a non-negative decimal with at most 4 decimals.`;
  const currency = (attributeOf(money, 'currency') ?? '').trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency))
    return `${where}/ItemDetail/UnitPrice/Money currency ${clip(currency)} is not an ISO 4217 code.`;
  const unit = textOf(childNamed(detail, 'UnitOfMeasure')).trim().toUpperCase();
  if (unit && !/^[A-Z0-9]{1,3}$/.test(unit))
    return `${where}/ItemDetail/UnitOfMeasure ${clip(unit)} is not a UN/ECE Rec. 20 code.`;
  const basis = attributeOf(childNamed(detail, 'PriceBasisQuantity'), 'quantity')?.trim();
  if (basis !== undefined && (!/^\d{1,7}(\.0*)?$/.test(basis) || Number.parseInt(basis, 10) < 1))
    return `${where}/ItemDetail/PriceBasisQuantity quantity ${clip(basis)} must be a whole number from 1.`;
  const description = textOf(childNamed(detail, 'Description')).replace(/\s+/g, ' ').trim();

  return {
    lineNumber,
    // As the JSON door reads it (cart-line-key.ts): blanks and zero-padded line numbers dropped.
    cartLineKey: key ? orderedCartLineKey(key) : null,
    offerId: null,
    supplierPartId: supplierPartId || null,
    adHoc: (attributeOf(itemOut, 'isAdHoc') ?? '').trim().toLowerCase() === 'yes',
    description: description ? cutText(description, LIMITS.description) : null,
    quantity,
    unitPrice,
    priceUnitQuantity: basis === undefined ? 1 : Number.parseInt(basis, 10),
    currency,
    unit: unit || null,
  };
}

function bad(text: string): CxmlOrderParse {
  return cxmlProblem(400, text);
}
