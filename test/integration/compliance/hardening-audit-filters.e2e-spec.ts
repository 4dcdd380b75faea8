import { AuditService } from '../../../src/audit/audit.service';
import { UserRole } from '../../../src/generated/prisma/enums';
import { createPunchoutSession } from '../../factories/audit.factory';
import { createCatalog } from '../../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { consoleCookie } from '../../support/console-sign-in';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * The review filters that become LIKE patterns (reference, product name, actor), on the console
 * and the API, tried with what breaks a pattern: the escape character, wildcards, NUL.
 */
describe('hardening: text filters of the audit review', () => {
  let t: TestApp;
  let token: string;
  let cookie: string;
  let reference: string;

  beforeAll(async () => {
    t = await startTestApp();
    const audit = t.app.get(AuditService);
    const organization = await createOrganization(t.prisma);
    const { client } = await createClient(t.prisma, organization);
    const auditor = await createUser(t.prisma, organization, { roles: [UserRole.auditor] });
    const buyer = await createUser(t.prisma, organization);
    await createCatalog(t.prisma, [
      { id: 'flt-percent', name: '100% recycled paper', categoryId: 'paper', offers: [{ price: '5.00' }] },
      { id: 'flt-plain', name: 'Copy paper A4', categoryId: 'paper', offers: [{ price: '4.00' }] },
      { id: 'flt-under', name: 'Paper_roll 57mm', categoryId: 'paper', offers: [{ price: '3.00' }] },
    ]);
    const session = { organization, client, user: buyer, status: 'OPENED' as const };
    reference = (await createPunchoutSession(t.prisma, audit, { ...session, productId: 'flt-percent' }))
      .publicId;
    await createPunchoutSession(t.prisma, audit, { ...session, productId: 'flt-plain' });
    await createPunchoutSession(t.prisma, audit, { ...session, productId: 'flt-under' });
    token = await issueTestToken(t.prisma, auditor, client);
    cookie = await consoleCookie(t, auditor);
  });
  afterAll(() => t?.close());

  const api = (query: string) =>
    fetch(`${t.baseUrl}/api/v1/audit/sessions?${query}`, { headers: bearer(token) });
  const consolePage = (path: string) => fetch(`${t.baseUrl}/audit/console${path}`, { headers: { cookie } });
  const names = async (query: string) => {
    const response = await api(query);
    expect(response.status).toBe(200);
    const page = (await response.json()) as { items: Array<{ productName: string }> };
    return page.items.map((item) => item.productName).sort();
  };

  it('takes the escape character as text: reference=\\ and %\\ match nothing, never a 500', async () => {
    for (const value of ['%5C', '%25%5C', 'a%5C', '%5C%5C']) {
      expect(await names(`reference=${value}`)).toEqual([]);
      expect(await names(`product=${value}`)).toEqual([]);
      const page = await consolePage(`/sessions?reference=${value}`);
      expect(page.status).toBe(200);
      expect(await page.text()).not.toMatch(/data-session-id=/);
      expect((await consolePage(`/administration?actor=${value}`)).status).toBe(200);
    }
  });

  it('takes wildcards as text: % and _ match only names that contain them', async () => {
    expect(await names('product=%25')).toEqual(['100% recycled paper']);
    expect(await names('product=_')).toEqual(['Paper_roll 57mm']);
    expect(await names('product=paper')).toEqual(['100% recycled paper', 'Copy paper A4', 'Paper_roll 57mm']);
    expect(await names('reference=%25')).toEqual([]);
    expect(await names(`reference=${reference.toLowerCase()}`)).toEqual(['100% recycled paper']);
  });

  it('answers a NUL in a text filter with 400 naming the filter', async () => {
    for (const name of ['reference', 'product']) {
      const response = await api(`${name}=a%00b`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: 'invalid_request',
        error_description: expect.stringContaining(`${name} must be text without a NUL`),
      });
      const page = await consolePage(`/sessions?${name}=%00`);
      expect(page.status).toBe(400);
      expect(await page.text()).toContain(`${name} must be text without a NUL`);
    }
    const administration = await consolePage('/administration?actor=%00');
    expect(administration.status).toBe(400);
    expect(await administration.text()).toContain('actor must be text without a NUL');
  });
});
