import { Money } from '../../catalog/vat';
import { currencyDigits } from '../../common/currency-digits';
import type { PrismaTx } from '../../database/prisma-transaction';
import type { SupplierOrder } from './supplier-order';

/** The supplier's part of an order, read in the delivering transaction; undefined when the order is gone. */
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
  const currencies = new Set(order.lines.map((line) => line.currency));
  const currency = currencies.size === 1 ? [...currencies][0] : null;
  return {
    id: order.id,
    orderId: order.buyerOrderId,
    version: order.version,
    operation: order.operation as SupplierOrder['operation'],
    orderDate: (order.orderDate ?? order.receivedAt).toISOString(),
    buyer: { organization: order.organization.slug, organizationName: order.organization.name },
    supplier: delivery.supplier,
    idempotencyKey: delivery.idempotencyKey,
    currency,
    totalNet: currency
      ? order.lines
          .reduce((sum, line) => sum.plus(line.lineNet.toFixed()), new Money(0))
          .toFixed(currencyDigits(currency))
      : null,
    lines: order.lines.map((line) => ({
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
