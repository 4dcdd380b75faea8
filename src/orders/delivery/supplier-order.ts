/**
 * The part of an order one supplier receives: its lines only, with their own net total. What the
 * cXML OrderRequest and the JSON webhook are both built from (pure data, amounts as decimal text).
 */
export interface SupplierOrder {
  /** The gateway's order id. */
  id: string;
  /** The buyer's order id. */
  orderId: string;
  version: number;
  operation: 'new' | 'update' | 'delete';
  orderDate: string;
  buyer: { organization: string; organizationName: string };
  supplier: string;
  idempotencyKey: string;
  /** null when the supplier's lines are in several currencies. */
  currency: string | null;
  totalNet: string | null;
  lines: SupplierOrderLine[];
}

export interface SupplierOrderLine {
  lineNumber: number;
  supplierPartId: string | null;
  cartLineKey: string | null;
  description: string;
  quantity: string;
  unit: string | null;
  unitPrice: string;
  priceUnit: number;
  currency: string;
  lineNet: string;
}
