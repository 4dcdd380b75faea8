import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { Clock } from '../../common/clock/clock';
import { PrismaService } from '../../database/prisma.service';
import type { Prisma, PunchoutSession } from '../../generated/prisma/client';
import type { OciField, OciLine } from '../oci/oci-fields';
import { newEnvelope } from './cxml-envelope';
import { cxmlFormField, CxmlEncoding, isCxmlEncoding } from './cxml-form-field';
import { buildOrderMessage } from './cxml-order-message.builder';
import type { CxmlCredential } from './cxml-setup-request.parser';
import type { XmlElement } from '../../common/xml/xml-tree';

/** What the gateway calls itself in the order messages' Sender/UserAgent. */
export const CXML_USER_AGENT = 'Marketplace Procurement Gateway';

/** A return as the pages post it (the one hidden field) and what the audit event records of it. */
export interface CxmlReturn {
  fields: OciField[];
  record: { cxml: { encoding: CxmlEncoding; operationAllowed: string; document: string } };
}

/**
 * The cXML return of a session: its cart (or, on cancel, expiry and failure, the cart as it came in:
 * none for `create`) as a PunchOutOrderMessage in the one form field its client's encoding names,
 * answered with the facts its setup request gave (BuyerCookie, parties, language, ShipTo).
 */
@Injectable()
export class CxmlReturnService {
  private readonly host: string;

  constructor(
    private readonly prisma: PrismaService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.host = new URL(config.publicUrl).hostname;
  }

  /** `lines` null: the cart as it came in with the setup request (empty for `create`). */
  async orderMessage(
    session: PunchoutSession,
    lines: readonly OciLine[] | null,
    tx: Prisma.TransactionClient | PrismaService = this.prisma,
  ): Promise<CxmlReturn> {
    const facts = await tx.punchoutCxml.findUniqueOrThrow({ where: { sessionId: session.id } });
    const encoding: CxmlEncoding = isCxmlEncoding(facts.encoding) ? facts.encoding : 'urlencoded';
    const operationAllowed = facts.operation === 'inspect' ? 'inspect' : 'edit';
    const document = buildOrderMessage(newEnvelope(this.host, this.clock.now(), facts.lang), {
      buyerCookie: facts.buyerCookie,
      operationAllowed,
      lines: lines ?? (facts.initialLines as unknown as OciLine[]),
      parties: {
        // We answer as the party the request was addressed to, to the party it came from.
        from: facts.toCredentials as unknown as CxmlCredential[],
        to: facts.fromCredentials as unknown as CxmlCredential[],
        userAgent: CXML_USER_AGENT,
      },
      shipTo: (facts.shipTo as unknown as XmlElement | null) ?? null,
      defaultUnit: this.config.cxml.defaultUnit,
    });
    return {
      fields: [cxmlFormField(document, encoding)],
      record: { cxml: { encoding, operationAllowed, document } },
    };
  }
}
