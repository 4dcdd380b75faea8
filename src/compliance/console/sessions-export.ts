import type { Readable } from 'node:stream';
import type { AuditSessionSummary } from '../review/dto/audit-review.response';
import { exportRows, rowsOf } from './console-export';

/**
 * A session as exported: the list's columns and the cart's totals, each labelled with its basis
 * (cartTotalNet, cartVat, cartTotalGross), per currency as "amount currency" joined by "; ".
 */
export interface SessionExportRow extends Record<string, unknown> {
  id: string;
  reference: string;
  protocol: string;
  status: string;
  outcome: string;
  buyer: string;
  productId: string | null;
  productName: string | null;
  createdAt: string;
  openedAt: string | null;
  closedAt: string | null;
  lines: number;
  cartTotalNet: string;
  cartVat: string;
  /** Empty when some line states no VAT rate (there is no gross figure then). */
  cartTotalGross: string;
}

const COLUMNS: Array<keyof SessionExportRow & string> = [
  'id',
  'reference',
  'protocol',
  'status',
  'outcome',
  'buyer',
  'productId',
  'productName',
  'createdAt',
  'openedAt',
  'closedAt',
  'lines',
  'cartTotalNet',
  'cartVat',
  'cartTotalGross',
];

/** The filtered session list as JSON Lines or CSV. */
export function sessionsExport(
  pages: AsyncIterable<AuditSessionSummary[]>,
  format: 'jsonl' | 'csv',
): Readable {
  const rows = rowsOf(pages, (session): SessionExportRow => ({
    id: session.id,
    reference: session.publicId,
    protocol: session.protocol,
    status: session.status,
    outcome: session.outcome,
    buyer: session.userEmail,
    productId: session.productId,
    productName: session.productName,
    createdAt: session.createdAt,
    openedAt: session.openedAt,
    closedAt: session.closedAt,
    lines: session.itemCount,
    ...cartTotalColumns(session.cartTotals),
  }));
  return exportRows(rows, format, COLUMNS);
}

/** The cart's net, VAT and gross totals per currency, as exported ("168.13 EUR; 30.36 USD"). */
function cartTotalColumns(
  totals: AuditSessionSummary['cartTotals'],
): Pick<SessionExportRow, 'cartTotalNet' | 'cartVat' | 'cartTotalGross'> {
  const join = (amount: (total: (typeof totals)[number]) => string) =>
    totals.map((total) => `${amount(total)} ${total.currency}`).join('; ');
  return {
    cartTotalNet: join((total) => total.net),
    cartVat: join((total) => total.vatTotal),
    cartTotalGross: totals.some((total) => total.gross === null)
      ? ''
      : join((total) => total.gross as string),
  };
}
