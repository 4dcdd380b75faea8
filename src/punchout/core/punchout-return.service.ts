import { Injectable, Logger } from '@nestjs/common';
import { AuditEventTypes } from '../../audit/audit-event';
import { PunchoutSession, PunchoutStatus } from '../../generated/prisma/client';
import type { PageLanguage } from '../../web/language';
import type { OciField } from '../oci/oci-fields';
import { PunchoutCartService } from './punchout-cart.service';
import { PunchoutReturnFormatService } from './punchout-return-format.service';
import { PunchoutSessionsService } from './punchout-sessions.service';
import type { RevalidationChange } from './revalidation-change';

export type TransferOutcome =
  | { kind: 'sent'; fields: OciField[] }
  | { kind: 'review'; changes: RevalidationChange[] }
  | { kind: 'empty' }
  | { kind: 'closed' }
  | { kind: 'failed' };

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
    private readonly returnFormat: PunchoutReturnFormatService,
  ) {}

  /** `language`: the page's, in which the OCI long texts are labelled. */
  async transfer(session: PunchoutSession, language: PageLanguage): Promise<TransferOutcome> {
    try {
      // The row lock makes re-validation, the state change and the cart one step: a cart change racing
      // this transfer either commits before it (and is in the cart sent) or waits and is refused.
      const done = await this.sessions.withOpenSession(session, async (tx): Promise<TransferOutcome> => {
        const checked = await this.cart.revalidate(tx, session, this.returnFormat.defaultUnit(session));
        if (checked.empty) return { kind: 'empty' };
        // Changes were made (and are committed with this transaction): the buyer reviews, nothing is sent.
        if (checked.changes.length > 0) return { kind: 'review', changes: checked.changes };
        // The session's protocol picks the form: OCI fields or one cXML order message.
        const back = await this.returnFormat.cart(session, checked.lines, language, tx);
        await this.sessions.markTransferred(tx, session, back.fields, {
          lineCount: checked.lines.length,
          callbackUrl: session.callbackUrl,
          target: session.target,
          ...back.record,
        });
        return { kind: 'sent', fields: back.fields };
      });
      return done.ended ? { kind: 'closed' } : done.value;
    } catch (error) {
      // Whatever went wrong, the procurement system gets control back with an empty cart.
      this.logger.error({ err: error, session: session.publicId }, 'punchout transfer failed');
      const reason = `transfer failed: ${error instanceof Error ? error.message : String(error)}`;
      await this.sessions.close(session, PunchoutStatus.FAILED, AuditEventTypes.punchoutFailed, {
        reason,
      });
      return { kind: 'failed' };
    }
  }

  /**
   * Cancel: the protocol's empty cart goes back (for a cXML edit or inspect, the cart as it came in);
   * the closed session (its `returnedFields` are the fields to post), or null when it had already ended.
   */
  async cancel(session: PunchoutSession): Promise<PunchoutSession | null> {
    const closed = await this.sessions.close(
      session,
      PunchoutStatus.CANCELLED,
      AuditEventTypes.punchoutCancelled,
    );
    return closed ? this.sessions.reload(session.id) : null;
  }
}
