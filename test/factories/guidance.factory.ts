import { PrismaService } from '../../src/database/prisma.service';
import { Organization, UserRole } from '../../src/generated/prisma/client';
import { bearer, issueTestToken } from '../support/auth';
import { createClient, createOrganization, createUser } from './identity.factory';

export interface OrganizationTokens {
  organization: Organization;
  /** A procurement admin (admin + buyer roles). */
  admin: string;
  buyer: string;
}

/** A fresh organization with an admin's and a buyer's token, so each test has its own rules. */
export async function organizationWithTokens(prisma: PrismaService): Promise<OrganizationTokens> {
  const organization = await createOrganization(prisma);
  const { client } = await createClient(prisma, organization);
  const tokenFor = async (roles: UserRole[]) =>
    issueTestToken(prisma, await createUser(prisma, organization, { roles }), client);
  return {
    organization,
    admin: await tokenFor([UserRole.admin, UserRole.buyer]),
    buyer: await tokenFor([UserRole.buyer]),
  };
}

export interface RuleInput {
  effect: 'preferred' | 'blocked';
  matcher: string;
  value: string;
  currency?: string;
  note?: string;
}

/** Adds rules through the admin API (the real write path, cache invalidation included). */
export async function addRules(baseUrl: string, adminToken: string, rules: RuleInput[]): Promise<string[]> {
  const ids: string[] = [];
  for (const rule of rules) {
    const response = await fetch(`${baseUrl}/api/v1/guidance/rules`, {
      method: 'POST',
      headers: { ...bearer(adminToken), 'content-type': 'application/json' },
      body: JSON.stringify(rule),
    });
    const body = (await response.json()) as { id: string };
    if (response.status !== 201) throw new Error(`rule ${JSON.stringify(rule)}: ${JSON.stringify(body)}`);
    ids.push(body.id);
  }
  return ids;
}
