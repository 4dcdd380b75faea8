import { randomBytes } from 'node:crypto';
import { generateSecret, sha256 } from '../../src/common/crypto/secrets';
import { PrismaService } from '../../src/database/prisma.service';
import { OAuthClient, Organization, User, UserRole } from '../../src/generated/prisma/client';

const unique = () => randomBytes(4).toString('hex');

export function createOrganization(
  prisma: PrismaService,
  data: Partial<Organization> = {},
): Promise<Organization> {
  const slug = data.slug ?? `org-${unique()}`;
  return prisma.organization.create({ data: { slug, name: data.name ?? `Organization ${slug}` } });
}

export interface ClientWithSecret {
  client: OAuthClient;
  clientId: string;
  clientSecret: string;
}

export async function createClient(
  prisma: PrismaService,
  organization: Organization,
  data: { callbackOrigins?: string[]; revokedAt?: Date } = {},
): Promise<ClientWithSecret> {
  const clientId = `mpgc_test_${unique()}`;
  const clientSecret = generateSecret('mpgs_');
  const client = await prisma.oAuthClient.create({
    data: {
      organizationId: organization.id,
      clientId,
      secretHash: sha256(clientSecret),
      callbackOrigins: data.callbackOrigins ?? [],
      revokedAt: data.revokedAt,
    },
  });
  return { client, clientId, clientSecret };
}

export function createUser(
  prisma: PrismaService,
  organization: Organization,
  data: { email?: string; roles?: UserRole[]; disabledAt?: Date; name?: string } = {},
): Promise<User> {
  return prisma.user.create({
    data: {
      organizationId: organization.id,
      email: (data.email ?? `user-${unique()}@example.com`).toLowerCase(),
      name: data.name,
      roles: data.roles ?? [UserRole.buyer],
      disabledAt: data.disabledAt,
    },
  });
}

/**
 * A new organization with one buyer and one client, and the token request form of that pair (the
 * client-credentials grant with the user's email): what token-endpoint tests start from.
 */
export async function createTokenRequester(prisma: PrismaService): Promise<{
  organization: Organization;
  client: ClientWithSecret;
  user: User;
  form: Record<string, string>;
}> {
  const organization = await createOrganization(prisma);
  const client = await createClient(prisma, organization);
  const user = await createUser(prisma, organization);
  const form = {
    grant_type: 'client_credentials',
    client_id: client.clientId,
    client_secret: client.clientSecret,
    email: user.email,
  };
  return { organization, client, user, form };
}
