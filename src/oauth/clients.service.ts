import { HttpStatus, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { randomBytes } from 'node:crypto';
import { AuditActor, AuditEventTypes } from '../audit/audit-event';
import { AuditService } from '../audit/audit.service';
import { digestsEqual, generateSecret, sha256 } from '../common/crypto/secrets';
import { Clock } from '../common/clock/clock';
import { ApiError } from '../common/http/api-error';
import { AppConfig } from '../config/app-config';
import { PrismaService } from '../database/prisma.service';
import { PrismaTx, withinTransaction } from '../database/prisma-transaction';
import { OAuthClient } from '../generated/prisma/client';
import { normalizeOrigin } from './callback-origin';
import { CreateClientDto } from './dto/create-client.dto';
import { OrganizationsService } from './organizations.service';

export const CLIENT_ID_PREFIX = 'mpgc_';
export const CLIENT_SECRET_PREFIX = 'mpgs_';
/** The punchout secret (OCI call-up PASSWORD): a different prefix, so neither is mistaken for the other. */
export const PUNCHOUT_SECRET_PREFIX = 'mpgp_';

// Compared against when the client id is unknown, so that case costs the same as a wrong secret.
const UNKNOWN_CLIENT_HASH = sha256(generateSecret(CLIENT_SECRET_PREFIX));

/**
 * Whether `clientSecret` matches a stored SHA-256 in constant time; with no stored digest (unknown
 * client) the same work is done against a dummy, so timing does not tell the two cases apart.
 */
export function clientSecretMatches(clientSecret: string, storedHash: Uint8Array | undefined): boolean {
  return digestsEqual(sha256(clientSecret), storedHash ?? UNKNOWN_CLIENT_HASH) && storedHash !== undefined;
}

/** A client's stored credential: its secret's digest and, during a rotation's grace period, the old one's. */
export interface StoredSecrets {
  secretHash: Uint8Array;
  previousSecretHash: Uint8Array | null;
  previousSecretExpiresAt: Date | null;
}

/**
 * Whether `clientSecret` is the client's secret, or its previous one within the grace period of a
 * rotation. Both digests are always compared (the previous one against a dummy when there is none),
 * so timing does not tell whether a rotation is under way. Undefined `stored`: an unknown client.
 */
export function clientSecretAccepted(
  clientSecret: string,
  stored: StoredSecrets | undefined,
  now: Date,
): boolean {
  const current = clientSecretMatches(clientSecret, stored?.secretHash);
  const previous = clientSecretMatches(clientSecret, stored?.previousSecretHash ?? UNKNOWN_CLIENT_HASH);
  const inGrace =
    !!stored?.previousSecretHash && !!stored.previousSecretExpiresAt && now < stored.previousSecretExpiresAt;
  return current || (previous && inGrace);
}

/** What a rotation hands back: the new secret, shown once, and until when the old one works. */
export interface RotatedSecret {
  clientSecret: string;
  previousSecretValidUntil: Date | undefined;
}

/** The outcome of checking a client's credentials; `unknown` covers both "no such id" and "wrong secret". */
export type ClientAuthentication =
  | { outcome: 'authenticated'; client: Pick<OAuthClient, 'id' | 'clientId' | 'organizationId'> }
  | { outcome: 'unknown' }
  | { outcome: 'revoked' };

/** A client as a punchout entry sees it after its punchout secret was checked. */
export type PunchoutClientAuthentication =
  | {
      outcome: 'authenticated';
      client: Pick<OAuthClient, 'id' | 'clientId' | 'organizationId' | 'callbackOrigins' | 'cxmlEncoding'>;
    }
  /** `claimed`: the client the id names, when there is one (its organization records the refusal). */
  | { outcome: 'unknown'; claimed?: { organizationId: string } }
  | { outcome: 'revoked'; claimed: { id: string; organizationId: string } };

/** How a client's cXML order messages are posted: the form field cxml-urlencoded or cxml-base64. */
export const CXML_ENCODING_SETTINGS = ['urlencoded', 'base64'] as const;
export type CxmlEncodingSetting = (typeof CXML_ENCODING_SETTINGS)[number];

/** What `client origins` changes: the origins to add and to remove (both normalized before use). */
export interface OriginsChange {
  add: string[];
  remove: string[];
}

/** A client's callback origins after a change, and what the change did. */
export interface ChangedOrigins {
  clientId: string;
  callbackOrigins: string[];
  added: string[];
  removed: string[];
}

/** The most callback origins one client may have (as at creation). */
export const MAX_CALLBACK_ORIGINS = 50;

export interface CreatedClient {
  client: OAuthClient;
  /** The only time the plaintext secret exists outside the caller's vault. */
  clientSecret: string;
}

@Injectable()
export class ClientsService {
  /**
   * Callback origins per client, read on every shop page view (its frame-ancestors): kept per process
   * for TOKEN_CACHE_TTL_MS like the client's other facts, so a change made through another replica
   * shows within that bound (through this one at once); off when the bound is 0.
   */
  private readonly originsCache?: LRUCache<string, string[]>;

  constructor(
    private readonly prisma: PrismaService,
    private readonly organizations: OrganizationsService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    config: AppConfig,
  ) {
    const { ttlMs, maxEntries } = config.tokenCache;
    if (ttlMs > 0) this.originsCache = new LRUCache({ max: maxEntries, ttl: ttlMs });
  }

  /** `tx`: write within the caller's transaction (the demo seed). A taken id is 409 (global mapping). */
  async create(input: CreateClientDto, actor: AuditActor, tx?: PrismaTx): Promise<CreatedClient> {
    const organization = await this.organizations.bySlug(input.org, tx);
    const clientId = input.clientId ?? `${CLIENT_ID_PREFIX}${randomBytes(12).toString('hex')}`;
    const clientSecret = input.clientSecret ?? generateSecret(CLIENT_SECRET_PREFIX);
    const client = await withinTransaction(this.prisma, tx, async (tx) => {
      const created = await tx.oAuthClient.create({
        data: {
          organizationId: organization.id,
          clientId,
          secretHash: sha256(clientSecret),
          name: input.name,
          callbackOrigins: [...new Set((input.callbackOrigins ?? []).map((origin) => origin.toLowerCase()))],
        },
      });
      // Never the secret nor its hash: the event names the client, not its credential.
      await this.audit.append(tx, {
        organizationId: organization.id,
        type: AuditEventTypes.clientCreated,
        actor,
        payload: {
          client: { id: created.id, clientId: created.clientId, name: created.name },
          callbackOrigins: created.callbackOrigins,
        },
      });
      return created;
    });
    return { client, clientSecret };
  }

  /** Revokes a client and every token it issued, effective on their next use. */
  async revoke(clientId: string, actor: AuditActor): Promise<OAuthClient> {
    const client = await this.prisma.oAuthClient.findUnique({ where: { clientId } });
    if (!client) throw new ApiError(HttpStatus.NOT_FOUND, 'not_found', `No client "${clientId}".`);
    if (client.revokedAt) return client;
    const now = this.clock.now();
    return this.prisma.$transaction(async (tx) => {
      // Only a live client is revoked, so two concurrent revocations record one event.
      const { count } = await tx.oAuthClient.updateMany({
        where: { id: client.id, revokedAt: null },
        data: { revokedAt: now },
      });
      const revoked = await tx.oAuthClient.findUniqueOrThrow({ where: { id: client.id } });
      if (count === 0) return revoked;
      const tokens = await tx.accessToken.updateMany({
        where: { clientId: client.id, revokedAt: null },
        data: { revokedAt: now },
      });
      await this.audit.append(tx, {
        organizationId: client.organizationId,
        type: AuditEventTypes.clientRevoked,
        actor,
        payload: {
          client: { id: client.id, clientId: client.clientId, name: client.name },
          tokensRevoked: tokens.count,
        },
      });
      return revoked;
    });
  }

  /**
   * Gives a client a new secret. The old one keeps working for `graceSeconds` (0: not at all), so the
   * procurement system can switch over without a failed call; tokens already issued are unaffected.
   * Replicas that cached the client's row see the change within TOKEN_CACHE_TTL_MS.
   */
  async rotateSecret(clientId: string, graceSeconds: number, actor: AuditActor): Promise<RotatedSecret> {
    const client = await this.prisma.oAuthClient.findUnique({ where: { clientId } });
    if (!client) throw new ApiError(HttpStatus.NOT_FOUND, 'not_found', `No client "${clientId}".`);
    if (client.revokedAt)
      throw new ApiError(
        HttpStatus.CONFLICT,
        'conflict',
        `Client "${clientId}" is revoked; create a new one.`,
      );
    const clientSecret = generateSecret(CLIENT_SECRET_PREFIX);
    const validUntil =
      graceSeconds > 0 ? new Date(this.clock.now().getTime() + graceSeconds * 1000) : undefined;
    await this.prisma.$transaction(async (tx) => {
      await tx.oAuthClient.update({
        where: { id: client.id },
        data: {
          secretHash: sha256(clientSecret),
          previousSecretHash: validUntil ? client.secretHash : null,
          previousSecretExpiresAt: validUntil ?? null,
        },
      });
      // Never a secret nor its hash: the event names the client and the grace period.
      await this.audit.append(tx, {
        organizationId: client.organizationId,
        type: AuditEventTypes.clientSecretRotated,
        actor,
        payload: {
          client: { id: client.id, clientId: client.clientId, name: client.name },
          graceSeconds,
          previousSecretValidUntil: validUntil?.toISOString() ?? null,
        },
      });
    });
    return { clientSecret, previousSecretValidUntil: validUntil };
  }

  /**
   * Checks a client id and secret: the secret's SHA-256 is compared in constant time, and an
   * unknown id does the same work against a dummy digest, so neither timing nor message tells an
   * unknown client from a wrong secret.
   */
  async authenticate(clientId: string, clientSecret: string): Promise<ClientAuthentication> {
    const client =
      clientId.length <= 100
        ? await this.prisma.oAuthClient.findUnique({
            where: { clientId },
            select: {
              id: true,
              clientId: true,
              organizationId: true,
              secretHash: true,
              previousSecretHash: true,
              previousSecretExpiresAt: true,
              revokedAt: true,
            },
          })
        : null;
    if (!client || !clientSecretAccepted(clientSecret, client, this.clock.now()))
      return { outcome: 'unknown' };
    if (client.revokedAt) return { outcome: 'revoked' };
    return {
      outcome: 'authenticated',
      client: { id: client.id, clientId: client.clientId, organizationId: client.organizationId },
    };
  }

  /**
   * Creates the client's punchout secret, or replaces it (the old one stops working at once). Only
   * its SHA-256 is stored; the plaintext is returned once. The event names the client, never a secret.
   */
  async setPunchoutSecret(
    clientId: string,
    actor: AuditActor,
  ): Promise<{ clientId: string; punchoutSecret: string; replaced: boolean }> {
    const client = await this.live(clientId);
    const punchoutSecret = generateSecret(PUNCHOUT_SECRET_PREFIX);
    await this.prisma.$transaction(async (tx) => {
      await tx.oAuthClient.update({
        where: { id: client.id },
        data: { punchoutSecretHash: sha256(punchoutSecret) },
      });
      await this.audit.append(tx, {
        organizationId: client.organizationId,
        type: AuditEventTypes.clientPunchoutSecretSet,
        actor,
        payload: { client: clientPayload(client), replaced: client.punchoutSecretHash !== null },
      });
    });
    return { clientId: client.clientId, punchoutSecret, replaced: client.punchoutSecretHash !== null };
  }

  /**
   * Checks a client id and punchout secret (constant time; an unknown id, a client without a punchout
   * secret and a wrong secret do the same work and give the same answer). The API secret never matches.
   */
  async authenticatePunchout(
    clientId: string,
    punchoutSecret: string,
  ): Promise<PunchoutClientAuthentication> {
    // Hand-written on the pool (every punchout entry's hot path): one round trip, no query compilation.
    const client =
      clientId.length <= 100
        ? (
            await this.prisma.pool.query<{
              id: string;
              clientId: string;
              organizationId: string;
              callbackOrigins: string[];
              cxmlEncoding: string;
              punchoutSecretHash: Buffer | null;
              revokedAt: Date | null;
            }>({
              name: 'punchout-client',
              text: `SELECT id, client_id AS "clientId", organization_id AS "organizationId",
                            callback_origins AS "callbackOrigins", cxml_encoding AS "cxmlEncoding",
                            punchout_secret_hash AS "punchoutSecretHash", revoked_at AS "revokedAt"
                       FROM oauth_client WHERE client_id = $1`,
              values: [clientId],
            })
          ).rows[0]
        : undefined;
    if (!client) return { outcome: 'unknown' };
    if (!clientSecretMatches(punchoutSecret, client.punchoutSecretHash ?? undefined))
      return { outcome: 'unknown', claimed: { organizationId: client.organizationId } };
    if (client.revokedAt)
      return { outcome: 'revoked', claimed: { id: client.id, organizationId: client.organizationId } };
    const { punchoutSecretHash: _hash, revokedAt: _revoked, ...rest } = client;
    return { outcome: 'authenticated', client: rest };
  }

  /** A client's allowed callback origins (empty: any origin). */
  async origins(clientId: string): Promise<ChangedOrigins> {
    const client = await this.byClientId(clientId);
    return { clientId: client.clientId, callbackOrigins: client.callbackOrigins, added: [], removed: [] };
  }

  /**
   * The callback origins of a client by its record id (a punchout session keeps that id): the
   * procurement system's hosts, which may frame its session's pages. Empty for an unknown client.
   */
  async callbackOriginsOf(id: string): Promise<string[]> {
    const cached = this.originsCache?.get(id);
    if (cached) return cached;
    const client = await this.prisma.oAuthClient.findUnique({
      where: { id },
      select: { callbackOrigins: true },
    });
    const origins = client?.callbackOrigins ?? [];
    this.originsCache?.set(id, origins);
    return origins;
  }

  /**
   * Adds and removes allowed callback origins (validated and normalized as at creation). A change
   * that changes nothing records nothing; otherwise one event with the list before and after.
   * Sessions already created keep their HOOK_URL; new ones are checked against the new list.
   */
  async changeOrigins(clientId: string, change: OriginsChange, actor: AuditActor): Promise<ChangedOrigins> {
    const add = normalizedOrigins(change.add);
    const remove = normalizedOrigins(change.remove);
    const both = add.filter((origin) => remove.includes(origin));
    if (both.length > 0)
      throw new ApiError(
        HttpStatus.BAD_REQUEST,
        'invalid_request',
        `${both[0]} is both added and removed: give it once`,
      );
    const client = await this.live(clientId);
    const changed = await this.prisma.$transaction(async (tx) => {
      // Read under the row lock: two operators changing one client's origins do not lose a change.
      const [row] = await tx.$queryRaw<Array<{ callback_origins: string[] }>>`
        SELECT callback_origins FROM oauth_client WHERE id = ${client.id}::uuid FOR UPDATE`;
      const before = row?.callback_origins ?? [];
      const added = add.filter((origin) => !before.includes(origin));
      const removed = remove.filter((origin) => before.includes(origin));
      const after = [...before.filter((origin) => !removed.includes(origin)), ...added];
      if (after.length > MAX_CALLBACK_ORIGINS)
        throw new ApiError(
          HttpStatus.BAD_REQUEST,
          'invalid_request',
          `a client has at most ${MAX_CALLBACK_ORIGINS} callback origins`,
        );
      if (added.length > 0 || removed.length > 0) {
        await tx.oAuthClient.update({ where: { id: client.id }, data: { callbackOrigins: after } });
        await this.audit.append(tx, {
          organizationId: client.organizationId,
          type: AuditEventTypes.clientOriginsChanged,
          actor,
          payload: { client: clientPayload(client), added, removed, from: before, to: after },
        });
      }
      return { clientId: client.clientId, callbackOrigins: after, added, removed };
    });
    // This process shows the change at once; other replicas within TOKEN_CACHE_TTL_MS.
    this.originsCache?.clear();
    return changed;
  }

  /**
   * A client's punchout settings: how its cXML order messages travel through the browser
   * (`urlencoded` or `base64`). Given a change, applies it; a change that changes nothing records
   * nothing, otherwise one `client.punchout_settings_changed` event with the value before and after.
   */
  async punchoutSettings(
    clientId: string,
    change: { cxmlEncoding?: CxmlEncodingSetting },
    actor: AuditActor,
  ): Promise<{ clientId: string; cxmlEncoding: string; changed: boolean }> {
    const client = await this.live(clientId);
    const wanted = change.cxmlEncoding;
    if (wanted === undefined || wanted === client.cxmlEncoding)
      return { clientId: client.clientId, cxmlEncoding: client.cxmlEncoding, changed: false };
    await this.prisma.$transaction(async (tx) => {
      await tx.oAuthClient.update({ where: { id: client.id }, data: { cxmlEncoding: wanted } });
      await this.audit.append(tx, {
        organizationId: client.organizationId,
        type: AuditEventTypes.clientPunchoutSettingsChanged,
        actor,
        payload: { client: clientPayload(client), cxmlEncoding: { from: client.cxmlEncoding, to: wanted } },
      });
    });
    return { clientId: client.clientId, cxmlEncoding: wanted, changed: true };
  }

  private async byClientId(clientId: string): Promise<OAuthClient> {
    const client =
      clientId.length <= 100 ? await this.prisma.oAuthClient.findUnique({ where: { clientId } }) : null;
    if (!client) throw new ApiError(HttpStatus.NOT_FOUND, 'not_found', `No client "${clientId}".`);
    return client;
  }

  /** A client that is not revoked (a revoked one cannot be changed: 409). */
  private async live(clientId: string): Promise<OAuthClient> {
    const client = await this.byClientId(clientId);
    if (client.revokedAt)
      throw new ApiError(
        HttpStatus.CONFLICT,
        'conflict',
        `Client "${clientId}" is revoked; create a new one.`,
      );
    return client;
  }

  async list(org: string): Promise<OAuthClient[]> {
    const organization = await this.organizations.bySlug(org);
    return this.prisma.oAuthClient.findMany({
      where: { organizationId: organization.id },
      orderBy: { createdAt: 'asc' },
    });
  }
}

function clientPayload(client: Pick<OAuthClient, 'id' | 'clientId' | 'name'>) {
  return { id: client.id, clientId: client.clientId, name: client.name };
}

/** Each origin validated and normalized (400 naming the first bad one), duplicates dropped. */
function normalizedOrigins(origins: readonly string[]): string[] {
  const normalized = origins.map((raw) => {
    const checked = normalizeOrigin(raw);
    if (!checked.ok) throw new ApiError(HttpStatus.BAD_REQUEST, 'invalid_request', checked.message);
    return checked.origin;
  });
  return [...new Set(normalized)];
}
