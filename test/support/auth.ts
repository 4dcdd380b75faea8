import { generateSecret, sha256 } from '../../src/common/crypto/secrets';
import { PrismaService } from '../../src/database/prisma.service';
import { OAuthClient, User } from '../../src/generated/prisma/client';

/**
 * A valid bearer token for `user` through `client`, written straight to the token table (only its
 * SHA-256 is stored, as the token endpoint does), so tests of other endpoints need no OAuth round trip.
 */
export async function issueTestToken(
  prisma: PrismaService,
  user: User,
  client: OAuthClient,
  options: { expiresInSeconds?: number } = {},
): Promise<string> {
  const token = generateSecret('mpgt_');
  await prisma.accessToken.create({
    data: {
      tokenHash: sha256(token),
      organizationId: user.organizationId,
      userId: user.id,
      clientId: client.id,
      expiresAt: new Date(Date.now() + (options.expiresInSeconds ?? 300) * 1000),
    },
  });
  return token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
