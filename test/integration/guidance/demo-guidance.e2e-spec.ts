import { demoProductId } from '../../../src/catalog/demo/demo-catalog.generator';
import { DEMO_CATALOG_SEED, DEMO_GUIDANCE_RULES, DemoSeedService } from '../../../src/demo/demo-seed.service';
import { bearer, issueTestToken } from '../../support/auth';
import { Json, bodyOf } from '../../support/http';
import { startTestApp, TestApp } from '../../support/test-app';

const PRODUCTS = 300;

describe('demo buying guidance', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { DEMO_CATALOG_PRODUCTS: String(PRODUCTS) } });
    await t.app.get(DemoSeedService).seedIfEmpty();
    const user = await t.prisma.user.findFirstOrThrow({ where: { email: 'buyer@demo.example' } });
    const client = await t.prisma.oAuthClient.findFirstOrThrow({
      where: { organizationId: user.organizationId },
    });
    token = await issueTestToken(t.prisma, user, client);
  });
  afterAll(() => t.close());

  it('gives the demo organization its rule set on first start', async () => {
    const rules = await t.prisma.guidanceRule.findMany({
      where: { organization: { slug: 'demo' } },
      orderBy: { createdAt: 'asc' },
    });
    expect(rules.map((r) => [r.effect, r.matcher, r.value, r.currency])).toEqual(
      DEMO_GUIDANCE_RULES.map((r) => [r.effect, r.matcher, r.value, r.currency ?? null]),
    );
    expect(rules.every((r) => r.createdBy === 'demo-seed' && r.disabledAt === null)).toBe(true);
  });

  it('makes every demo rule match real demo offers, so the demo shows both flags', async () => {
    const offers: Array<{ product: Json; offer: Json }> = [];
    const fetchProduct = async (index: number) => {
      const response = await fetch(
        `${t.baseUrl}/api/v1/marketplace/product/${demoProductId(DEMO_CATALOG_SEED, index)}`,
        { headers: bearer(token) },
      );
      expect(response.status).toBe(200);
      return bodyOf(response);
    };
    for (let start = 0; start < PRODUCTS; start += 20) {
      const batch = Array.from({ length: 20 }, (_, i) => fetchProduct(start + i));
      for (const product of await Promise.all(batch)) {
        for (const offer of product.offers) offers.push({ product, offer });
      }
    }
    const some = (test: (entry: { product: Json; offer: Json }) => boolean) => offers.some(test);
    expect(some(({ offer }) => offer.vendor === 'Büroprofi Schneider GmbH' && offer.preferred)).toBe(true);
    expect(some(({ offer }) => offer.vendor === 'Kabelwerk Versand' && offer.blocked)).toBe(true);
    expect(some(({ offer }) => offer.condition === 'used' && offer.blocked)).toBe(true);
    expect(some(({ offer }) => offer.price.amount > 500 && offer.blocked)).toBe(true);
    expect(
      some(({ product, offer }) => product.taxonomies?.[0]?.code?.startsWith('432119') && offer.blocked),
    ).toBe(true);
    expect(some(({ offer }) => !offer.blocked && !offer.preferred)).toBe(true);
  });
});
