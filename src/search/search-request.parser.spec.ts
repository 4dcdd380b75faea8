import { parseSearchRequest, queryShape } from './search-request.parser';

const ok = (params: Record<string, unknown>) => {
  const result = parseSearchRequest(params);
  if (!result.ok) throw new Error(result.message);
  return result.request;
};
const error = (params: Record<string, unknown>, raw = '') => {
  const result = parseSearchRequest(params, raw);
  if (result.ok) throw new Error('expected a rejection');
  return result.message;
};

describe('parseSearchRequest', () => {
  it('applies the defaults page 1 and pageSize 24 and trims the query', () => {
    expect(ok({ query: '  paper ' })).toEqual({
      query: 'paper',
      page: 1,
      pageSize: 24,
      sort: 'relevance',
      filters: {},
    });
  });

  it.each([
    [{}, /query is required/],
    [{ query: '   ' }, /blank/],
    [{ query: ['a', 'b'] }, /once/],
    [{ query: 'x'.repeat(201) }, /longer than 200/],
    [{ query: 'a', page: '0' }, /page must be between 1/],
    [{ query: 'a', page: '-1' }, /page must be a whole number/],
    [{ query: 'a', page: 'abc' }, /page must be a whole number/],
    [{ query: 'a', page: '1.5' }, /page must be a whole number/],
    [{ query: 'a', page: '1001' }, /page must be between/],
    [{ query: 'a', pageSize: '0' }, /pageSize must be between 1 and 24/],
    [{ query: 'a', pageSize: '25' }, /pageSize must be between 1 and 24/],
    [{ query: 'a', pageSize: 'abc' }, /pageSize must be a whole number/],
    [{ query: 'a', price: 'cheap' }, /price/],
    [{ query: 'a', price: '50-10' }, /price/],
    [{ query: 'a', is_prime: 'yes' }, /is_prime/],
    [{ query: 'a', 'review-rating': '6' }, /review-rating/],
    [{ query: 'a', category: '../etc' }, /category/],
    [{ query: 'a', page: '42' }, /^page: page x pageSize may be at most 1000/],
    [{ query: 'a', page: '101', pageSize: '10' }, /^page: .*reaches 1010/],
    [
      { query: Array.from({ length: 15 }, (_, i) => `w${i}`).join(' OR ') },
      /^query has 15 terms; at most 12/,
    ],
    [{ query: 'a or b OR c oR d Or e -f -x "g h"' }, /^query has 7 operators/],
  ])('rejects %p', (params, message) => {
    expect(error(params)).toMatch(message);
  });

  it('rejects an over-long query string and too many values of one facet', () => {
    expect(error({ query: 'a' }, 'x'.repeat(4097))).toMatch(/query string/);
    const brands = Array.from({ length: 21 }, (_, i) => `brand-${i}`);
    expect(error({ query: 'a', 'lbr_brands_browse-bin': brands })).toMatch(/at most 20/);
  });

  it('collects repeated facet values, drops duplicates and ignores unknown parameters', () => {
    expect(
      ok({
        query: 'pen',
        page: '2',
        pageSize: '10',
        'lbr_brands_browse-bin': ['pelikan', 'stabilo', 'pelikan'],
        'condition-type': 'used',
        price: ['0-10', '100-'],
        p_n_feature_browse: 'whatever',
      }),
    ).toEqual({
      query: 'pen',
      page: 2,
      pageSize: 10,
      sort: 'relevance',
      filters: {
        'lbr_brands_browse-bin': ['pelikan', 'stabilo'],
        'condition-type': ['used'],
        price: ['0-10', '100-'],
      },
    });
  });

  it('keeps the filters in the order the query string names them (chips in the order chosen)', () => {
    const raw = 'query=pen&lbr_brands_browse-bin=pelikan&category=office&price=0-10';
    const result = parseSearchRequest(
      { query: 'pen', category: 'office', price: '0-10', 'lbr_brands_browse-bin': 'pelikan' },
      raw,
    );
    if (!result.ok) throw new Error(result.message);
    expect(Object.keys(result.request.filters)).toEqual(['lbr_brands_browse-bin', 'category', 'price']);
  });

  it('accepts the deepest page and the widest query within the bounds', () => {
    expect(ok({ query: 'a', page: '41' }).page).toBe(41);
    expect(ok({ query: 'a', page: '1000', pageSize: '1' }).page).toBe(1000);
    expect(ok({ query: 'a OR b OR c -d -e "f g" h i j k l' }).query).toBe(
      'a OR b OR c -d -e "f g" h i j k l',
    );
  });
});

describe('queryShape', () => {
  it('counts words as terms and OR, -exclusions and phrases as operators', () => {
    expect(queryShape('blue paper clips')).toEqual({ terms: 3, operators: 0 });
    expect(queryShape('pen OR pencil -red "fine liner"')).toEqual({ terms: 5, operators: 3 });
    expect(queryShape(' - " ')).toEqual({ terms: 0, operators: 0 });
  });

  it('takes a sort order once, from the known ones', () => {
    expect(ok({ query: 'pen', sort: 'price-desc' }).sort).toBe('price-desc');
    expect(parseSearchRequest({ query: 'pen', sort: 'cheapest' })).toEqual({
      ok: false,
      message: 'sort must be one of relevance, price-asc, price-desc, delivery, rating',
    });
    expect(parseSearchRequest({ query: 'pen', sort: ['rating', 'delivery'] })).toEqual({
      ok: false,
      message: 'sort must be given once',
    });
  });
});

describe('parseSearchRequest: feature facet filters', () => {
  it('reads `feature.<key>` parameters as filters, de-duplicated, in the order the query string names them', () => {
    const raw = 'query=kabel&feature.farbe=rot&price=0-10&feature.farbe=blau&feature.aderzahl=3';
    const params = {
      query: 'kabel',
      'feature.farbe': ['rot', 'blau', 'rot'],
      price: '0-10',
      'feature.aderzahl': '3',
    };
    const result = parseSearchRequest(params, raw);
    expect(result.ok && Object.entries(result.request.filters)).toEqual([
      ['feature.farbe', ['rot', 'blau']],
      ['price', ['0-10']],
      ['feature.aderzahl', ['3']],
    ]);
  });

  it.each([
    [
      { 'feature.Farbe': 'rot' },
      'feature.Farbe: "Farbe" is not a feature key (lower-case letters, digits and "-")',
    ],
    [{ 'feature.': 'rot' }, 'feature.: "" is not a feature key (lower-case letters, digits and "-")'],
    [
      { 'feature.farbe-': 'rot' },
      'feature.farbe-: "farbe-" is not a feature key (lower-case letters, digits and "-")',
    ],
    [{ 'feature.farbe': 'Rot' }, 'feature.farbe: "Rot" is not a value of this facet'],
    [{ 'feature.farbe': ['rot', ''] }, 'feature.farbe: "" is not a value of this facet'],
    [{ 'feature.farbe': Array.from({ length: 21 }, (_, i) => `v${i}`) }, 'feature.farbe: at most 20 values'],
    [
      Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f'].map((k) => [`feature.${k}`, 'x'])),
      'feature.<key>: at most 5 feature filters at once',
    ],
  ])('refuses %j: %s', (params, message) => {
    expect(error({ query: 'kabel', ...params })).toBe(message);
  });

  it('ignores parameters that only look alike (no "feature." prefix)', () => {
    expect(ok({ query: 'kabel', features: 'x', feature_farbe: 'rot' }).filters).toEqual({});
  });
});
