import { Money } from '../../catalog/vat';
import { currencyDigits } from '../../common/currency-digits';
import type { PrismaTx } from '../../database/prisma-transaction';
import type { SupplierOrder } from './supplier-order';

/**
 * The supplier's part of an order, read in the delivering transaction; undefined when the order is
 * gone. A new order or an update sends its lines for the supplier; a cancellation (a delete, which
 * carries the cancelled lines) sends those, as does an update that dropped the supplier, as a delete.
 */
export async function readSupplierOrder(
  tx: PrismaTx,
  delivery: { orderId: string; supplier: string; idempotencyKey: string },
): Promise<SupplierOrder | undefined> {
  const order = await tx.purchaseOrder.findUnique({
    where: { id: delivery.orderId },
    include: {
      organization: { select: { slug: true, name: true } },
      lines: { where: { supplier: delivery.supplier }, orderBy: { lineNumber: 'asc' } },
    },
  });
  if (!order) return undefined;
  let lines = order.lines;
  let operation = order.operation as SupplierOrder['operation'];
  if (lines.length === 0 && order.version > 1) {
    // An update that no longer orders from this supplier: it is told to cancel its lines of the
    // newest earlier version that had any (cXML has no update without lines).
    const earlier = await tx.orderLine.findFirst({
      where: {
        supplier: delivery.supplier,
        order: {
          organizationId: order.organizationId,
          buyerOrderId: order.buyerOrderId,
          version: { lt: order.version },
        },
      },
      orderBy: { order: { version: 'desc' } },
      select: { orderId: true },
    });
    if (earlier) {
      lines = await tx.orderLine.findMany({
        where: { orderId: earlier.orderId, supplier: delivery.supplier },
        orderBy: { lineNumber: 'asc' },
      });
      operation = 'delete';
    }
  }
  const currencies = new Set(lines.map((line) => line.currency));
  const currency = currencies.size === 1 ? [...currencies][0] : null;
  return {
    id: order.id,
    orderId: order.buyerOrderId,
    version: order.version,
    operation,
    orderDate: (order.orderDate ?? order.receivedAt).toISOString(),
    buyer: { organization: order.organization.slug, organizationName: order.organization.name },
    supplier: delivery.supplier,
    idempotencyKey: delivery.idempotencyKey,
    currency,
    totalNet: currency
      ? lines
          .reduce((sum, line) => sum.plus(line.lineNet.toFixed()), new Money(0))
          .toFixed(currencyDigits(currency))
      : null,
    lines: lines.map((line) => ({
      lineNumber: line.lineNumber,
      supplierPartId: line.supplierPartId,
      cartLineKey: line.cartLineKey,
      description: line.description,
      quantity: line.quantity.toFixed(),
      unit: line.unit,
      unitPrice: line.unitPrice.toFixed(currencyDigits(line.currency)),
      priceUnit: line.priceUnitQuantity,
      currency: line.currency,
      lineNet: line.lineNet.toFixed(currencyDigits(line.currency)),
    })),
  };
}
