import type { PunchoutProtocol } from '../../common/punchout-protocol';
import type { PrismaService } from '../../database/prisma.service';
import type { Prisma, PunchoutSession } from '../../generated/prisma/client';
import type { PageLanguage } from '../../web/language';
import type { CartLine, PunchoutReturn } from './cart-line';

/** Where a return reads the session's protocol facts: the session's lock transaction, or the pool. */
export type ReturnReader = Prisma.TransactionClient | PrismaService;

/** What "Cancel" sends back: an empty cart, or the cart the session opened with (cXML edit/inspect). */
export type CancelReturn = 'empty-cart' | 'opening-cart';

/**
 * A protocol as the punchout core knows it: how a session's cart goes back to the buyer's system.
 * Each protocol folder provides one (a Nest provider, listed once in PunchoutModule's adapter
 * registration); the core asks the session's adapter and never which protocol it is.
 */
export interface PunchoutAdapter {
  /** Names the adapter in logs and errors ("oci", "cxml"). */
  readonly id: string;
  /** The sessions it returns: their `protocol` (PunchoutProtocols); one adapter may serve several entries. */
  readonly protocols: readonly PunchoutProtocol[];
  /** The unit a line of an offer without one is sent with. */
  readonly defaultUnit: string;
  /** What a cancel sends back (the pages say so before and after). */
  readonly cancelReturns: CancelReturn;
  /** The transfer: the re-validated lines, as this protocol posts them (texts in the page's `language`). */
  cartReturn(
    session: PunchoutSession,
    lines: readonly CartLine[],
    language: PageLanguage,
    db: ReturnReader,
  ): Promise<PunchoutReturn>;
  /** Cancel, expiry and failure: what goes back without the shop's cart. */
  emptyReturn(session: PunchoutSession, db: ReturnReader): Promise<PunchoutReturn>;
}

/** The Nest token of the registered adapters (PunchoutModule lists them once). */
export const PUNCHOUT_ADAPTERS = Symbol('PUNCHOUT_ADAPTERS');
