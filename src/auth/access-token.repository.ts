import { Injectable } from '@nestjs/common';
import { sha256 } from '../common/crypto/secrets';
import { PrismaService } from '../database/prisma.service';
import { Principal } from './principal';

/**
 * The security-critical lookup: a bearer token resolves to a principal only while the token is
 * unexpired and unrevoked, its user enabled and its client unrevoked. Tokens are found by the
 * SHA-256 of their value under a unique index, so no plaintext is stored or compared.
 */
@Injectable()
export class AccessTokenRepository {
  constructor(private readonly prisma: PrismaService) {}

  async findActivePrincipal(token: string, now: Date): Promise<Principal | undefined> {
    const row = await this.prisma.accessToken.findUnique({
      where: { tokenHash: sha256(token) },
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
    return {
      userId: row.user.id,
      email: row.user.email,
      organizationId: row.organizationId,
      clientId: row.client.id,
      clientPublicId: row.client.clientId,
      roles: row.user.roles,
      tokenId: row.id,
    };
  }
}
