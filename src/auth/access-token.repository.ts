import { Injectable } from '@nestjs/common';
import { sha256 } from '../common/crypto/secrets';
import { AppConfig } from '../config/app-config';
import { PrismaService } from '../database/prisma.service';
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
@Injectable()
export class AccessTokenRepository {
  private readonly cache: TokenCache<Principal>;

  constructor(
    private readonly prisma: PrismaService,
    config: AppConfig,
  ) {
    this.cache = new TokenCache(config.tokenCache.ttlMs, config.tokenCache.maxEntries);
  }

  async findActivePrincipal(token: string, now: Date): Promise<Principal | undefined> {
    const tokenHash = sha256(token);
    const key = Buffer.from(tokenHash).toString('base64');
    const cached = this.cache.get(key, now.getTime());
    if (cached) return cached;

    const row = await this.prisma.accessToken.findUnique({
      where: { tokenHash },
      select: {
        id: true,
        expiresAt: true,
        revokedAt: true,
        organizationId: true,
        user: { select: { id: true, email: true, roles: true, disabledAt: true, organizationId: true } },
        client: { select: { id: true, clientId: true, revokedAt: true, organizationId: true } },
      },
    });
    if (!row || row.revokedAt || row.expiresAt <= now) return undefined;
    if (row.user.disabledAt || row.client.revokedAt) return undefined;
    // Defence in depth: a token can only ever join a user and client of its own organization.
    if (row.user.organizationId !== row.organizationId || row.client.organizationId !== row.organizationId) {
      return undefined;
    }
    const principal: Principal = {
      userId: row.user.id,
      email: row.user.email,
      organizationId: row.organizationId,
      clientId: row.client.id,
      clientPublicId: row.client.clientId,
      roles: row.user.roles,
      tokenId: row.id,
    };
    this.cache.set(key, principal, row.expiresAt.getTime(), now.getTime());
    return principal;
  }

  /** Drops a token from this process's cache (after it was revoked here). */
  forget(tokenHash: Uint8Array): void {
    this.cache.delete(Buffer.from(tokenHash).toString('base64'));
  }
}
