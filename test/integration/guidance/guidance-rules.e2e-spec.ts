import { UserRole } from '../../../src/generated/prisma/enums';
import { createCatalog } from '../../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { bodyOf } from '../../support/http';
import { startTestApp, TestApp } from '../../support/test-app';

describe('guidance rules API', () => {
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
      auditor: await tokenFor([UserRole.auditor]),
    };
  }

  const rules = (token: string, init: RequestInit = {}, path = '') =>
    fetch(`${t.baseUrl}/api/v1/guidance/rules${path}`, {
      ...init,
      headers: { ...bearer(token), 'content-type': 'application/json', ...(init.headers ?? {}) },
    });
  const create = (token: string, rule: object) =>
    rules(token, { method: 'POST', body: JSON.stringify(rule) });

  it('lets an admin add, list and disable rules, keeping disabled ones in the history', async () => {
    const { admin, organization } = await organizationWithTokens();
    const created = await create(admin, {
      effect: 'blocked',
      matcher: 'price_above',
      value: '250',
      currency: 'EUR',
      note: 'Needs approval above 250 EUR',
    });
    expect(created.status).toBe(201);
    const rule = await bodyOf(created);
    expect(rule).toMatchObject({
      effect: 'blocked',
      matcher: 'price_above',
      value: '250',
      currency: 'EUR',
      note: 'Needs approval above 250 EUR',
      createdBy: expect.stringMatching(/@example\.com$/),
    });
    expect(await t.prisma.guidanceRule.count({ where: { organizationId: organization.id } })).toBe(1);

    expect((await bodyOf(await rules(admin))).map((r: { id: string }) => r.id)).toEqual([rule.id]);

    const disabled = await rules(admin, { method: 'DELETE' }, `/${rule.id}`);
    expect(disabled.status).toBe(200);
    expect((await bodyOf(disabled)).disabledAt).toEqual(expect.any(String));
    expect(await bodyOf(await rules(admin))).toEqual([]);
    const history = await bodyOf(await rules(admin, {}, '?includeDisabled=true'));
    expect(history).toEqual([expect.objectContaining({ id: rule.id, disabledBy: rule.createdBy })]);
    expect(await t.prisma.guidanceRule.count({ where: { organizationId: organization.id } })).toBe(1);

    expect((await rules(admin, { method: 'DELETE' }, `/${rule.id}`)).status).toBe(200); // idempotent
  });

  it('answers buyers and auditors with 403 and callers without a token with 401', async () => {
    const { buyer, auditor } = await organizationWithTokens();
    for (const token of [buyer, auditor]) {
      const listed = await rules(token);
      expect(listed.status).toBe(403);
      expect((await bodyOf(listed)).error).toBe('insufficient_scope');
      expect((await create(token, { effect: 'blocked', matcher: 'vendor', value: 'X' })).status).toBe(403);
    }
    expect((await fetch(`${t.baseUrl}/api/v1/guidance/rules`)).status).toBe(401);
  });

  it("keeps organizations apart: no listing, no disabling of another organization's rules", async () => {
    const a = await organizationWithTokens();
    const b = await organizationWithTokens();
    const ruleOfB = await bodyOf(
      await create(b.admin, { effect: 'preferred', matcher: 'vendor', value: 'B Supplies' }),
    );

    expect(await bodyOf(await rules(a.admin))).toEqual([]);
    const attempt = await rules(a.admin, { method: 'DELETE' }, `/${ruleOfB.id}`);
    expect(attempt.status).toBe(404);
    expect(
      (await t.prisma.guidanceRule.findUniqueOrThrow({ where: { id: ruleOfB.id } })).disabledAt,
    ).toBeNull();
  });

  it.each([
    [{ effect: 'favourite', matcher: 'vendor', value: 'X' }, /effect must be preferred or blocked/],
    [{ effect: 'blocked', matcher: 'colour', value: 'red' }, /matcher must be one of/],
    [{ effect: 'blocked', matcher: 'vendor' }, /value/],
    [{ effect: 'blocked', matcher: 'price_above', value: '100' }, /currency must be an ISO 4217 code/],
    [{ effect: 'blocked', matcher: 'price_above', value: 'cheap', currency: 'EUR' }, /must be a unit price/],
    [
      { effect: 'blocked', matcher: 'vendor', value: 'X', currency: 'EUR' },
      /currency applies only to matcher price_above/,
    ],
    [{ effect: 'blocked', matcher: 'unspsc_prefix', value: '44-12' }, /2 to 8 digits/],
    [{ effect: 'blocked', matcher: 'condition', value: 'broken' }, /new, used, collectible or refurbished/],
    [{ effect: 'blocked', matcher: 'category', value: 'Office Supplies' }, /category id/],
    [{ effect: 'blocked', matcher: 'vendor', value: 'X', extra: 1 }, /property extra should not exist/],
  ])('rejects %j with 400 and writes nothing', async (rule, message) => {
    const { admin, organization } = await organizationWithTokens();
    const response = await create(admin, rule);
    expect(response.status).toBe(400);
    const body = await bodyOf(response);
    expect(body.error).toBe('invalid_request');
    expect(body.error_description).toMatch(message);
    expect(await t.prisma.guidanceRule.count({ where: { organizationId: organization.id } })).toBe(0);
  });

  it("takes a category rule only for a category of the catalog's tree, any while the catalog has none", async () => {
    const { admin } = await organizationWithTokens();
    // This file's database starts without categories: a rule may name a category to come.
    expect(await t.prisma.category.count()).toBe(0);
    const early = await create(admin, { effect: 'preferred', matcher: 'category', value: 'to-come' });
    expect(early.status).toBe(201);

    await createCatalog(t.prisma, []); // the category tree
    const known = await create(admin, { effect: 'blocked', matcher: 'category', value: 'filing' });
    expect(known.status).toBe(201);
    const unknown = await create(admin, { effect: 'blocked', matcher: 'category', value: 'fliing' });
    expect(unknown.status).toBe(400);
    expect((await bodyOf(unknown)).error_description).toBe(
      'value for matcher category names no category of the catalog: "fliing"',
    );
  });

  it('answers a malformed rule id with 400 and an unknown one with 404', async () => {
    const { admin } = await organizationWithTokens();
    expect((await rules(admin, { method: 'DELETE' }, '/not-a-uuid')).status).toBe(400);
    const unknown = await rules(admin, { method: 'DELETE' }, '/7c1b3f9e-4a8d-4c2b-9f1e-2d3c4b5a6978');
    expect(unknown.status).toBe(404);
    expect((await bodyOf(unknown)).error).toBe('not_found');
  });
});
