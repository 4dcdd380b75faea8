import type { Prisma } from '../generated/prisma/client';
import { GuidanceRuleSpec } from './guidance-evaluator';
import { compileSearchGuidance } from './guidance-sql';

/** The text with $n placeholders and the bound values, as pg receives them. */
const compile = (fragment: Prisma.Sql) => ({ text: fragment.text, values: fragment.values });

let next = 0;
const rule = (
  data: Partial<GuidanceRuleSpec> & Pick<GuidanceRuleSpec, 'matcher' | 'value'>,
): GuidanceRuleSpec => ({ id: `r${++next}`, effect: 'blocked', ...data });

describe('compileSearchGuidance', () => {
  it('compiles no rules to FALSE for all three predicates', () => {
    const guidance = compileSearchGuidance([]);
    expect([guidance.offerBlocked, guidance.offerPreferred, guidance.productPreferred].map(compile)).toEqual(
      Array(3).fill({ text: 'FALSE', values: [] }),
    );
    expect(guidance.offerLevel).toBe(false);
    // PostgreSQL refuses constants in ORDER BY: keys that order nothing are left out.
    expect(compile(guidance.offerOrder('EUR'))).toEqual({
      text: '(o.currency <> $1) ASC, o.net_price ASC, o.id COLLATE "C" ASC',
      values: ['EUR'],
    });
  });

  it('knows whether any rule reads the offer (vendor, condition, price)', () => {
    expect(compileSearchGuidance([rule({ matcher: 'brand', value: 'Leitz' })]).offerLevel).toBe(false);
    expect(compileSearchGuidance([rule({ matcher: 'condition', value: 'used' })]).offerLevel).toBe(true);
  });

  it('orders offers buyable, in the marketplace currency, preferred, cheapest, by id', () => {
    const guidance = compileSearchGuidance([
      rule({ effect: 'preferred', matcher: 'vendor', value: 'Office World' }),
      rule({ effect: 'blocked', matcher: 'condition', value: 'used' }),
    ]);
    const { text, values } = compile(guidance.offerOrder('EUR'));
    expect(text).toBe(
      '(o.condition::text = ANY($1::text[])) ASC, (o.currency <> $2) ASC, ' +
        '((lower(btrim(o.vendor)) = ANY($3::text[]) AND NOT (o.condition::text = ANY($4::text[])))) DESC, ' +
        'o.net_price ASC, o.id COLLATE "C" ASC',
    );
    expect(values).toEqual([['used'], 'EUR', ['office world'], ['used']]);
  });

  it('binds rule values as parameters and never inlines them into the SQL text', () => {
    const hostile = "x'); DROP TABLE product; --";
    const { offerBlocked } = compileSearchGuidance([
      rule({ matcher: 'vendor', value: hostile }),
      rule({ matcher: 'brand', value: hostile }),
    ]);
    const { text, values } = compile(offerBlocked);
    expect(text).not.toContain('DROP');
    expect(text).toContain('$1');
    expect(text).toContain('$2');
    expect(values).toEqual([[hostile.toLowerCase()], [hostile.toLowerCase()]]);
  });

  it('collapses rules of one matcher into one ANY predicate with normalized values', () => {
    const { offerBlocked } = compileSearchGuidance([
      rule({ matcher: 'vendor', value: ' Office World ' }),
      rule({ matcher: 'vendor', value: 'PAPER palace' }),
      rule({ matcher: 'vendor', value: 'office world' }),
    ]);
    const { text, values } = compile(offerBlocked);
    expect(text).toBe('lower(btrim(o.vendor)) = ANY($1::text[])');
    expect(values).toEqual([['office world', 'paper palace']]);
  });

  it('matches a category subtree with an escaped, bound LIKE pattern on the materialized path', () => {
    const { text, values } = compile(
      compileSearchGuidance([rule({ matcher: 'category', value: 'office' })]).offerBlocked,
    );
    expect(text).toBe('p.category_path LIKE ANY($1::text[])');
    expect(values).toEqual([['%/office/%']]);
  });

  it('escapes LIKE wildcards in category ids and UNSPSC prefixes', () => {
    // The DTO admits neither character; the compiler must not rely on that.
    const { values } = compile(
      compileSearchGuidance([
        rule({ matcher: 'category', value: 'a_b%' }),
        rule({ matcher: 'unspsc_prefix', value: '44_' }),
      ]).offerBlocked,
    );
    expect(values).toEqual([['%/a\\_b\\%/%'], ['44\\_%']]);
  });

  it('treats a product without UNSPSC or brand as not matching rather than NULL', () => {
    const { text } = compile(
      compileSearchGuidance([
        rule({ matcher: 'unspsc_prefix', value: '4412' }),
        rule({ matcher: 'brand', value: 'Leitz' }),
      ]).offerBlocked,
    );
    expect(text).toContain('coalesce(lower(btrim(p.brand)) = ANY($1::text[]), false)');
    expect(text).toContain('coalesce(p.unspsc LIKE ANY($2::text[]), false)');
  });

  it('compares prices only in the rule currency, against the lowest threshold per currency', () => {
    const { text, values } = compile(
      compileSearchGuidance([
        rule({ matcher: 'price_above', value: '500', currency: 'EUR' }),
        rule({ matcher: 'price_above', value: '250.5', currency: 'eur' }),
        rule({ matcher: 'price_above', value: '1000', currency: 'USD' }),
      ]).offerBlocked,
    );
    expect(text).toBe(
      '((upper(o.currency) = $1 AND o.net_price > $2::numeric) OR (upper(o.currency) = $3 AND o.net_price > $4::numeric))',
    );
    expect(values).toEqual(['EUR', '250.5', 'USD', '1000']);
  });

  it('makes an offer preferred only when it is not blocked (blocked beats preferred)', () => {
    const guidance = compileSearchGuidance([
      rule({ effect: 'preferred', matcher: 'vendor', value: 'Office World' }),
      rule({ effect: 'blocked', matcher: 'condition', value: 'used' }),
    ]);
    const { text, values } = compile(guidance.offerPreferred);
    expect(text).toBe(
      '(lower(btrim(o.vendor)) = ANY($1::text[]) AND NOT (o.condition::text = ANY($2::text[])))',
    );
    expect(values).toEqual([['office world'], ['used']]);
  });

  it('builds the ranking boost from product-level preferring rules only, minus product-level blocks', () => {
    const guidance = compileSearchGuidance([
      rule({ effect: 'preferred', matcher: 'vendor', value: 'Office World' }),
      rule({ effect: 'preferred', matcher: 'brand', value: 'Leitz' }),
      rule({ effect: 'blocked', matcher: 'product', value: 'P9' }),
      rule({ effect: 'blocked', matcher: 'condition', value: 'used' }),
    ]);
    const { text, values } = compile(guidance.productPreferred);
    expect(text).toBe(
      '(coalesce(lower(btrim(p.brand)) = ANY($1::text[]), false) AND NOT (p.id = ANY($2::text[])))',
    );
    expect(values).toEqual([['leitz'], ['P9']]);
  });

  it('has no ranking boost when only offer-level rules prefer', () => {
    const guidance = compileSearchGuidance([
      rule({ effect: 'preferred', matcher: 'vendor', value: 'Office World' }),
    ]);
    expect(compile(guidance.productPreferred).text).toBe('FALSE');
    expect(compile(guidance.offerBlocked).text).toBe('FALSE');
  });

  it('compiles every matcher with as many placeholders as bound values', () => {
    const all: GuidanceRuleSpec[] = [
      rule({ matcher: 'vendor', value: 'V' }),
      rule({ matcher: 'product', value: 'P1' }),
      rule({ matcher: 'product_code', value: 'C1' }),
      rule({ matcher: 'brand', value: 'B' }),
      rule({ matcher: 'category', value: 'office' }),
      rule({ matcher: 'unspsc_prefix', value: '44' }),
      rule({ matcher: 'condition', value: 'used' }),
      rule({ matcher: 'price_above', value: '10', currency: 'EUR' }),
    ];
    for (const effect of ['blocked', 'preferred'] as const) {
      const guidance = compileSearchGuidance(all.map((r) => ({ ...r, effect })));
      const { offerBlocked, offerPreferred, productPreferred } = guidance;
      for (const predicate of [offerBlocked, offerPreferred, productPreferred, guidance.offerOrder('EUR')]) {
        const { text, values } = compile(predicate);
        const placeholders = new Set(text.match(/\$\d+/g) ?? []);
        expect(placeholders.size).toBe(values.length);
      }
    }
  });
});
