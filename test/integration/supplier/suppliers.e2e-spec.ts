import { UserRole } from '../../../src/generated/prisma/enums';
import { createCatalog } from '../../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { cli } from '../../support/cli';
import { bodyOf, Json } from '../../support/http';
import { startTestApp, TestApp } from '../../support/test-app';

describe('suppliers', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function organizationWithTokens() {
    const organization = await createOrganization(t.prisma);
    const { client } = await createClient(t.prisma, organization);
    const tokenFor = async (roles: UserRole[]) =>
      issueTestToken(t.prisma, await createUser(t.prisma, organization, { roles }), client);
    return {
      organization,
      admin: await tokenFor([UserRole.admin, UserRole.buyer]),
      buyer: await tokenFor([UserRole.buyer]),
    };
  }

  const suppliers = (token: string, body?: object) =>
    fetch(`${t.baseUrl}/api/v1/suppliers`, {
      method: body ? 'POST' : 'GET',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });

  it('adds marketplace suppliers from the command line and lists them', async () => {
    const added = await cli(
      t.database.url,
      'supplier',
      'add',
      'weidmueller',
      '--name',
      'Weidmüller',
      '--id',
      'duns=315000554',
      '--id',
      'bmecat=WM-1',
      '--json',
    );
    expect(added.code).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({
      slug: 'weidmueller',
      name: 'Weidmüller',
      scope: 'marketplace',
      identifiers: [
        { type: 'duns', value: '315000554' },
        { type: 'bmecat', value: 'WM-1' },
      ],
      createdBy: expect.stringMatching(/^cli:/),
    });
    const listed = await cli(t.database.url, 'supplier', 'list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^weidmueller\s+Weidmüller\s+marketplace\s+duns=315000554 bmecat=WM-1$/m);

    const again = await cli(t.database.url, 'supplier', 'add', 'weidmueller', '--name', 'Other');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('A supplier with the slug "weidmueller" already exists.');
  });

  it('refuses bad usage with exit 2 before anything is written', async () => {
    const before = await t.prisma.supplier.count();
    const cases = [
      ['supplier', 'add', 'Bad Slug', '--name', 'X'],
      ['supplier', 'add', 'ok-slug'],
      ['supplier', 'add', 'ok-slug', '--name', '  '],
      ['supplier', 'add', 'ok-slug', '--name', 'X', '--id', 'novalue'],
    ];
    for (const argv of cases) {
      const run = await cli(t.database.url, ...argv);
      expect({ argv, code: run.code }).toEqual({ argv, code: 2 });
    }
    expect(await t.prisma.supplier.count()).toBe(before);
  });

  it("lets an organization's admins add their own suppliers, which no other organization sees", async () => {
    const acme = await organizationWithTokens();
    const globex = await organizationWithTokens();
    await cli(t.database.url, 'supplier', 'add', 'public-supplier', '--name', 'Public Supplier');

    const created = await suppliers(acme.admin, { slug: 'acme-contract-supplier', name: 'Kontrakt GmbH' });
    expect(created.status).toBe(201);
    expect(await bodyOf(created)).toMatchObject({
      slug: 'acme-contract-supplier',
      name: 'Kontrakt GmbH',
      scope: 'organization',
      identifiers: [],
    });
    // Recorded in the organization's audit trail.
    const events = await t.prisma.auditEvent.findMany({
      where: { organizationId: acme.organization.id, type: 'supplier.added' },
    });
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({
      supplier: { slug: 'acme-contract-supplier', name: 'Kontrakt GmbH' },
    });

    const slugs = async (token: string) =>
      ((await bodyOf(await suppliers(token))) as Json[]).map((s) => s.slug);
    expect(await slugs(acme.admin)).toEqual(
      expect.arrayContaining(['acme-contract-supplier', 'public-supplier']),
    );
    expect(await slugs(globex.admin)).toContain('public-supplier');
    expect(await slugs(globex.admin)).not.toContain('acme-contract-supplier');

    // Another organization may have a supplier of the same name; the marketplace's names are taken.
    expect((await suppliers(globex.admin, { slug: 'globex-kontrakt', name: 'Kontrakt GmbH' })).status).toBe(
      201,
    );
    const taken = await suppliers(acme.admin, { slug: 'acme-public-copy', name: 'Public Supplier' });
    expect(taken.status).toBe(409);
    expect(await bodyOf(taken)).toEqual({
      error: 'conflict',
      error_description: 'A supplier named "Public Supplier" already exists.',
    });
  });

  it('answers buyers with 403 and malformed suppliers with 400', async () => {
    const { buyer, admin } = await organizationWithTokens();
    expect((await suppliers(buyer)).status).toBe(403);
    expect((await suppliers(buyer, { slug: 'x-buyer', name: 'X' })).status).toBe(403);
    for (const body of [
      { slug: 'A', name: 'X' },
      { slug: 'ok-slug-2' },
      { slug: 'ok-slug-2', name: 'X', extra: 1 },
      { slug: 'ok-slug-2', name: 'tab\there' },
      { slug: 'ok-slug-2', name: 'X', identifiers: [{ type: 'duns' }] },
    ]) {
      const refused = await suppliers(admin, body);
      expect({ body, status: refused.status }).toEqual({ body, status: 400 });
      expect((await bodyOf(refused)).error).toBe('invalid_request');
    }
  });

  it("makes an offer's vendor its supplier's name, and a vendor name an import gives a marketplace supplier", async () => {
    await createCatalog(t.prisma, [
      {
        id: 'sup-1',
        name: 'Kabel',
        categoryId: 'chairs',
        offers: [{ price: '1.00', vendor: 'Neuer Händler' }],
      },
    ]);
    const supplier = await t.prisma.supplier.findFirstOrThrow({ where: { name: 'Neuer Händler' } });
    expect(supplier).toMatchObject({ slug: 'neuer-handler', organizationId: null, createdBy: 'import' });
    const offer = await t.prisma.offer.findUniqueOrThrow({ where: { id: 'sup-1-o1' } });
    expect(offer).toMatchObject({ supplierId: supplier.id, vendor: 'Neuer Händler' });

    // A written vendor that disagrees with the supplier is replaced by the supplier's name.
    await t.prisma.$executeRaw`UPDATE offer SET vendor = 'Something else' WHERE id = 'sup-1-o1'`;
    expect((await t.prisma.offer.findUniqueOrThrow({ where: { id: 'sup-1-o1' } })).vendor).toBe(
      'Neuer Händler',
    );
    // Renaming the supplier renames its offers' vendor.
    await t.prisma.supplier.update({ where: { id: supplier.id }, data: { name: 'Neuer Händler AG' } });
    expect((await t.prisma.offer.findUniqueOrThrow({ where: { id: 'sup-1-o1' } })).vendor).toBe(
      'Neuer Händler AG',
    );
  });
});
