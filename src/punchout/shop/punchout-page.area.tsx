import { Injectable, Logger } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AuditEventTypes } from '../../audit/audit-event';
import type { ErrorResponse } from '../../common/filters/error-response';
import { AppConfig } from '../../config/app-config';
import { PunchoutSession, PunchoutStatus } from '../../generated/prisma/client';
import type { PageLanguage } from '../../web/language';
import { ErrorPageAddition, PageAreas, RegisteredPageArea } from '../../web/page-areas';
import type { PageMessage } from '../../web/page-error';
import { frameAncestorsSource } from '../../web/page-security';
import { PUNCHOUT_BASE } from '../core/punchout-paths';
import { PunchoutSessionsService } from '../core/punchout-sessions.service';
import { messagesFor } from './punchout.messages';
import { ReturnForm } from './views/shop-message.page';
import { PUNCHOUT_SCRIPTS, PUNCHOUT_STYLES } from './views/shop-layout';
import { emptyCartForm } from './views/shop-view.models';

/**
 * The buyer's pages as an area of the page toolkit: errors speak the shop's language (start again
 * from your procurement system), and a 5xx on a page of an open session ends it: FAILED with its
 * `punchout.failed` event (one transaction), and the error page sends the empty cart back to the
 * HOOK_URL, as OCI expects on any failure. The reason names the request id, never the error's text.
 * An unreachable database (503) is an outage, not this session's failure: the session and its cart
 * are kept, and the buyer reloads once it is back.
 */
@Injectable()
export class PunchoutPageArea extends RegisteredPageArea {
  readonly prefix = PUNCHOUT_BASE;
  readonly styles = PUNCHOUT_STYLES;
  private readonly logger = new Logger('PunchoutPages');

  constructor(
    areas: PageAreas,
    private readonly sessions: PunchoutSessionsService,
    private readonly config: AppConfig,
  ) {
    super(areas);
  }

  /** Error pages show inside the procurement suite's frame where PUNCHOUT_FRAME_ANCESTORS allows it. */
  get frameAncestors(): string {
    return frameAncestorsSource([], this.config.punchout.frameAncestors);
  }

  errorMessage(status: number, lang: PageLanguage): PageMessage | undefined {
    const t = messagesFor(lang);
    if (status === 503) return { title: t.outageTitle, text: t.outage };
    if (status === 404) return { title: t.notFoundTitle, text: t.notFound };
    if (status === 429) return { title: t.tooManyTitle, text: t.tooMany };
    // Too large or not a form: the toolkit's wording says what was wrong with the request.
    if (status === 413 || status === 415) return undefined;
    if (status < 500) return { title: t.badRequestTitle, text: t.csrf };
    return { title: t.failedTitle, text: t.failed };
  }

  async onError(request: FastifyRequest, error: ErrorResponse): Promise<ErrorPageAddition | undefined> {
    if (error.status < 500 || error.status === 503) return undefined;
    const failed = await this.failSession(request);
    if (!failed) return undefined;
    const lang = (request as { pageLanguage?: PageLanguage }).pageLanguage ?? this.config.defaultLanguage;
    const t = messagesFor(lang);
    const origin = new URL(failed.callbackUrl).origin;
    return {
      content: <ReturnForm form={emptyCartForm(failed, true)} label={t.returnButton} />,
      hint: t.transferHint,
      scripts: PUNCHOUT_SCRIPTS,
      // The empty cart's form posts to the session's HOOK_URL, in the frame of its procurement system.
      formActions: [origin],
      frameAncestors: frameAncestorsSource([origin], this.config.punchout.frameAncestors),
    };
  }

  /**
   * Closes the open session the URL names FAILED (recorded) and returns it as closed (its
   * returnedFields are the empty cart the page posts; a cXML session's order message), else null.
   * A failure here (the database is down) is logged and leaves the plain error page.
   */
  private async failSession(request: FastifyRequest): Promise<PunchoutSession | null> {
    const key = (request.params as { key?: unknown } | undefined)?.key;
    if (typeof key !== 'string') return null;
    try {
      const resolved = await this.sessions.resolve(key);
      if (resolved.kind !== 'open') return null;
      return await this.sessions.close(
        resolved.session,
        PunchoutStatus.FAILED,
        AuditEventTypes.punchoutFailed,
        { reason: `internal error, request id ${request.id}` },
      );
    } catch (error) {
      this.logger.error(
        { err: error, reqId: request.id },
        'punchout page failed: the session could not be closed',
      );
      return null;
    }
  }
}
