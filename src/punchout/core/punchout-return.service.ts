import { Injectable, Logger } from '@nestjs/common';
import { AuditEventTypes } from '../../audit/audit-event';
import { PunchoutSession, PunchoutStatus } from '../../generated/prisma/client';
import type { PageLanguage } from '../../web/language';
import type { CartLine, ReturnField } from './cart-line';
import { PunchoutCartService } from './punchout-cart.service';
import { PunchoutAdapters } from './punchout-adapters';
import { PunchoutSessionsService } from './punchout-sessions.service';
import type { CancelReturn } from './punchout-adapter';
import type { RevalidationChange } from './revalidation-change';

export type TransferOutcome =
  | { kind: 'sent'; fields: ReturnField[]; lines: CartLine[] }
  | { kind: 'review'; changes: RevalidationChange[] }
  | { kind: 'empty' }
  | { kind: 'closed' }
  /** `session`: as it was closed FAILED (null when another request had ended it first). */
  | { kind: 'failed'; session: PunchoutSession | null };

/**
 * Ending a session by sending the cart back: transfer (after re-validating every line), cancel,
 * and failure. Each happens once; the exact fields are stored and recorded in the audit event.
 */
@Injectable()
export class PunchoutReturnService {
  private readonly logger = new Logger('Punchout');

  constructor(
    private readonly sessions: PunchoutSessionsService,
    private readonly cart: PunchoutCartService,
    private readonly adapters: PunchoutAdapters,
  ) {}

  /** `language`: the page's, in which the OCI long texts are labelled. */
  async transfer(session: PunchoutSession, language: PageLanguage): Promise<TransferOutcome> {
    try {
      // The row lock makes re-validation, the state change and the cart one step: a cart change racing
      // this transfer either commits before it (and is in the cart sent) or waits and is refused.
      const done = await this.sessions.withOpenSession(session, async (tx): Promise<TransferOutcome> => {
        const adapter = this.adapters.of(session);
        const checked = await this.cart.revalidate(tx, session, adapter.defaultUnit);
        if (checked.empty) return { kind: 'empty' };
        // Changes were made (and are committed with this transaction): the buyer reviews, nothing is sent.
        if (checked.changes.length > 0) return { kind: 'review', changes: checked.changes };
        // Every line gets the key a purchase order will name it by, committed with the transfer.
        const lines = await this.cart.issueOrderKeys(tx, session, checked.lines);
        // The session's protocol adapter builds the return (OCI fields, one cXML order message).
        const back = await adapter.cartReturn(session, lines, language, tx);
        await this.sessions.markTransferred(tx, session, back.fields, {
          lineCount: lines.length,
          callbackUrl: session.callbackUrl,
          target: session.target,
          ...back.record,
        });
        return { kind: 'sent', fields: back.fields, lines };
      });
      return done.ended ? { kind: 'closed' } : done.value;
    } catch (error) {
      // Whatever went wrong, the procurement system gets control back with an empty cart.
      this.logger.error({ err: error, session: session.publicId }, 'punchout transfer failed');
      const reason = `transfer failed: ${error instanceof Error ? error.message : String(error)}`;
      const failed = await this.sessions.close(
        session,
        PunchoutStatus.FAILED,
        AuditEventTypes.punchoutFailed,
        {
          reason,
        },
      );
      return { kind: 'failed', session: failed };
    }
  }

  /**
   * Cancel: the adapter's empty return goes back (PunchoutSessionsService.close; for a cXML edit or
   * inspect, the cart as it came in); the closed session (its `returnedFields` are the fields to post), or null when it had already ended.
   */
  async cancel(session: PunchoutSession): Promise<PunchoutSession | null> {
    return this.sessions.close(session, PunchoutStatus.CANCELLED, AuditEventTypes.punchoutCancelled);
  }

  /** What a cancel of this session sends back (the pages say it before and after). */
  cancelReturns(session: PunchoutSession): CancelReturn {
    return this.adapters.of(session).cancelReturns;
  }
}
