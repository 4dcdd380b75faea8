import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { Clock } from '../../common/clock/clock';
import { PunchoutProtocols } from '../../common/punchout-protocol';
import type { PunchoutSession } from '../../generated/prisma/client';
import type { CartLine, PunchoutReturn, ReturnField } from '../core/cart-line';
import type { CancelReturn, PunchoutAdapter, ReturnReader } from '../core/punchout-adapter';
import { newEnvelope } from '../../cxml/cxml-envelope';
import { cxmlFormField, CxmlEncoding, isCxmlEncoding } from './cxml-form-field';
import { buildOrderMessage } from './cxml-order-message.builder';
import type { CxmlCredential } from '../../cxml/cxml-header.parser';
import type { XmlElement } from '../../common/xml/xml-tree';

/** What the gateway calls itself in the order messages' Sender/UserAgent. */
export const CXML_USER_AGENT = 'Marketplace Procurement Gateway';

/** A return as the pages post it (the one hidden field) and what the audit event records of it. */
export interface CxmlReturn extends PunchoutReturn {
  fields: ReturnField[];
  record: { cxml: { encoding: CxmlEncoding; operationAllowed: string; document: string } };
}

/**
 * The cXML return of a session: its cart (or, on cancel, expiry and failure, the cart as it came in:
 * none for `create`) as a PunchOutOrderMessage in the one form field its client's encoding names,
 * answered with the facts its setup request gave (BuyerCookie, parties, language, ShipTo).
 */
@Injectable()
export class CxmlReturnAdapter implements PunchoutAdapter {
  readonly id = 'cxml';
  readonly protocols = [PunchoutProtocols.cxml];
  /** A cancel sends the cart as it came in (`edit`, `inspect`), as the buyer's suite expects. */
  readonly cancelReturns: CancelReturn = 'opening-cart';
  /** CXML_DEFAULT_UNIT (EA unless configured). */
  readonly defaultUnit: string;
  private readonly host: string;

  constructor(
    config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.host = new URL(config.publicUrl).hostname;
    this.defaultUnit = config.cxml.defaultUnit;
  }

  /** The texts speak the setup request's language (its xml:lang), not the page's. */
  cartReturn(
    session: PunchoutSession,
    lines: readonly CartLine[],
    _pageLanguage: unknown,
    db: ReturnReader,
  ): Promise<CxmlReturn> {
    return this.orderMessage(session, lines, db);
  }

  /** Cancel, expiry and failure: an order message without ItemIn, or for edit and inspect the cart as it came in. */
  emptyReturn(session: PunchoutSession, db: ReturnReader): Promise<CxmlReturn> {
    return this.orderMessage(session, null, db);
  }

  /** `lines` null: the cart as it came in with the setup request (empty for `create`). */
  private async orderMessage(
    session: PunchoutSession,
    lines: readonly CartLine[] | null,
    db: ReturnReader,
  ): Promise<CxmlReturn> {
    const facts = await db.punchoutCxml.findUniqueOrThrow({ where: { sessionId: session.id } });
    const encoding: CxmlEncoding = isCxmlEncoding(facts.encoding) ? facts.encoding : 'urlencoded';
    const operationAllowed = facts.operation === 'inspect' ? 'inspect' : 'edit';
    const document = buildOrderMessage(newEnvelope(this.host, this.clock.now(), facts.lang), {
      buyerCookie: facts.buyerCookie,
      operationAllowed,
      lines: lines ?? (facts.initialLines as unknown as CartLine[]),
      parties: {
        // We answer as the party the request was addressed to, to the party it came from.
        from: facts.toCredentials as unknown as CxmlCredential[],
        to: facts.fromCredentials as unknown as CxmlCredential[],
        userAgent: CXML_USER_AGENT,
      },
      shipTo: (facts.shipTo as unknown as XmlElement | null) ?? null,
      defaultUnit: this.defaultUnit,
    });
    return {
      fields: [cxmlFormField(document, encoding)],
      record: { cxml: { encoding, operationAllowed, document } },
    };
  }
}
