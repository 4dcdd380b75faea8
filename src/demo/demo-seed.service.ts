import { Injectable } from '@nestjs/common';
import { systemActor } from '../audit/audit-actor';
import { CatalogService } from '../catalog/catalog.service';
import { AppConfig } from '../config/app-config';
import { PrismaService } from '../database/prisma.service';
import { PrismaTx } from '../database/prisma-transaction';
import { UserRole } from '../generated/prisma/enums';
import { ClientsService } from '../oauth/clients.service';
import { OrganizationsService } from '../oauth/organizations.service';
import { UsersService } from '../oauth/users.service';
import { CreateGuidanceRuleDto } from '../guidance/dto/create-guidance-rule.dto';
import { GuidanceRulesService } from '../guidance/guidance-rules.service';

export const DEMO_ORG_SLUG = 'demo';
/** Seed of the first-start demo catalog (the same catalog on every installation). */
export const DEMO_CATALOG_SEED = 1;
/** The demo organization's buyer (the test bench fills it in). */
export const DEMO_BUYER_EMAIL = 'buyer@demo.example';
export const DEMO_USERS = [
  { email: DEMO_BUYER_EMAIL, name: 'Bea Buyer', roles: [UserRole.buyer] },
  { email: 'admin@demo.example', name: 'Adam Admin', roles: [UserRole.admin, UserRole.buyer] },
  { email: 'auditor@demo.example', name: 'Alice Auditor', roles: [UserRole.auditor] },
];

/**
 * The demo organization's buying guidance: vendors and categories that exist in the demo assortment
 * (src/catalog/demo/assortment.ts, category-tree.ts), so searches show both flags.
 */
export const DEMO_GUIDANCE_RULES: CreateGuidanceRuleDto[] = [
  {
    effect: 'preferred',
    matcher: 'vendor',
    value: 'Büroprofi Schneider GmbH',
    note: 'Framework contract 2026-114 for office supplies',
  },
  {
    effect: 'blocked',
    matcher: 'vendor',
    value: 'Kabelwerk Versand',
    note: 'Failed the 2026 supplier audit',
  },
  {
    effect: 'blocked',
    matcher: 'category',
    value: 'monitors',
    note: "Monitors are ordered through IT's hardware framework contract",
  },
  { effect: 'blocked', matcher: 'condition', value: 'used', note: 'Company policy: no used goods' },
  {
    effect: 'blocked',
    matcher: 'price_above',
    value: '500',
    currency: 'EUR',
    note: 'Above 500 EUR per unit a purchase requisition with approval is required',
  },
];

/** Advisory lock of the demo organization's seed (the migration runner and the catalog have their own). */
export const DEMO_SEED_LOCK_KEY = 72707371;
const SEED_TIMEOUT_MS = 60_000;

export type DemoSeedResult =
  { created: true; clientId: string; clientSecret: string; emails: string[] } | { created: false };

/** Gives an empty installation a demo organization, client and users, so a first call works. */
@Injectable()
export class DemoSeedService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly config: AppConfig,
    private readonly organizations: OrganizationsService,
    private readonly clients: ClientsService,
    private readonly users: UsersService,
    private readonly catalog: CatalogService,
    private readonly guidance: GuidanceRulesService,
  ) {}

  /**
   * Replicas start together: the check and every write run in ONE transaction under a transaction-level
   * advisory lock, so exactly one replica seeds, the others wait and then see the data, and a crash
   * half-way leaves nothing (a later start seeds again). The catalog has its own lock (it is large and
   * written in batches).
   */
  async seedIfEmpty(): Promise<DemoSeedResult> {
    if (this.config.demo.catalogProducts > 0) {
      await this.catalog.seedDemoIfEmpty(this.config.demo.catalogProducts, DEMO_CATALOG_SEED);
    }
    return this.prisma.$transaction((tx) => this.seedOrganization(tx), {
      // Waiting for another replica's seed counts against these bounds (Prisma's defaults are 2 s / 5 s).
      maxWait: SEED_TIMEOUT_MS,
      timeout: SEED_TIMEOUT_MS,
    });
  }

  private async seedOrganization(tx: PrismaTx): Promise<DemoSeedResult> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${DEMO_SEED_LOCK_KEY}::bigint)`;
    if (await this.organizations.any(tx)) return { created: false };
    const organization = await this.organizations.create(
      { slug: DEMO_ORG_SLUG, name: 'Demo Purchasing GmbH' },
      tx,
    );
    const actor = systemActor('demo-seed');
    const { client, clientSecret } = await this.clients.create(
      {
        org: DEMO_ORG_SLUG,
        name: 'Demo procurement system',
        clientId: this.config.demo.clientId,
        clientSecret: this.config.demo.clientSecret,
      },
      actor,
      tx,
    );
    for (const user of DEMO_USERS) await this.users.add({ org: DEMO_ORG_SLUG, ...user }, actor, tx);
    for (const rule of DEMO_GUIDANCE_RULES) {
      await this.guidance.create(organization.id, rule, 'demo-seed', actor, tx);
    }
    return {
      created: true,
      clientId: client.clientId,
      clientSecret,
      emails: DEMO_USERS.map((user) => user.email),
    };
  }
}

/**
 * What `npm start` prints after seeding: the credentials as one line to paste into a shell, which
 * the README's first session then uses.
 */
export function demoInstructions(result: DemoSeedResult, publicUrl: string): string {
  if (!result.created) {
    return (
      'Demo data exists already. The demo client secret was printed at first start only; ' +
      `create a new client with: npm run cli -- client create --org ${DEMO_ORG_SLUG}`
    );
  }
  return [
    '',
    'Demo organization "demo" created. Its client secret is shown this once; paste this line into your shell:',
    '',
    `  export CLIENT_ID=${result.clientId} CLIENT_SECRET=${result.clientSecret}`,
    '',
    `Users: ${result.emails.join(', ')}. Gateway: ${publicUrl}`,
    'Next: "A first session with curl" in README.md.',
    '',
  ].join('\n');
}
