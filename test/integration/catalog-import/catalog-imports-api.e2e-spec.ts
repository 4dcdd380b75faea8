import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserRole } from '../../../src/generated/prisma/enums';
import { bmecat } from '../../factories/bmecat.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { cli } from '../../support/cli';
import { bodyOf, Json } from '../../support/http';
import { startTestApp, TestApp } from '../../support/test-app';

const EXAMPLES = join(__dirname, '../../../docs/examples');
const MAX_BYTES = 16_384;

describe('catalog imports over the API (organization administrators)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { CATALOG_IMPORT_MAX_BYTES: String(MAX_BYTES) } });
    expect(
      (await cli(t.database.url, 'supplier', 'add', 'nord', '--name', 'Büroversand Nord GmbH')).code,
    ).toBe(0);
    expect((await cli(t.database.url, 'supplier', 'add', 'alpha', '--name', 'Alpha Elektro')).code).toBe(0);
  });
  afterAll(() => t.close());

  async function organizationWithTokens() {
    const organization = await createOrganization(t.prisma);
    const { client } = await createClient(t.prisma, organization);
    const tokenFor = async (roles: UserRole[]) =>
      issueTestToken(t.prisma, await createUser(t.prisma, organization, { roles }), client);
    return { organization, admin: await tokenFor([UserRole.admin]), buyer: await tokenFor([UserRole.buyer]) };
  }

  const upload = (token: string, query: string, body: string | Buffer, type = 'application/xml') =>
    fetch(`${t.baseUrl}/api/v1/catalog/imports?${query}`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': type },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });
  const status = (token: string, id: string) =>
    fetch(`${t.baseUrl}/api/v1/catalog/imports/${id}`, { headers: bearer(token) });
  /** Polls until the import is no longer running. */
  async function finished(token: string, id: string): Promise<Json> {
    for (let i = 0; i < 200; i++) {
      const body = await bodyOf(await status(token, id));
      if (body.status !== 'running') return body;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`import ${id} still running`);
  }

  it('answers 202 with an id, imports the contract catalog and reports it on GET, audited', async () => {
    const { organization, admin } = await organizationWithTokens();
    const cif = readFileSync(join(EXAMPLES, 'cif-3.0-office-supplies.cif'));
    const accepted = await upload(admin, 'supplier=nord', cif, 'text/plain');
    expect(accepted.status).toBe(202);
    const { id, status: first } = await bodyOf(accepted);
    expect(first).toBe('running');
    const done = await finished(admin, id);
    expect(done).toMatchObject({
      id,
      status: 'applied',
      finishedAt: expect.any(String),
      report: {
        format: 'cif',
        supplier: { slug: 'nord' },
        organization: organization.slug,
        applied: true,
        offers: { created: expect.any(Number) },
      },
    });
    expect(done.report.offers.created).toBeGreaterThan(0);
    // The punchout-only item is rejected with its reason.
    expect(done.report.rejected.map((r: Json) => r.item)).toContain('BVN-9000');
    expect(await t.prisma.offer.count({ where: { organizationId: organization.id, importId: id } })).toBe(
      done.report.offers.created,
    );
    const events = await t.prisma.auditEvent.findMany({
      where: { organizationId: organization.id, type: 'catalog.imported' },
    });
    expect(events).toHaveLength(1);
    expect(events[0].actorUserId).not.toBeNull();
    expect(events[0].payload).toMatchObject({
      import: id,
      applied: true,
      file: { sha256: done.report.file.sha256 },
    });
  });

  it('reports a truncated file as failed with nothing written', async () => {
    const { organization, admin } = await organizationWithTokens();
    const whole = bmecat([
      { pid: 'X-1', name: 'Kabel', price: '1.00' },
      { pid: 'X-2', name: 'Kabel 2', price: '2.00' },
    ]);
    const accepted = await upload(admin, 'supplier=alpha', whole.slice(0, whole.length - 40));
    expect(accepted.status).toBe(202);
    const done = await finished(admin, (await bodyOf(accepted)).id);
    expect(done).toMatchObject({
      status: 'failed',
      report: { applied: false, error: expect.stringMatching(/line \d+/) },
    });
    expect(await t.prisma.offer.count({ where: { organizationId: organization.id } })).toBe(0);
    const events = await t.prisma.auditEvent.findMany({
      where: { organizationId: organization.id, type: 'catalog.imported' },
    });
    expect(events.map((e) => (e.payload as Json).applied)).toEqual([false]);
  });

  it('refuses buyers, unknown suppliers, bodies that are too large or of another type, and other organizations', async () => {
    const acme = await organizationWithTokens();
    const globex = await organizationWithTokens();
    const small = bmecat([{ pid: 'S-1', name: 'Schalter', price: '3.00' }]);
    expect((await upload(acme.buyer, 'supplier=alpha', small)).status).toBe(403);
    const unknown = await upload(acme.admin, 'supplier=nobody', small);
    expect([unknown.status, (await bodyOf(unknown)).error]).toEqual([404, 'not_found']);
    const noSupplier = await upload(acme.admin, '', small);
    expect([noSupplier.status, (await bodyOf(noSupplier)).error]).toEqual([400, 'invalid_request']);
    const big = await upload(acme.admin, 'supplier=alpha', `${small}${' '.repeat(MAX_BYTES)}`);
    expect([big.status, (await bodyOf(big)).error]).toEqual([413, 'request_too_large']);
    const json = await upload(acme.admin, 'supplier=alpha', '{"a":1}', 'application/json');
    expect(json.status).toBe(400);
    const pdf = await upload(acme.admin, 'supplier=alpha', small, 'application/pdf');
    expect(pdf.status).toBe(415);
    // XML elsewhere is still refused.
    const elsewhere = await fetch(`${t.baseUrl}/api/v1/guidance/rules`, {
      method: 'POST',
      headers: { ...bearer(acme.admin), 'content-type': 'application/xml' },
      body: small,
    });
    expect(elsewhere.status).toBe(415);
    expect(await t.prisma.catalogImport.count({ where: { organizationId: acme.organization.id } })).toBe(0);

    const accepted = await bodyOf(await upload(acme.admin, 'supplier=alpha', small));
    await finished(acme.admin, accepted.id);
    const foreign = await status(globex.admin, accepted.id);
    expect([foreign.status, (await bodyOf(foreign)).error]).toEqual([404, 'not_found']);
  });
});
