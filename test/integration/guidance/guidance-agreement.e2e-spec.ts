import Decimal from 'decimal.js';
import fc from 'fast-check';
import { netAmount } from '../../../src/catalog/vat';
import { GuidanceRuleSpec } from '../../../src/guidance/guidance-evaluator';
import { SearchGuidanceProvider } from '../../../src/guidance/search-guidance';
import { ProductService } from '../../../src/product/product.service';
import { PRICE_RANGES } from '../../../src/search/search-facets.builder';
import { SearchService } from '../../../src/search/search.service';
import { OfferSpec, ProductSpec, createCatalog } from '../../factories/catalog.factory';
import { createOrganization } from '../../factories/identity.factory';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * Buying guidance has two forms (guidance-matchers.ts): in memory for product details, in SQL for
 * search. This property test generates rule sets (every matcher, both effects, product- and
 * offer-level) and small catalogs (several offers per product, currencies, prices around the range
 * bounds, categories, brands, vendors, conditions), loads them into PostgreSQL, and checks that
 * search (the real search service and SQL) and details (the real product service and evaluator)
 * agree on every product flag, every offer flag and order, and the shown price, and that every
 * price filter and price facet value holds for the shown price in the marketplace currency.
 *
 * One app and database for all runs; each run gets fresh product ids and a fresh organization
 * (so no cache can answer from an earlier run) and the catalog is emptied between runs. A failure
 * prints fast-check's seed and path: rerun with `fc.assert(..., { seed, path })` to reproduce.
 */

const CURRENCY = 'EUR';
const WORD = 'agreement';
const NUM_RUNS = Number(process.env.GUIDANCE_PROPERTY_RUNS ?? 200);

const VENDORS = ['Budget Office', 'Preferred Supplies', 'Shady Trading', 'Möbelwerk'];
const BRANDS = ['Leitz', 'Pelikan', 'Stabilo'];
/** Leaf categories of the built-in tree and, for rules, their ancestors and an unrelated one. */
const CATEGORIES = ['paper', 'writing', 'desk-accessories', 'cables', 'peripherals'];
const RULE_CATEGORIES = [...CATEGORIES, 'office', 'it', 'chairs'];
const UNSPSC = ['44121701', '44121600', '44122000', '43211700', '26121600'];
const CONDITIONS = ['new', 'used', 'refurbished', 'collectible'] as const;
const CURRENCIES = [CURRENCY, CURRENCY, CURRENCY, 'USD', 'CHF'];
/** Prices at and around the bounds of the price facet's ranges, and in between. */
const BOUNDARY_PRICES = [
  '0.5',
  '9.9999',
  '10',
  '10.0001',
  '24.99',
  '25',
  '50',
  '99.5',
  '100',
  '250',
  '500',
  '750',
];

/** A name as an admin might type it: other case, surrounding spaces do not matter. */
const spelledAs = (name: string) =>
  fc
    .constantFrom<(s: string) => string>(
      (s) => s,
      (s) => s.toUpperCase(),
      (s) => s.toLowerCase(),
    )
    .map((spell) => spell(name));

const priceArb = fc.oneof(
  fc.constantFrom(...BOUNDARY_PRICES),
  fc.integer({ min: 1, max: 80_000 }).map((cents) => (cents / 100).toFixed(2)),
);

/** Net quotes with and without a stated rate, and gross quotes: comparisons must read net prices. */
const TAX = [
  { vatRate: null, priceIncludesVat: false },
  { vatRate: '19', priceIncludesVat: false },
  { vatRate: '19', priceIncludesVat: true },
  { vatRate: '7', priceIncludesVat: true },
] as const;

const offerArb: fc.Arbitrary<OfferSpec> = fc
  .record({
    price: priceArb,
    currency: fc.constantFrom(...CURRENCIES),
    vendor: fc.constantFrom(...VENDORS),
    condition: fc.constantFrom(...CONDITIONS),
    tax: fc.constantFrom(...TAX),
  })
  .map(({ tax, ...offer }) => ({ ...offer, ...tax }));

/** An offer of product details: its price as quoted and the tax label derived from its facts. */
interface QuotedOffer {
  price: { amount: number };
  priceTaxLabel?: string;
}

/** The catalog's net price of an offer (4 decimals: what filters and facets compare), from its tax label. */
function catalogNetOf(offer: QuotedOffer): number {
  const gross = /^incl\. (\d+)% VAT$/.exec(offer.priceTaxLabel ?? '');
  const facts = gross
    ? { vatRate: gross[1], priceIncludesVat: true }
    : { vatRate: null, priceIncludesVat: false };
  return netAmount(String(offer.price.amount), facts).toNumber();
}

/** THE unit price search lists for an offer, by this test's arithmetic: its net, rounded half-up to the cent. */
function listedPriceOf(offer: QuotedOffer): number {
  const gross = /^incl\. (\d+)% VAT$/.exec(offer.priceTaxLabel ?? '');
  const amount = new Decimal(String(offer.price.amount));
  const net = gross ? amount.times(100).dividedBy(100 + Number(gross[1])) : amount;
  return net.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();
}

/** A product without id (assigned per run) with 1 to 4 offers. */
const productArb: fc.Arbitrary<ProductShape> = fc.record({
  categoryId: fc.constantFrom(...CATEGORIES),
  brand: fc.option(fc.constantFrom(...BRANDS), { nil: null }),
  unspsc: fc.option(fc.constantFrom(...UNSPSC), { nil: null }),
  offers: fc.array(offerArb, { minLength: 1, maxLength: 4 }),
});
interface ProductShape {
  categoryId: string;
  brand: string | null;
  unspsc: string | null;
  offers: OfferSpec[];
}

/** A rule; `product` and `product_code` name a product by its index in the catalog (resolved per run). */
type GeneratedRule = Omit<GuidanceRuleSpec, 'id'> & { productIndex?: number };

const ruleArb: fc.Arbitrary<GeneratedRule> = fc
  .tuple(
    fc.constantFrom('preferred' as const, 'blocked' as const),
    fc.oneof(
      fc
        .constantFrom(...VENDORS, 'Nobody Sells This')
        .chain(spelledAs)
        .map((value) => ({ matcher: 'vendor', value })),
      fc.nat(7).map((productIndex) => ({ matcher: 'product', value: '', productIndex })),
      fc.nat(7).map((productIndex) => ({ matcher: 'product_code', value: '', productIndex })),
      fc
        .constantFrom(...BRANDS)
        .chain(spelledAs)
        .map((value) => ({ matcher: 'brand', value })),
      fc.constantFrom(...RULE_CATEGORIES).map((value) => ({ matcher: 'category', value })),
      fc
        .constantFrom('44', '4412', '441217', '43', '2612')
        .map((value) => ({ matcher: 'unspsc_prefix', value })),
      fc.constantFrom(...CONDITIONS).map((value) => ({ matcher: 'condition', value })),
      fc
        .record({
          value: fc.constantFrom('5', '9.9999', '10', '25', '99.99', '250'),
          currency: fc.constantFrom('EUR', 'USD'),
        })
        .map((r) => ({ matcher: 'price_above', ...r })),
    ),
  )
  .map(([effect, rule]) => ({ effect, ...rule }) as GeneratedRule);

/** A price facet selection: one or two of the listed ranges, or an arbitrary one. */
const priceFilterArb = fc.oneof(
  fc.uniqueArray(fc.constantFrom(...PRICE_RANGES), { minLength: 1, maxLength: 2 }),
  fc
    .tuple(fc.integer({ min: 0, max: 600 }), fc.option(fc.integer({ min: 1, max: 600 }), { nil: undefined }))
    .map(([from, width]) => [width === undefined ? `${from}-` : `${from}-${from + width}`]),
);

function inRange(range: string, amount: number): boolean {
  const [from, to] = range.split('-');
  return amount >= Number(from) && (to === '' || amount < Number(to));
}

describe('buying guidance: search and product details agree (property-based)', () => {
  let t: TestApp;
  let search: SearchService;
  let details: ProductService;
  let guidance: SearchGuidanceProvider;
  let run = 0;

  beforeAll(async () => {
    t = await startTestApp({ env: { MARKETPLACE_CURRENCY: CURRENCY } });
    await createCatalog(t.prisma, []); // the category tree
    search = t.app.get(SearchService);
    details = t.app.get(ProductService);
    guidance = t.app.get(SearchGuidanceProvider);
  });
  afterAll(() => t?.close());

  async function load(products: ProductShape[], rules: GeneratedRule[]) {
    run += 1;
    await t.prisma.$executeRaw`DELETE FROM product`;
    const specs: ProductSpec[] = products.map((product, i) => ({
      ...product,
      id: `r${run}-p${i}`,
      productCode: `R${run}-CODE-${i}`,
      name: `Item ${i}`,
      features: [WORD],
    }));
    await createCatalog(t.prisma, specs);
    const organization = await createOrganization(t.prisma);
    const resolved = rules.map((rule) => {
      if (rule.productIndex === undefined) return rule;
      const target = specs[rule.productIndex % specs.length];
      return { ...rule, value: rule.matcher === 'product' ? target.id : target.productCode!.toLowerCase() };
    });
    if (resolved.length > 0) {
      await t.prisma.guidanceRule.createMany({
        data: resolved.map(({ effect, matcher, value, currency }) => ({
          organizationId: organization.id,
          effect,
          matcher,
          value,
          currency: currency ?? null,
          createdBy: 'property@test',
        })),
      });
    }
    return { specs, organizationId: organization.id };
  }

  const searchFor = (organizationId: string, filters: Record<string, string[]> = {}) =>
    search.search(
      { query: WORD, page: 1, pageSize: 24, sort: 'relevance', filters },
      { organizationId, userId: 'agreement', clientId: 'agreement' },
      'en',
      null,
    );

  it(`agrees on flags, offer order and shown price; price filters and facets hold for the shown price (${NUM_RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(productArb, { minLength: 1, maxLength: 8 }),
        fc.array(ruleArb, { maxLength: 8 }),
        priceFilterArb,
        async (products, rules, priceFilter) => {
          const { specs, organizationId } = await load(products, rules);

          // Details: the evaluator's verdict per product, offers in buyer order.
          const fromDetails = new Map(
            await Promise.all(
              specs.map(
                async (spec) => [spec.id, await details.details(spec.id, organizationId, 'en')] as const,
              ),
            ),
          );

          // Every offer flag and the offer order, from the search SQL's own predicates.
          const compiled = await guidance.forOrganization(organizationId);
          const rows = await t.prisma.$queryRaw<
            Array<{ product_id: string; id: string; blocked: boolean; preferred: boolean }>
          >`
            SELECT o.product_id, o.id, ${compiled.offerBlocked} AS blocked, ${compiled.offerPreferred} AS preferred
              FROM offer o JOIN product p ON p.id = o.product_id
             ORDER BY o.product_id, ${compiled.offerOrder(CURRENCY)}`;
          for (const spec of specs) {
            const inSql = rows.filter((row) => row.product_id === spec.id);
            const inMemory = fromDetails.get(spec.id)!.offers!;
            expect(inSql.map((row) => [row.id, row.preferred, row.blocked])).toEqual(
              inMemory.map((offer) => [offer.id, offer.preferred, offer.blocked]),
            );
          }

          // Search: every product found, with the flags and shown offer details give.
          const all = await searchFor(organizationId);
          expect(all.count).toEqual({ value: specs.length, relation: 'eq' });
          const shownPrices = new Map<string, number | null>();
          for (const result of all.data ?? []) {
            const product = fromDetails.get(result.id)!;
            const first = product.offers![0];
            expect({
              id: result.id,
              preferred: result.preferred,
              blocked: result.blocked,
              vendor: result.vendor,
              price: result.price.amount,
              currency: result.price.currency,
            }).toEqual({
              id: product.id,
              preferred: first.preferred,
              blocked: first.blocked,
              vendor: first.vendor,
              price: listedPriceOf(first),
              currency: first.price.currency,
            });
            // A gross quote is listed beside its net price, as the vendor quotes it.
            expect(result.quotedPrice?.amount).toBe(
              /^incl\./.test(first.priceTaxLabel ?? '') ? first.price.amount : undefined,
            );
            // A result is blocked exactly when no offer can be bought.
            expect(result.blocked).toBe(product.offers!.every((offer) => offer.blocked));
            shownPrices.set(result.id, result.price.currency === CURRENCY ? catalogNetOf(first) : null);
          }
          expect(shownPrices.size).toBe(specs.length);

          // The price facet lists exactly the ranges some shown net price (in the currency) falls in.
          const priceFacet = all.facets?.find((facet) => facet.id === 'price');
          const expectedRanges = PRICE_RANGES.filter((range) =>
            [...shownPrices.values()].some((amount) => amount !== null && inRange(range, amount)),
          );
          expect(priceFacet?.values.map((value) => value.id) ?? []).toEqual(expectedRanges);
          for (const value of priceFacet?.values ?? []) expect(value.name).toContain('€');
          // With every match in the facet sample, each range counts exactly the shown prices in it.
          const countIn = (range: string) =>
            [...shownPrices.values()].filter((amount) => amount !== null && inRange(range, amount)).length;
          expect(priceFacet?.values.map((value) => [value.id, value.count]) ?? []).toEqual(
            expectedRanges.map((range) => [range, countIn(range)]),
          );

          // The price filter keeps exactly the results whose shown net price falls in a selected range.
          const filtered = await searchFor(organizationId, { price: priceFilter });
          const expectedIds = [...shownPrices]
            .filter(([, amount]) => amount !== null && priceFilter.some((range) => inRange(range, amount)))
            .map(([id]) => id)
            .sort();
          expect((filtered.data ?? []).map((result) => result.id).sort()).toEqual(expectedIds);
          expect(filtered.count.value).toBe(expectedIds.length);
          // With results, the price facet ignores its own filter and the other facets count only
          // what the filter keeps (each product is in one top-level category).
          if (expectedIds.length > 0) {
            // (Selected ranges come back with count 0 too, so that they can be deselected.)
            const rangeCounts = (facet?: { values: Array<{ id: string; count?: number }> }) =>
              (facet?.values ?? [])
                .filter((value) => value.count !== 0)
                .map((value) => [value.id, value.count]);
            expect(rangeCounts(filtered.facets?.find((facet) => facet.id === 'price'))).toEqual(
              rangeCounts(priceFacet),
            );
            const categories = filtered.facets?.find((facet) => facet.id === 'category')?.values ?? [];
            expect(categories.reduce((sum, value) => sum + (value.count ?? 0), 0)).toBe(expectedIds.length);
          }
          for (const result of filtered.data ?? []) {
            expect(result.price.currency).toBe(CURRENCY);
            const shownOffer = fromDetails.get(result.id)!.offers![0];
            expect(priceFilter.some((range) => inRange(range, catalogNetOf(shownOffer)))).toBe(true);
          }
        },
      ),
      { numRuns: NUM_RUNS },
    );
  }, 300_000);
});
