import { Injectable } from '@nestjs/common';
import { cutText } from '../../common/text/cut-text';
import { ClientsService, PunchoutClientAuthentication } from '../../oauth/clients.service';
import { UsersService } from '../../oauth/users.service';
import type { RateLimitPolicy } from '../../rate-limit/rate-limit-policy';
import { PunchoutEntryLimitService } from '../../rate-limit/punchout-entry-limit.service';
import { RateLimiterService } from '../../rate-limit/rate-limiter.service';
import { checkCallbackUrl } from './callback-url';

/** A client as an entry knows it once its punchout secret was checked. */
export type EntryClient = Extract<PunchoutClientAuthentication, { outcome: 'authenticated' }>['client'];

/** Where a refusal is recorded: the organization's chain, and the actor as far as it is known. */
export interface EntryActor {
  organizationId: string;
  clientId: string | null;
  userId: string | null;
}

/** The entry's reading of its request: what it asks for, or what is wrong with its form. */
export type EntryRequest<R, P> = { ok: true; request: R } | { ok: false; problem: P };

/** What an entry claims: the client's credentials, the buyer, where the cart goes back (if anywhere). */
export interface EntryClaim<R, P, U extends string | undefined, E extends string | undefined = string> {
  /** The entry's limit of failed credential checks per client id and address (its own name). */
  failures: RateLimitPolicy;
  clientId: string;
  secret: string;
  ip: string;
  /**
   * The entry's request as it read it; a problem with its form (an OCI call's FUNCTION, say) is told
   * only once the credentials are right: a caller without them learns nothing about its request.
   */
  request: EntryRequest<R, P>;
  /**
   * The buyer, a user of the client's organization; an entry whose sender is the organization's system
   * rather than a person (an order request) omits it, and no user is looked up.
   */
  email: E;
  /** The callback URL (OCI HOOK_URL, cXML BrowserFormPost); an entry without one (an order request) omits it. */
  callbackUrl: U;
}

/** The callback URL checked: as the browser will post to it, its origin, and its frame target. */
export interface CheckedCallback {
  url: string;
  origin: string;
  target: string;
}

/** Why an entry is refused, with the actor to record it as (null: no organization to record in). */
export type EntryRefusal<P> =
  | { refusal: 'credentials_refused' | 'client_revoked'; recordIn: EntryActor | null }
  | { refusal: 'entry_problem'; problem: P; recordIn: EntryActor }
  | { refusal: 'user_unknown' | 'user_disabled'; recordIn: EntryActor }
  | { refusal: 'callback_invalid'; message: string; recordIn: EntryActor }
  | { refusal: 'callback_origin'; origin: string; recordIn: EntryActor };

export type EntryAuthentication<R, P, U extends string | undefined, E extends string | undefined = string> =
  | {
      ok: true;
      request: R;
      client: EntryClient;
      user: E extends string ? { id: string } : null;
      callback: U extends string ? CheckedCallback : null;
    }
  | ({ ok: false } & EntryRefusal<P>);

/**
 * How every punchout entry that carries its own credentials (the OCI call-up, the cXML setup, and
 * the next cXML entries) learns who calls, in one order: the failure limit per client id and address
 * (as the token endpoint's; checked beside the credential lookup, one round trip less: a refused
 * check throws before anything is answered or written), the client id and its punchout secret
 * (constant time; a wrong one counts against the limit), the client's own budget of entries from any
 * address (429 `punchout-entry-client`), the entry's own problem with the request,
 * the buyer by e-mail in the client's organization (active; an order request names none), and the
 * callback URL within the client's allowed origins. Each entry words and records the refusal its own way.
 */
@Injectable()
export class EntryAuthenticator {
  constructor(
    private readonly clients: ClientsService,
    private readonly users: UsersService,
    private readonly limiter: RateLimiterService,
    private readonly entryLimit: PunchoutEntryLimitService,
  ) {}

  async authenticate<R, P, U extends string | undefined, E extends string | undefined = string>(
    claim: EntryClaim<R, P, U, E>,
  ): Promise<EntryAuthentication<R, P, U, E>> {
    const failureKey = `${cutText(claim.clientId, 100)}\n${claim.ip}`;
    const [, auth] = await Promise.all([
      this.limiter.check(claim.failures, failureKey),
      this.clients.authenticatePunchout(claim.clientId, claim.secret),
    ]);
    if (auth.outcome === 'unknown') {
      await this.limiter.penalize(claim.failures, failureKey);
      // A wrong secret names no actor: the claimed client's organization records it.
      const recordIn = auth.claimed
        ? { organizationId: auth.claimed.organizationId, clientId: null, userId: null }
        : null;
      return { ok: false, refusal: 'credentials_refused', recordIn };
    }
    if (auth.outcome === 'revoked') {
      const recordIn = {
        organizationId: auth.claimed.organizationId,
        clientId: auth.claimed.id,
        userId: null,
      };
      return { ok: false, refusal: 'client_revoked', recordIn };
    }
    const client = auth.client;
    // The client's budget (PUNCHOUT_ENTRY_RATE_LIMIT_PER_CLIENT): a 429 before anything is looked up or written.
    await this.entryLimit.consume(client.id);
    const asClient: EntryActor = { organizationId: client.organizationId, clientId: client.id, userId: null };
    if (!claim.request.ok)
      return { ok: false, refusal: 'entry_problem', problem: claim.request.problem, recordIn: asClient };
    const request = claim.request.request;
    if (claim.email === undefined) {
      if (claim.callbackUrl !== undefined) throw new Error('an entry with a callback URL names its buyer');
      return {
        ok: true,
        request,
        client,
        user: null as E extends string ? { id: string } : null,
        callback: null as U extends string ? CheckedCallback : null,
      };
    }
    const buyer = await this.users.punchoutBuyer(client.organizationId, claim.email);
    if (buyer.kind !== 'active')
      return {
        ok: false,
        refusal: buyer.kind === 'unknown' ? 'user_unknown' : 'user_disabled',
        recordIn: asClient,
      };
    const user = buyer.user as E extends string ? { id: string } : null;
    const asUser: EntryActor = { ...asClient, userId: buyer.user.id };
    if (claim.callbackUrl === undefined)
      return { ok: true, request, client, user, callback: null as U extends string ? CheckedCallback : null };
    const syntax = checkCallbackUrl(claim.callbackUrl, []);
    if (!syntax.ok)
      return { ok: false, refusal: 'callback_invalid', message: syntax.message, recordIn: asUser };
    if (client.callbackOrigins.length > 0 && !checkCallbackUrl(claim.callbackUrl, client.callbackOrigins).ok)
      return { ok: false, refusal: 'callback_origin', origin: syntax.origin, recordIn: asUser };
    const callback: CheckedCallback = { url: syntax.url, origin: syntax.origin, target: syntax.target };
    return {
      ok: true,
      request,
      client,
      user,
      callback: callback as U extends string ? CheckedCallback : null,
    };
  }
}
