import { Injectable, Logger } from '@nestjs/common';
import type { VNode } from 'preact';
import { AuditEventTypes } from '../../audit/audit-event';
import { AuditService } from '../../audit/audit.service';
import { AppConfig } from '../../config/app-config';
import { PrismaService } from '../../database/prisma.service';
import { RateLimitPolicy } from '../../rate-limit/rate-limit-policy';
import type { PageLanguage } from '../../web/language';
import { CALLBACK_URL_MAX_LENGTH, isFrameTarget } from '../core/callback-url';
import {
  CheckedCallback,
  EntryActor,
  EntryAuthenticator,
  EntryRefusal,
} from '../core/entry-authenticator.service';
import { PunchoutCatalogReader } from '../core/punchout-catalog.reader';
import { productPath, searchPath, sessionPath } from '../core/punchout-paths';
import { PunchoutProtocols } from '../../common/punchout-protocol';
import { PunchoutSessionsService } from '../core/punchout-sessions.service';
import { messagesFor } from '../shop/punchout.messages';
import { ProductPresenter } from '../shop/product.presenter';
import { ShopMessagePage } from '../shop/views/shop-message.page';
import { ProductPage } from '../shop/views/product.page';
import { displayContext } from '../shop/views/shop-view.models';
import {
  isCatalogId,
  OciCall,
  OciCallProblem,
  OciCallupParams,
  parseOciCall,
} from './oci-callup-request.parser';
import { OciCallupMessages, ociCallupMessagesFor } from './oci-callup.messages';
import { OciItemsService } from './oci-items.service';
import { cutText } from '../../common/text/cut-text';

/**
 * What a call-up answers: an HTML page (whose return form may post to `formAction`, and which the
 * caller's procurement system, `frameOrigins`, may frame), or a 303.
 */
export type CallupAnswer =
  | { kind: 'page'; status: number; page: VNode; formAction?: string; frameOrigins?: string[] }
  | { kind: 'redirect'; location: string };

export interface CallupBrowser {
  ip: string;
  userAgent: string | undefined;
}

/** What the audit trail records of a refused or answered call: every parameter but the PASSWORD. */
type CallFacts = Record<string, string>;

/** How each refusal is recorded (`outcome`) and answered. */
type Refusal =
  | 'credentials_refused'
  | 'client_revoked'
  | 'user_unknown'
  | 'user_disabled'
  | 'hook_url_invalid'
  | 'hook_url_origin'
  | OciCallProblem['code'];

/**
 * SAP's OCI catalog call-up, an entry into the punchout core (`GET|POST /punchout/oci`). It
 * authenticates the caller its own way (USERNAME = client id, PASSWORD = the client's punchout secret,
 * EMAIL = a user of the client's organization), checks the HOOK_URL against the client's allowed
 * origins, and then either opens a session in the shop (no FUNCTION) or answers one of OCI's
 * functions inline. Credential failures are limited per client id and address like the token
 * endpoint's; every call is an audit event (a session's own events when it opens one).
 */
@Injectable()
export class OciCallupService {
  private readonly logger = new Logger('OciCallup');
  private readonly failures: RateLimitPolicy;

  constructor(
    private readonly entry: EntryAuthenticator,
    private readonly sessions: PunchoutSessionsService,
    private readonly items: OciItemsService,
    private readonly catalog: PunchoutCatalogReader,
    private readonly products: ProductPresenter,
    private readonly audit: AuditService,
    private readonly prisma: PrismaService,
    config: AppConfig,
  ) {
    const { windowSeconds, tokenFailures } = config.rateLimit;
    this.failures = { name: 'oci-callup-failures', limit: tokenFailures, windowSeconds };
  }

  async call(params: OciCallupParams, browser: CallupBrowser, lang: PageLanguage): Promise<CallupAnswer> {
    const m = ociCallupMessagesFor(lang);
    const facts = factsOf(params, browser);
    const parsed = parseOciCall(params);
    const auth = await this.entry.authenticate({
      failures: this.failures,
      clientId: params.username ?? '',
      secret: params.password ?? '',
      ip: browser.ip,
      request: parsed.ok ? { ok: true, request: parsed.call } : parsed,
      email: params.email ?? '',
      callbackUrl: params.hookUrl ?? '',
    });
    if (!auth.ok) {
      const outcome: Refusal = refusalOf(auth);
      if (auth.refusal === 'credentials_refused' || auth.refusal === 'client_revoked')
        // Recorded beside the answer, not before it: an unknown client id has nothing to record, so a
        // refusal that waited for the audit write would tell a real client id by its time.
        void this.record(auth.recordIn, outcome, facts).catch((error: unknown) =>
          this.logger.error({ err: error }, 'OCI call-up refusal could not be recorded'),
        );
      else await this.record(auth.recordIn, outcome, facts);
      const detail =
        auth.refusal === 'entry_problem'
          ? auth.problem
          : auth.refusal === 'callback_invalid'
            ? { message: auth.message.replace(/^callbackUrl/, 'HOOK_URL') }
            : auth.refusal === 'callback_origin'
              ? { origin: auth.origin }
              : undefined;
      return this.refusal(lang, m, outcome, detail);
    }
    const { client, user } = auth;
    // The call-up's ~TARGET (or returntarget) names the frame before the HOOK_URL's own.
    const hook = withTarget(auth.callback, params.target);
    if (!hook.ok) {
      const recordIn = { organizationId: client.organizationId, clientId: client.id, userId: user.id };
      await this.record(recordIn, 'hook_url_invalid', facts);
      return this.refusal(lang, m, 'hook_url_invalid', { message: hook.message });
    }
    const caller = { organizationId: client.organizationId, userId: user.id, clientId: client.id };
    // Framed by the caller's procurement system, as its session pages are (PunchoutSessionsService.frameOrigins).
    const frameOrigins = [hook.origin, ...client.callbackOrigins];
    return this.answer(auth.request, { ...caller, hook, frameOrigins, facts, browser, lang, m });
  }

  private async answer(
    call: OciCall,
    c: {
      organizationId: string;
      userId: string;
      clientId: string;
      hook: { url: string; origin: string; target: string };
      frameOrigins: string[];
      facts: CallFacts;
      browser: CallupBrowser;
      lang: PageLanguage;
      m: OciCallupMessages;
    },
  ): Promise<CallupAnswer> {
    const t = messagesFor(c.lang);
    const caller = { organizationId: c.organizationId, userId: c.userId, clientId: c.clientId };
    const returnTo = { callbackUrl: c.hook.url, target: c.hook.target };
    switch (call.function) {
      case 'shop': {
        const known =
          call.productId !== undefined && isCatalogId(call.productId)
            ? await this.catalog.findProduct(call.productId, c.organizationId)
            : undefined;
        const productId = known ? known.id : null;
        const started = await this.sessions.start({
          ...caller,
          productId,
          callback: { url: c.hook.url, target: c.hook.target },
          protocol: PunchoutProtocols.ociCallup,
          name: null,
          shipTo: null,
          readOnly: false,
          details: { oci: c.facts },
          opening: { kind: 'opened', browser: c.browser },
        });
        // No conditions: nothing refuses the insert.
        if (!started) throw new Error('the OCI call-up session was not inserted');
        const { sessionKey } = started;
        const location = call.searchString
          ? searchPath(sessionKey, call.searchString)
          : productId
            ? productPath(sessionKey, productId)
            : sessionPath(sessionKey);
        return { kind: 'redirect', location };
      }
      case 'DETAIL': {
        const product = isCatalogId(call.productId)
          ? await this.catalog.findProduct(call.productId, c.organizationId)
          : undefined;
        await this.record(caller, product ? 'ok' : 'product_unknown', c.facts);
        if (!product)
          return page(
            404,
            <ShopMessagePage lang={c.lang} t={t} title={t.notFoundTitle} text={c.m.productMissing} />,
            undefined,
            c.frameOrigins,
          );
        const view = await this.products.productView(product, c.organizationId, c.lang);
        const ctx = displayContext(c.lang, t, product.id);
        return page(
          200,
          <ProductPage ctx={ctx} product={view} notices={[{ kind: 'ok', text: c.m.detailNote }]} />,
          undefined,
          c.frameOrigins,
        );
      }
      case 'VALIDATE': {
        const fields = isCatalogId(call.productId)
          ? await this.items.validate(c.organizationId, call.productId, call.quantity, c.lang)
          : [];
        await this.record(caller, 'ok', c.facts, { lineCount: fields.length > 0 ? 1 : 0, fields });
        return page(
          200,
          <ShopMessagePage
            lang={c.lang}
            t={t}
            title={c.m.validateTitle}
            text={fields.length > 0 ? c.m.validate : c.m.validateNone}
            hint={t.transferHint}
            returnLabel={t.sendCart}
            returnForm={{ ...returnTo, fields, autoSubmit: true }}
          />,
          c.hook.origin,
          c.frameOrigins,
        );
      }
      case 'BACKGROUND_SEARCH': {
        const fields = await this.items.backgroundSearch(caller, call.searchString, c.lang);
        const lineCount = fields.filter(([name]) => name.startsWith('NEW_ITEM-DESCRIPTION[')).length;
        await this.record(caller, 'ok', c.facts, { lineCount });
        return page(
          200,
          <ShopMessagePage
            lang={c.lang}
            t={t}
            title={c.m.searchTitle}
            text={`${call.searchString}: ${c.m.searchLines(lineCount)}`}
            returnLabel={t.sendCart}
            returnForm={{ ...returnTo, fields, autoSubmit: false }}
          />,
          c.hook.origin,
          c.frameOrigins,
        );
      }
    }
  }

  /** The refusal page: what is wrong, in the buyer's language; it never posts anywhere. */
  private refusal(
    lang: PageLanguage,
    m: OciCallupMessages,
    outcome: Refusal,
    detail?: OciCallProblem | { message?: string; origin?: string },
  ): CallupAnswer {
    const t = messagesFor(lang);
    const [status, title, text]: [number, string, string] = (() => {
      switch (outcome) {
        case 'credentials_refused':
          return [401, m.credentialsTitle, m.credentials];
        case 'client_revoked':
          return [403, m.revokedTitle, m.revoked];
        case 'user_unknown':
          return [401, m.unknownUserTitle, m.unknownUser];
        case 'user_disabled':
          return [403, m.disabledUserTitle, m.disabledUser];
        case 'hook_url_missing':
          return [400, m.hookMissingTitle, m.hookMissing];
        case 'hook_url_invalid':
          return [400, m.hookInvalidTitle, m.hookInvalid(detailOf(detail, 'message'))];
        case 'hook_url_origin':
          return [403, m.hookOriginTitle, m.hookOrigin(detailOf(detail, 'origin'))];
        case 'function_unknown':
          return [400, m.functionTitle, m.functionUnknown(detailOf(detail, 'value'))];
        case 'product_missing':
          return [400, m.productMissingTitle, m.productMissing];
        case 'quantity_invalid':
          return [400, m.quantityTitle, m.quantityInvalid(detailOf(detail, 'value'))];
      }
    })();
    return page(status, <ShopMessagePage lang={lang} t={t} title={title} text={text} />);
  }

  /**
   * One `punchout.oci_call` event in the caller's organization. A USERNAME that names no client has
   * no organization (no chain) to record in: that refusal is logged instead.
   */
  private async record(
    actor: EntryActor | null,
    outcome: string,
    facts: CallFacts,
    extra: Record<string, unknown> = {},
  ): Promise<void> {
    if (!actor) {
      this.logger.warn(
        { outcome, username: facts.username, ip: facts.ip },
        'OCI call-up refused: unknown client',
      );
      return;
    }
    await this.prisma.$transaction((tx) =>
      this.audit.append(tx, {
        organizationId: actor.organizationId,
        type: AuditEventTypes.punchoutOciCall,
        actor: { userId: actor.userId, clientId: actor.clientId },
        payload: { function: facts.function ?? null, outcome, ...facts, ...extra },
      }),
    );
  }
}

function page(status: number, vnode: VNode, formAction?: string, frameOrigins?: string[]): CallupAnswer {
  return {
    kind: 'page',
    status,
    page: vnode,
    ...(formAction ? { formAction } : {}),
    ...(frameOrigins ? { frameOrigins } : {}),
  };
}

function detailOf(detail: unknown, key: string): string {
  const value = (detail as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'string' ? value : '';
}

/** The call's parameters as recorded: all but the PASSWORD, each cut to what a column would hold. */
function factsOf(params: OciCallupParams, browser: CallupBrowser): CallFacts {
  const facts: CallFacts = {};
  const keep = (name: string, value: string | undefined, max = 500) => {
    if (value !== undefined) facts[name] = cutText(value.replaceAll('\u0000', ''), max);
  };
  keep('function', params.function);
  keep('username', params.username, 100);
  keep('email', params.email, 320);
  keep('hookUrl', params.hookUrl, CALLBACK_URL_MAX_LENGTH);
  keep('target', params.target, 100);
  keep('okCode', params.okCode, 100);
  keep('caller', params.caller, 100);
  keep('ociVersion', params.ociVersion, 100);
  keep('productId', params.productId, 100);
  keep('quantity', params.quantity, 100);
  keep('searchString', params.searchString, 500);
  keep('ip', browser.ip, 100);
  keep('userAgent', browser.userAgent, 500);
  return facts;
}

/** How the call-up names an entry refusal in its audit events and pages. */
function refusalOf(auth: EntryRefusal<OciCallProblem>): Refusal {
  switch (auth.refusal) {
    case 'entry_problem':
      return auth.problem.code;
    case 'callback_invalid':
      return 'hook_url_invalid';
    case 'callback_origin':
      return 'hook_url_origin';
    default:
      return auth.refusal;
  }
}

/** The call-up's `~TARGET` (or `returntarget`) parameter before the HOOK_URL's own frame target. */
function withTarget(
  hook: CheckedCallback,
  targetParam: string | undefined,
): ({ ok: true } & CheckedCallback) | { ok: false; message: string } {
  if (targetParam !== undefined && targetParam !== '' && !isFrameTarget(targetParam))
    return { ok: false, message: '~TARGET must be a frame name (letters, digits, "_", "-", ".")' };
  return { ok: true, ...hook, target: targetParam || hook.target };
}
