import { Injectable } from '@nestjs/common';
import { hash } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import { PrismaService } from '../database/prisma.service';
import { UserRole } from '../generated/prisma/enums';
import { Principal } from './principal';
import { TokenCache } from './token-cache';

/**
 * The security-critical lookup: a bearer token resolves to a principal only while the token is
 * unexpired and unrevoked, its user enabled and its client unrevoked. Tokens are found by the
 * SHA-256 of their value under a unique index, so no plaintext is stored or compared.
 *
 * Resolved principals are cached per process for TOKEN_CACHE_TTL_MS (default 2 s, 0 = off):
 * expiry is still checked on every call, a revocation made elsewhere (CLI, another replica) takes
 * effect within that bound, and one made through this process's revocation endpoint at once.
 */
interface LookupRow {
  id: string;
  expires_at: Date;
  revoked_at: Date | null;
  organization_id: string;
  user_id: string;
  email: string;
  roles: string[];
  disabled_at: Date | null;
  user_organization_id: string;
  client_id: string;
  client_public_id: string;
  client_revoked_at: Date | null;
  client_organization_id: string;
}

@Injectable()
export class AccessTokenRepository {
  private readonly cache: TokenCache<Principal>;
  /** Lookups under way, by digest: concurrent requests with one uncached token share one query. */
  private readonly inFlight = new Map<string, Promise<Principal | undefined>>();

  constructor(
    private readonly prisma: PrismaService,
    config: AppConfig,
  ) {
    this.cache = new TokenCache(config.tokenCache.ttlMs, config.tokenCache.maxEntries);
  }

  /**
   * The principal of `token` when this process resolved it recently (the cache bounds above), else
   * undefined; never reads the database. The guard's fast path (bearer-auth.guard.ts).
   */
  cachedPrincipal(token: string, now: Date): Principal | undefined {
    return this.cache.get(digestOf(token), now.getTime());
  }

  async findActivePrincipal(token: string, now: Date): Promise<Principal | undefined> {
    const key = digestOf(token);
    const cached = this.cache.get(key, now.getTime());
    if (cached) return cached;
    // Only with the cache on: without it, every request is meant to see the database's present state.
    if (!this.cache.enabled) return this.lookUp(key, now);
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.lookUp(key, now).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  private async lookUp(key: string, now: Date): Promise<Principal | undefined> {
    const tokenHash = Buffer.from(key, 'base64');

    // One hand-written join on the pool: through Prisma's nested select this lookup cost ~20x the
    // guard's own time (bench/oauth.bench.js, "no cache").
    const { rows } = await this.prisma.pool.query<LookupRow>({
      name: 'bearer-token-lookup',
      text: `SELECT t.id, t.expires_at, t.revoked_at, t.organization_id,
                    u.id AS user_id, u.email, u.roles::text[] AS roles, u.disabled_at,
                    u.organization_id AS user_organization_id,
                    c.id AS client_id, c.client_id AS client_public_id, c.revoked_at AS client_revoked_at,
                    c.organization_id AS client_organization_id
               FROM access_token t
               JOIN "user" u ON u.id = t.user_id
               JOIN oauth_client c ON c.id = t.client_id
              WHERE t.token_hash = $1`,
      values: [tokenHash],
    });
    const row = rows[0];
    if (!row || row.revoked_at || row.expires_at <= now) return undefined;
    if (row.disabled_at || row.client_revoked_at) return undefined;
    // Defence in depth: a token can only ever join a user and client of its own organization.
    if (
      row.user_organization_id !== row.organization_id ||
      row.client_organization_id !== row.organization_id
    ) {
      return undefined;
    }
    const principal: Principal = {
      userId: row.user_id,
      email: row.email,
      organizationId: row.organization_id,
      clientId: row.client_id,
      clientPublicId: row.client_public_id,
      roles: row.roles as UserRole[],
      tokenId: row.id,
    };
    this.cache.set(key, principal, row.expires_at.getTime(), now.getTime());
    return principal;
  }

  /** Drops a token from this process's cache (after it was revoked here). */
  forget(tokenHash: Uint8Array): void {
    this.cache.delete(Buffer.from(tokenHash).toString('base64'));
  }
}

/**
 * The SHA-256 as base64 in one call (crypto.hash): on a cache hit this digest is most of the
 * guard's own work, and createHash + copies + base64 cost about twice as much (bench profile).
 */
function digestOf(token: string): string {
  return hash('sha256', token, 'base64');
}
