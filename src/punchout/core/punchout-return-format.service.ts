import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import type { Prisma, PunchoutSession } from '../../generated/prisma/client';
import { PrismaService } from '../../database/prisma.service';
import { CxmlReturnService } from '../cxml/cxml-return.service';
import { buildOciFields, OciField, OciLine } from '../oci/oci-fields';
import { PunchoutProtocols } from '../../common/punchout-protocol';
import type { PageLanguage } from '../../web/language';

/** The fields the return form posts, and what the session's audit event records besides them. */
export interface ReturnForm {
  fields: OciField[];
  record: Record<string, unknown>;
}

/**
 * How a session's cart goes back, chosen by the entry that started it (its protocol): the OCI form
 * fields (REST and OCI call-up sessions) or one cXML order message (cXML sessions). The transfer,
 * cancel, expiry and failure paths ask here; the shop pages never ask which door was used.
 */
@Injectable()
export class PunchoutReturnFormatService {
  constructor(
    private readonly cxml: CxmlReturnService,
    private readonly config: AppConfig,
  ) {}

  /** The unit sent for an offer without one: OCI's PCE or cXML's EA by default (each configurable). */
  defaultUnit(session: PunchoutSession): string {
    return session.protocol === PunchoutProtocols.cxml
      ? this.config.cxml.defaultUnit
      : this.config.punchout.defaultUnit;
  }

  /** The transfer: the re-validated lines (OCI long texts labelled in the session's `language`). */
  async cart(
    session: PunchoutSession,
    lines: readonly OciLine[],
    language: PageLanguage,
    tx?: Prisma.TransactionClient | PrismaService,
  ): Promise<ReturnForm> {
    if (session.protocol === PunchoutProtocols.cxml) return this.cxml.orderMessage(session, lines, tx);
    return {
      fields: buildOciFields(lines, { defaultUnit: this.defaultUnit(session), language }),
      record: {},
    };
  }

  /**
   * Cancel, expiry and failure: OCI posts no fields at all; cXML posts an order message without
   * ItemIn, or for `edit` and `inspect` the cart as it came in (as the buyer's suite expects).
   */
  async emptyCart(
    session: PunchoutSession,
    tx?: Prisma.TransactionClient | PrismaService,
  ): Promise<ReturnForm> {
    if (session.protocol === PunchoutProtocols.cxml) return this.cxml.orderMessage(session, null, tx);
    return { fields: [], record: {} };
  }
}
