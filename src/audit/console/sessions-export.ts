import type { Readable } from 'node:stream';
import type { AuditSessionSummary } from '../review/dto/audit-review.response';
import { exportRows, rowsOf } from './console-export';

/** A session as exported: the list's columns, the cart totals as "amount currency" joined by "; ". */
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
  cartTotals: string;
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
  'cartTotals',
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
    cartTotals: session.cartTotals.map((total) => `${total.amount} ${total.currency}`).join('; '),
  }));
  return exportRows(rows, format, COLUMNS);
}
