import { createHash } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../../src/generated/prisma/client';
import { COMMANDS } from '../../../src/admin/commands';
import { cli } from '../../support/cli';
import { createTestDatabase, TestDatabase } from '../../support/test-database';

describe('operator CLI', () => {
  let database: TestDatabase;
  let prisma: PrismaClient;

  beforeAll(async () => {
    database = await createTestDatabase();
    prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url }) });
  });
  afterAll(async () => {
    await prisma.$disconnect();
    await database.drop();
  });

  const counts = async () => ({
    organizations: await prisma.organization.count(),
    clients: await prisma.oAuthClient.count(),
    users: await prisma.user.count(),
  });

  it('creates an organization and prints it as JSON', async () => {
    const run = await cli(database.url, 'org', 'create', 'acme', '--name', 'ACME Corp', '--json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ slug: 'acme', name: 'ACME Corp' });
    expect(await prisma.organization.findUnique({ where: { slug: 'acme' } })).toMatchObject({
      name: 'ACME Corp',
    });
  });

  it('creates a client whose secret is printed once and stored only as its SHA-256', async () => {
    await cli(database.url, 'org', 'create', 'client-org', '--name', 'Client Org');
    const run = await cli(
      database.url,
      'client',
      'create',
      '--org',
      'client-org',
      '--name',
      'SAP SRM',
      '--callback-origin',
      'https://srm.example.com',
      '--callback-origin',
      'HTTPS://SRM.example.com',
      '--json',
    );
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout);
    expect(printed.clientId).toMatch(/^mpgc_[0-9a-f]{24}$/);
    expect(printed.clientSecret).toMatch(/^mpgs_[A-Za-z0-9_-]{43}$/);

    const stored = await prisma.oAuthClient.findUniqueOrThrow({ where: { clientId: printed.clientId } });
    expect(Buffer.from(stored.secretHash).toString('hex')).toBe(
      createHash('sha256').update(printed.clientSecret).digest('hex'),
    );
    expect(JSON.stringify(stored)).not.toContain(printed.clientSecret);
    expect(stored.callbackOrigins).toEqual(['https://srm.example.com']);
    expect(stored.name).toBe('SAP SRM');
  });

  it('adds users with normalized e-mails and roles, and disables them revoking their tokens', async () => {
    await cli(database.url, 'org', 'create', 'user-org', '--name', 'User Org');
    const added = await cli(
      database.url,
      'user',
      'add',
      '--org',
      'user-org',
      '--email',
      'Jane.Doe+Buy@Example.COM',
      '--role',
      'admin',
      '--role',
      'buyer',
      '--json',
    );
    expect(added.code).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({
      email: 'jane.doe+buy@example.com',
      roles: ['admin', 'buyer'],
    });

    const user = await prisma.user.findFirstOrThrow({ where: { email: 'jane.doe+buy@example.com' } });
    const client = await prisma.oAuthClient.create({
      data: {
        organizationId: user.organizationId,
        clientId: 'mpgc_cli_test',
        secretHash: new Uint8Array(32),
      },
    });
    await prisma.accessToken.create({
      data: {
        tokenHash: new Uint8Array(32).fill(7),
        organizationId: user.organizationId,
        userId: user.id,
        clientId: client.id,
        expiresAt: new Date(Date.now() + 300_000),
      },
    });

    const disabled = await cli(
      database.url,
      'user',
      'disable',
      '--org',
      'user-org',
      '--email',
      'JANE.DOE+buy@example.com',
    );
    expect(disabled.code).toBe(0);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).disabledAt).toBeInstanceOf(Date);
    expect(await prisma.accessToken.count({ where: { userId: user.id, revokedAt: null } })).toBe(0);
  });

  it('revokes a client and every token it issued', async () => {
    await cli(database.url, 'org', 'create', 'revoke-org', '--name', 'Revoke Org');
    const created = JSON.parse(
      (await cli(database.url, 'client', 'create', '--org', 'revoke-org', '--json')).stdout,
    );
    const run = await cli(database.url, 'client', 'revoke', created.clientId, '--json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).revokedAt).toEqual(expect.any(String));
    expect(
      (await prisma.oAuthClient.findUniqueOrThrow({ where: { clientId: created.clientId } })).revokedAt,
    ).not.toBeNull();
  });

  it('lists the category tree for import authors, each category with its depth', async () => {
    // The template database is migrated, not seeded: a demo catalog of a few products brings the tree.
    expect((await cli(database.url, 'catalog', 'demo', '--products', '3')).code).toBe(0);
    const run = await cli(database.url, 'catalog', 'categories', '--json');
    expect(run.code).toBe(0);
    const categories = JSON.parse(run.stdout) as Array<{ id: string; depth: number }>;
    expect(categories.length).toBeGreaterThan(5);
    expect(categories).toContainEqual(expect.objectContaining({ id: 'chairs', depth: expect.any(Number) }));
    const human = await cli(database.url, 'catalog', 'categories');
    expect(human.stdout).toMatch(/^id +English \/ German name/);
  });

  it('reports migrations as applied and migrating again as a no-op', async () => {
    const status = await cli(database.url, 'db', 'status', '--json');
    expect(status.code).toBe(0);
    const rows = JSON.parse(status.stdout);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row: { state: string }) => row.state === 'applied')).toBe(true);

    const migrate = await cli(database.url, 'db', 'migrate', '--json');
    expect(migrate.code).toBe(0);
    expect(JSON.parse(migrate.stdout)).toEqual({ applied: [] });
  });

  describe('bad arguments exit non-zero with a clear message and change nothing', () => {
    it.each([
      [['org', 'create', 'Bad Slug!', '--name', 'x'], /^error: <slug> must be 2-64 lower-case letters/],
      [['org', 'create', 'no-name'], /^error: --name is required\n/],
      [['org', 'create', 'no-name', '--name', ''], /^error: --name must not be empty/],
      [
        ['org', 'create', 'ok', '--name', 'x'.repeat(201)],
        /^error: --name is too long: 201 characters, at most 200/,
      ],
      [['org', 'create', 'ACME', 'Corp'], /^error: .*gateway org create acme-corp --name "ACME Corp"\n/],
      [['org', 'create', 'a', 'b', '--name', 'x'], /usage: gateway org create <slug> --name <name>/],
      [['client', 'create'], /^error: --org is required/],
      [
        ['client', 'create', '--org', 'acme', '--callback-origin', 'https://x.example.com/path'],
        /^error: --callback-origin: each callback origin must be scheme:\/\/host/,
      ],
      [['client', 'create', '--org', 'acme', '--callback-origin', 'ftp://x.example.com'], /callback origin/],
      [
        ['user', 'add', '--org', 'acme', '--email', 'not-an-email'],
        /^error: --email must be an e-mail address/,
      ],
      [
        ['user', 'add', '--org', 'acme', '--email', 'a@b.example', '--role', 'root'],
        /^error: --role must be one of buyer, admin, auditor/,
      ],
      [['user', 'disable', '--org', 'acme'], /^error: --email is required/],
      [
        ['user', 'add', '--org', 'acme', '--email', 'a@b.example', '--bogus'],
        /^error: unknown option `--bogus` for `user add`\n/,
      ],
      [
        ['org', 'create', 'acme2', '--name', 'x', '--email', 'a@b.example'],
        /^error: unknown option `--email` for `org create`/,
      ],
      [['frobnicate'], /^error: unknown command `frobnicate`; `gateway --help` lists the commands\n$/],
    ])('%j', async (argv, message) => {
      const before = await counts();
      const run = await cli(database.url, ...argv);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(await counts()).toEqual(before);
    });

    it('fails with exit 1 and no write for an unknown organization, client or duplicate', async () => {
      const before = await counts();
      const unknownOrg = await cli(
        database.url,
        'user',
        'add',
        '--org',
        'nope',
        '--email',
        'a@b.example',
        '--json',
      );
      expect(unknownOrg.code).toBe(1);
      expect(JSON.parse(unknownOrg.stdout)).toEqual({
        error: 'not_found',
        error_description: 'No organization "nope".',
      });
      expect((await cli(database.url, 'client', 'revoke', 'mpgc_nope')).code).toBe(1);
      expect((await cli(database.url, 'org', 'create', 'acme', '--name', 'Again')).stderr).toMatch(
        /already exists/,
      );
      expect(await counts()).toEqual(before);
    });

    it('refuses a malformed environment with exit 78', async () => {
      const run = await cli('mysql://wrong', 'org', 'list');
      expect(run.code).toBe(78);
      expect(run.stderr).toMatch(/DATABASE_URL/);
    });
  });

  it('prints the command overview for --help, and one command with its options for <command> --help', async () => {
    const overview = await cli(database.url, '--help');
    expect(overview.code).toBe(0);
    expect(overview.stdout).toMatch(/^ {2}client rotate-secret +gives a client a new secret/m);
    expect(overview.stdout).toMatch(/^ {2}catalog categories +/m);
    const one = await cli(database.url, 'client', 'create', '--help');
    expect(one.code).toBe(0);
    expect(one.stdout).toMatch(/^Usage: gateway client create --org <slug>/);
    expect(one.stdout).toMatch(/^ {2}--callback-origin <origin> \.\.\. +where punchout carts may be sent/m);
    expect((await cli(database.url, 'help', 'user', 'enable')).stdout).toMatch(/^Usage: gateway user enable/);
  });

  it('shows every command of the overview apart from its summary, within 80 columns', async () => {
    const overview = (await cli(database.url, '--help')).stdout;
    for (const name of COMMANDS.keys()) {
      // Two spaces at least: `client punchout-secretcreates ...` ran the name into its summary.
      expect(overview).toMatch(new RegExp(`^ {2}${name} {2,}\\S`, 'm'));
    }
    const lines = overview.split('\n');
    const summaryColumn = (name: string) => {
      const line = lines.find((l) => l.startsWith(`  ${name} `)) ?? '';
      return line.length - line.slice(2 + name.length).trimStart().length;
    };
    expect(new Set([...COMMANDS.keys()].map(summaryColumn)).size).toBe(1);
    expect(overview.split('\n').filter((line) => line.length > 80)).toEqual([]);
  });

  it('prints lists with a header over aligned columns', async () => {
    await cli(database.url, 'org', 'create', 'list-org', '--name', 'List Org');
    await cli(database.url, 'client', 'create', '--org', 'list-org', '--name', 'SAP SRM');
    await cli(
      database.url,
      'user',
      'add',
      '--org',
      'list-org',
      '--email',
      'lee@list.example',
      '--role',
      'admin',
    );
    const lists: Array<[string[], string[]]> = [
      [
        ['org', 'list'],
        ['slug', 'name'],
      ],
      [
        ['client', 'list', '--org', 'list-org'],
        ['client_id', 'name', 'status', 'created'],
      ],
      [
        ['user', 'list', '--org', 'list-org'],
        ['email', 'roles', 'status'],
      ],
      [
        ['db', 'status'],
        ['state', 'migration'],
      ],
    ];
    for (const [argv, headers] of lists) {
      const run = await cli(database.url, ...argv);
      expect(run.code).toBe(0);
      const [header, ...rows] = run.stdout.trimEnd().split('\n');
      expect(header.trim().split(/ {2,}/)).toEqual(headers);
      expect(rows.length).toBeGreaterThan(0);
      // Every column starts where its header does (no tabs running columns together).
      expect(run.stdout).not.toContain('\t');
      const starts = headers.map((h) => header.indexOf(h));
      for (const row of rows) for (const start of starts.slice(1)) expect(row[start - 1]).toBe(' ');
    }
  });

  describe('a typo gets one line with the closest match and the usage of that command only, exit 2', () => {
    it.each([
      [
        ['clinet', 'list', '--org', 'acme'],
        'unknown command `clinet list`; did you mean `client list`?',
        ['client list'],
      ],
      [
        ['clinet'],
        'unknown command `clinet`; did you mean `client`?',
        [
          'client create',
          'client list',
          'client revoke',
          'client rotate-secret',
          'client punchout-secret',
          'client origins',
          'client punchout-settings',
        ],
      ],
      [
        ['client', 'creat', '--org', 'acme'],
        'unknown command `client creat`; did you mean `client create`?',
        ['client create'],
      ],
      [
        ['client', 'create', '--orgg', 'acme'],
        'unknown option `--orgg` for `client create`; did you mean `--org`?',
        ['client create'],
      ],
      [
        ['user', 'add', '--emial', 'a@b.example'],
        'unknown option `--emial` for `user add`; did you mean `--email`?',
        ['user add'],
      ],
    ])('%j', async (argv, message, usages) => {
      const run = await cli(database.url, ...argv);
      expect(run.code).toBe(2);
      const [first, ...rest] = run.stderr.trimEnd().split('\n');
      expect(first).toBe(`error: ${message}`);
      expect(
        rest
          .filter((line) => line.startsWith('usage: '))
          .map((line) => line.split(' ').slice(2, 4).join(' ')),
      ).toEqual(usages);
      expect(run.stderr.split('\n').length).toBeLessThanOrEqual(usages.length + 3);
    });

    it('answers --json callers with the error as JSON too', async () => {
      const run = await cli(database.url, 'client', 'create', '--orgg', 'acme', '--json');
      expect(run.code).toBe(2);
      expect(JSON.parse(run.stdout)).toEqual({
        error: 'usage',
        error_description: 'unknown option `--orgg` for `client create`; did you mean `--org`?',
      });
    });
  });

  it('enables a disabled user again, recorded in the audit trail; their old tokens stay revoked', async () => {
    await cli(database.url, 'org', 'create', 'enable-org', '--name', 'Enable Org');
    await cli(database.url, 'user', 'add', '--org', 'enable-org', '--email', 'jo@enable.example');
    expect(
      (await cli(database.url, 'user', 'disable', '--org', 'enable-org', '--email', 'jo@enable.example'))
        .code,
    ).toBe(0);
    const enabled = await cli(
      database.url,
      'user',
      'enable',
      '--org',
      'enable-org',
      '--email',
      'jo@enable.example',
      '--json',
    );
    expect(enabled.code).toBe(0);
    expect(JSON.parse(enabled.stdout)).toMatchObject({ email: 'jo@enable.example', disabledAt: null });
    // Enabling again changes nothing and records nothing.
    expect(
      (await cli(database.url, 'user', 'enable', '--org', 'enable-org', '--email', 'jo@enable.example')).code,
    ).toBe(0);
    const types = (
      await prisma.auditEvent.findMany({
        where: { organization: { slug: 'enable-org' } },
        orderBy: { sequence: 'asc' },
      })
    ).map((e) => e.type);
    expect(types).toEqual(['user.added', 'user.disabled', 'user.enabled']);
  });
});
