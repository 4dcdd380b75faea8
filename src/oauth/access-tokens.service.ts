import { Injectable } from '@nestjs/common';
import { AuditActor, AuditEventTypes } from '../audit/audit-event';
import { AuditService } from '../audit/audit.service';
import { Clock } from '../common/clock/clock';
import { generateSecret, sha256 } from '../common/crypto/secrets';
import { AppConfig } from '../config/app-config';
import { PrismaService } from '../database/prisma.service';
import { UserRefDto } from './dto/user-ref.dto';
import { userPayload, UsersService } from './users.service';
import { TokenIssuanceRepository } from './token-issuance.repository';

export const ACCESS_TOKEN_PREFIX = 'mpgt_';
const PURGE_BATCH = 10_000;

export interface IssuedToken {
  accessToken: string;
  expiresIn: number;
}

/** The access_token table: issuing (hash only), revoking, and purging what expired long ago. */
@Injectable()
export class AccessTokensService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly users: UsersService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly issuance: TokenIssuanceRepository,
    private readonly audit: AuditService,
  ) {}

  /** A new token for a user through a client of the same organization; only its SHA-256 is stored. */
  async issue(input: { organizationId: string; userId: string; clientId: string }): Promise<IssuedToken> {
    const accessToken = generateSecret(ACCESS_TOKEN_PREFIX);
    const issuedAt = this.clock.now();
    const expiresIn = this.config.tokenTtlSeconds;
    await this.issuance.insertToken({
      tokenHash: sha256(accessToken),
      organizationId: input.organizationId,
      userId: input.userId,
      clientId: input.clientId,
      issuedAt,
      expiresAt: new Date(issuedAt.getTime() + expiresIn * 1000),
    });
    return { accessToken, expiresIn };
  }

  /**
   * Revokes a token if, and only if, it was issued to `clientId` (RFC 7009 2.1). Returns its hash
   * when something was revoked, so the caller can drop it from the token cache.
   */
  async revokeForClient(token: string, clientId: string): Promise<Uint8Array | undefined> {
    const tokenHash = sha256(token);
    const { count } = await this.prisma.accessToken.updateMany({
      where: { tokenHash, clientId, revokedAt: null },
      data: { revokedAt: this.clock.now() },
    });
    return count > 0 ? tokenHash : undefined;
  }

  /** Revokes every live token of one user (operators: `token revoke-user`); the user stays enabled. */
  async revokeForUser(input: UserRefDto, actor: AuditActor): Promise<{ email: string; revoked: number }> {
    const user = await this.users.byRef(input);
    const now = this.clock.now();
    const count = await this.prisma.$transaction(async (tx) => {
      const revoked = await tx.accessToken.updateMany({
        where: { userId: user.id, revokedAt: null, expiresAt: { gt: now } },
        data: { revokedAt: now },
      });
      // Recorded even when nothing was live: the operator's action is what the trail witnesses.
      await this.audit.append(tx, {
        organizationId: user.organizationId,
        type: AuditEventTypes.tokensRevoked,
        actor,
        payload: { user: userPayload(user), revoked: revoked.count },
      });
      return revoked.count;
    });
    return { email: user.email, revoked: count };
  }

  /**
   * Deletes tokens that expired more than TOKEN_RETENTION_DAYS ago, in batches so a large backlog
   * never holds one long lock. Returns how many rows went.
   */
  async purgeExpired(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - this.config.tokenPurge.retentionDays * 86_400_000);
    let total = 0;
    for (;;) {
      const deleted = await this.prisma.$executeRaw`
        DELETE FROM access_token
        WHERE id IN (SELECT id FROM access_token WHERE expires_at < ${cutoff} LIMIT ${PURGE_BATCH})`;
      total += deleted;
      if (deleted < PURGE_BATCH) return total;
    }
  }
}
