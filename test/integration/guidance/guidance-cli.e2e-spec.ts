import { hostname, userInfo } from 'node:os';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../../src/generated/prisma/client';
import { cli } from '../../support/cli';
import { createTestDatabase, TestDatabase } from '../../support/test-database';

describe('operator CLI: gateway guidance', () => {
  let database: TestDatabase;
  let prisma: PrismaClient;

  beforeAll(async () => {
    database = await createTestDatabase();
    prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url }) });
    await prisma.organization.createMany({
      data: [
        { slug: 'acme', name: 'ACME' },
        { slug: 'other', name: 'Other' },
      ],
    });
  });
  afterAll(async () => {
    await prisma.$disconnect();
    await database.drop();
  });

  const rulesOf = async (slug: string) =>
    prisma.guidanceRule.findMany({ where: { organization: { slug } }, orderBy: { createdAt: 'asc' } });

  it('adds a rule for the organization with the operator as author, and lists it', async () => {
    const added = await cli(
      database.url,
      ...['guidance', 'add', '--org', 'acme', '--effect', 'blocked', '--matcher', 'price_above'],
      ...['--value', '500', '--currency', 'EUR', '--note', 'Needs approval', '--json'],
    );
    expect(added).toMatchObject({ code: 0, stderr: '' });
    const rule = JSON.parse(added.stdout);
    expect(rule).toMatchObject({ effect: 'blocked', matcher: 'price_above', value: '500', currency: 'EUR' });
    const [stored] = await rulesOf('acme');
    expect(stored).toMatchObject({
      id: rule.id,
      note: 'Needs approval',
      createdBy: `cli:${userInfo().username}@${hostname()}`,
      disabledAt: null,
    });

    const listed = await cli(database.url, 'guidance', 'list', '--org', 'acme');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^id +status +rule +note\n/);
    expect(listed.stdout).toMatch(
      new RegExp(`^${rule.id} +active +blocked price_above 500 EUR +Needs approval$`, 'm'),
    );
    expect((await cli(database.url, 'guidance', 'list', '--org', 'other')).stdout).toBe('No rules\n');
  });

  it('removes a rule by disabling it: gone from the list, kept with --all', async () => {
    const added = await cli(
      database.url,
      ...['guidance', 'add', '--org', 'acme', '--effect', 'preferred', '--matcher', 'vendor'],
      ...['--value', 'Office World', '--json'],
    );
    const { id } = JSON.parse(added.stdout);
    const removed = await cli(database.url, 'guidance', 'remove', '--org', 'acme', id);
    expect(removed.code).toBe(0);
    expect(removed.stdout).toContain(`Disabled rule ${id}`);
    expect(await prisma.guidanceRule.findUniqueOrThrow({ where: { id } })).toMatchObject({
      disabledBy: `cli:${userInfo().username}@${hostname()}`,
      disabledAt: expect.any(Date),
    });
    expect((await cli(database.url, 'guidance', 'list', '--org', 'acme')).stdout).not.toContain(id);
    const all = JSON.parse(
      (await cli(database.url, 'guidance', 'list', '--org', 'acme', '--all', '--json')).stdout,
    );
    expect(all.map((r: { id: string }) => r.id)).toContain(id);
  });

  it("cannot remove another organization's rule (exit 1, rule untouched)", async () => {
    const { id } = JSON.parse(
      (
        await cli(
          database.url,
          ...['guidance', 'add', '--org', 'other', '--effect', 'blocked', '--matcher', 'condition'],
          ...['--value', 'used', '--json'],
        )
      ).stdout,
    );
    const attempt = await cli(database.url, 'guidance', 'remove', '--org', 'acme', id);
    expect(attempt.code).toBe(1);
    expect(attempt.stderr).toContain(`No guidance rule ${id}`);
    expect((await prisma.guidanceRule.findUniqueOrThrow({ where: { id } })).disabledAt).toBeNull();
  });

  it.each([
    [
      ['--effect', 'favourite', '--matcher', 'vendor', '--value', 'X'],
      /^error: --effect must be preferred or blocked/,
    ],
    [['--effect', 'blocked', '--matcher', 'colour', '--value', 'red'], /matcher must be one of/],
    [
      ['--effect', 'blocked', '--matcher', 'price_above', '--value', '100'],
      /^error: --currency is required\n/,
    ],
    [
      ['--effect', 'blocked', '--matcher', 'vendor', '--value', 'X', '--currency', 'EUR'],
      /only to matcher price_above/,
    ],
    [['--effect', 'blocked', '--matcher', 'unspsc_prefix', '--value', '44-12'], /2 to 8 digits/],
    [['--effect', 'blocked', '--matcher', 'category', '--value', 'Office Supplies'], /category id/],
    [['--effect', 'blocked', '--matcher', 'vendor'], /^error: --value is required/],
  ])('rejects %j with exit 2 and writes nothing', async (options, message) => {
    const before = await prisma.guidanceRule.count();
    const run = await cli(database.url, 'guidance', 'add', '--org', 'acme', ...options);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(await prisma.guidanceRule.count()).toBe(before);
  });

  it('answers a missing --org and a malformed rule id with exit 2, an unknown organization with exit 1', async () => {
    const noOrg = await cli(database.url, 'guidance', 'list');
    expect(noOrg.code).toBe(2);
    expect(noOrg.stderr).toContain('--org is required');
    const badId = await cli(database.url, 'guidance', 'remove', '--org', 'acme', 'not-a-uuid');
    expect(badId.code).toBe(2);
    expect(badId.stderr).toContain('<ruleId> must be a rule id (a UUID');
    const unknown = await cli(database.url, 'guidance', 'list', '--org', 'nobody');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No organization "nobody"');
  });
});
