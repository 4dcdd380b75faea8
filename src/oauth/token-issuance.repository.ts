import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { TokenCache } from '../auth/token-cache';
import { Clock } from '../common/clock/clock';
import { AppConfig } from '../config/app-config';
import { PrismaService } from '../database/prisma.service';

/** The client a token request names, with the user its email names in the client's organization. */
export interface ClientAndUser {
  clientId: string;
  organizationId: string;
  secretHash: Uint8Array;
  previousSecretHash: Uint8Array | null;
  previousSecretExpiresAt: Date | null;
  clientRevokedAt: Date | null;
  /** Undefined when the e-mail names no user of the client's organization. */
  userId: string | undefined;
  userDisabledAt: Date | null;
}

/** A cached "no such client" (see findClientAndUser). */
const NOT_FOUND = Symbol('not found');

/**
 * Hand-tuned SQL on the hot path of the token endpoint (docs/architecture.md: a repository only where the
 * query is security-critical or tuned): one round trip finds the client and the user together,
 * one inserts the token, straight on the pool. Through Prisma the same work took three queries
 * and most of the request's time (see docs/oauth.md, benchmark).
 *
 * Found client/user pairs are cached like resolved bearer tokens (TOKEN_CACHE_TTL_MS, same bound):
 * a client that asks for tokens in a loop then costs one query (the insert) per token; so does an
 * unknown client id (a client created meanwhile is found at most that much later). The secret
 * is still checked on every request; a client revoked or user disabled meanwhile gets tokens for
 * at most that long, and those tokens are refused at their first use (the bearer lookup re-checks
 * client and user whenever it reads the database).
 */
@Injectable()
export class TokenIssuanceRepository {
  private readonly cache: TokenCache<ClientAndUser | typeof NOT_FOUND>;

  constructor(
    private readonly prisma: PrismaService,
    private readonly clock: Clock,
    config: AppConfig,
  ) {
    this.cache = new TokenCache(config.tokenCache.ttlMs, config.tokenCache.maxEntries);
  }

  async findClientAndUser(clientId: string, email: string): Promise<ClientAndUser | undefined> {
    const key = `${clientId}\n${email}`;
    const now = this.clock.now().getTime();
    const cached = this.cache.get(key, now);
    if (cached) return cached === NOT_FOUND ? undefined : cached;
    const found = await this.queryClientAndUser(clientId, email);
    // Misses are cached too, for the same bound: otherwise an unknown client id costs a query that a
    // known one (cached) does not, and the time of a wrong-secret answer tells the two apart.
    this.cache.set(key, found ?? NOT_FOUND, Number.MAX_SAFE_INTEGER, now);
    return found;
  }

  private async queryClientAndUser(clientId: string, email: string): Promise<ClientAndUser | undefined> {
    const { rows } = await this.prisma.pool.query<{
      id: string;
      organization_id: string;
      secret_hash: Buffer;
      previous_secret_hash: Buffer | null;
      previous_secret_expires_at: Date | null;
      revoked_at: Date | null;
      user_id: string | null;
      disabled_at: Date | null;
    }>({
      name: 'oauth-client-and-user',
      text: `SELECT c.id, c.organization_id, c.secret_hash, c.previous_secret_hash, c.previous_secret_expires_at,
                    c.revoked_at, u.id AS user_id, u.disabled_at
               FROM oauth_client c
               LEFT JOIN "user" u ON u.organization_id = c.organization_id AND u.email = $2
              WHERE c.client_id = $1`,
      values: [clientId, email],
    });
    const row = rows[0];
    if (!row) return undefined;
    return {
      clientId: row.id,
      organizationId: row.organization_id,
      secretHash: row.secret_hash,
      previousSecretHash: row.previous_secret_hash,
      previousSecretExpiresAt: row.previous_secret_expires_at,
      clientRevokedAt: row.revoked_at,
      userId: row.user_id ?? undefined,
      userDisabledAt: row.disabled_at,
    };
  }

  async insertToken(token: {
    tokenHash: Uint8Array;
    organizationId: string;
    userId: string;
    clientId: string;
    issuedAt: Date;
    expiresAt: Date;
  }): Promise<void> {
    await this.prisma.pool.query({
      name: 'oauth-insert-token',
      text: `INSERT INTO access_token (id, token_hash, organization_id, user_id, client_id, issued_at, expires_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      values: [
        randomUUID(),
        Buffer.from(token.tokenHash),
        token.organizationId,
        token.userId,
        token.clientId,
        token.issuedAt,
        token.expiresAt,
      ],
    });
  }
}
