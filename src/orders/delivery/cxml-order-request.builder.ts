import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { Money } from '../../catalog/vat';
import { currencyDigits } from '../../common/currency-digits';
import { CxmlEnvelope, cxmlRoot, serialize, xmlSafe } from '../../cxml/cxml-envelope';
import type { SupplierOrder } from './supplier-order';

/** The unit sent when a line has none (cXML requires UnitOfMeasure). */
const DEFAULT_UNIT = 'EA';

/**
 * A supplier's part of an order as a cXML `OrderRequest` (cXML 1.2.063, DTD-valid): From the buying
 * organization, To the supplier, Sender the gateway; one ItemOut per line with the cart line key
 * echoed as SupplierPartAuxiliaryID. Pure; built and escaped by xmlbuilder2.
 */
export function buildOrderRequest(envelope: CxmlEnvelope, order: SupplierOrder, gatewayName: string): string {
  const root = cxmlRoot(envelope);
  const header = root.ele('Header');
  credential(header.ele('From'), 'NetworkID', order.buyer.organization);
  credential(header.ele('To'), 'NetworkID', order.supplier || 'unknown');
  const sender = header.ele('Sender');
  credential(sender, 'NetworkID', gatewayName);
  sender.ele('UserAgent').txt(xmlSafe(gatewayName));

  const request = root.ele('Request', { deploymentMode: 'production' }).ele('OrderRequest');
  const head = request.ele('OrderRequestHeader', {
    orderID: xmlSafe(order.orderId),
    orderDate: order.orderDate,
    type: order.operation,
    ...(order.version > 1 ? { orderVersion: String(order.version) } : {}),
  });
  // cXML has one Total: lines in several currencies (which an order may have) send the first's sum.
  const currency = order.currency ?? order.lines[0]?.currency ?? 'EUR';
  money(head.ele('Total'), currency, order.totalNet ?? sumOf(order, currency));
  // BillTo is required: the buying organization (its address is the buyer's system's to send).
  head
    .ele('BillTo')
    .ele('Address', { addressID: xmlSafe(order.buyer.organization) })
    .ele('Name', { 'xml:lang': 'en' })
    .txt(xmlSafe(order.buyer.organizationName));

  for (const line of order.lines) {
    const item = request.ele('ItemOut', { quantity: line.quantity, lineNumber: String(line.lineNumber) });
    const itemId = item.ele('ItemID');
    itemId.ele('SupplierPartID').txt(xmlSafe(line.supplierPartId ?? ''));
    if (line.cartLineKey) itemId.ele('SupplierPartAuxiliaryID').txt(xmlSafe(line.cartLineKey));
    const detail = item.ele('ItemDetail');
    money(detail.ele('UnitPrice'), line.currency, line.unitPrice);
    detail.ele('Description', { 'xml:lang': 'en' }).txt(xmlSafe(line.description));
    const unit = line.unit ?? DEFAULT_UNIT;
    detail.ele('UnitOfMeasure').txt(unit);
    if (line.priceUnit > 1)
      detail
        .ele('PriceBasisQuantity', { quantity: String(line.priceUnit), conversionFactor: '1' })
        .ele('UnitOfMeasure')
        .txt(unit);
    // The DTD requires a Classification; the order does not carry one, so it is sent empty, never made up.
    detail.ele('Classification', { domain: 'UNSPSC' }).txt('');
  }
  return serialize(root);
}

function credential(party: XMLBuilder, domain: string, identity: string): void {
  party.ele('Credential', { domain }).ele('Identity').txt(xmlSafe(identity));
}

function money(parent: XMLBuilder, currency: string, amount: string): void {
  parent.ele('Money', { currency }).txt(amount);
}

function sumOf(order: SupplierOrder, currency: string): string {
  return order.lines
    .filter((line) => line.currency === currency)
    .reduce((sum, line) => sum.plus(line.lineNet), new Money(0))
    .toFixed(currencyDigits(currency));
}
