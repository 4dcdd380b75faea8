import { measuredSearchPoints, searchCost } from './search-cost';

describe('searchCost', () => {
  it('charges a plain first page one point', () => {
    expect(searchCost({ query: 'blue paper clips' })).toBe(1);
    expect(searchCost({ query: 'a b c d', page: '1', pageSize: '24' })).toBe(1);
  });

  it('charges wider queries, deeper pages and more filter values more', () => {
    // 15 terms + 14 OR = 29 -> +7
    const thirtyWordOr = Array.from({ length: 15 }, (_, i) => `word${i}`).join(' OR ');
    expect(searchCost({ query: thirtyWordOr })).toBe(8);
    // page 11 of 24: offset 240 -> +1; the depth is bounded by the result window (1000 -> +4)
    expect(searchCost({ query: 'paper', page: '11' })).toBe(2);
    expect(searchCost({ query: 'paper', page: '1000' })).toBe(5);
    expect(searchCost({ query: thirtyWordOr, page: '1000' })).toBe(12);
    // 6 filter values -> +2
    expect(searchCost({ query: 'paper', category: 'c1', availability: ['a', 'b', 'c', 'd', 'e'] })).toBe(3);
    // feature filters count as filter values too: 6 -> +2
    expect(
      searchCost({
        query: 'paper',
        'feature.farbe': ['rot', 'blau', 'gelb'],
        'feature.format': ['a4', 'a3', 'a5'],
      }),
    ).toBe(3);
  });

  it('charges garbage like a plain search, never NaN or less than one', () => {
    expect(searchCost({})).toBe(1);
    expect(searchCost({ query: ['a', 'b'], page: 'x', pageSize: '-4' })).toBe(1);
    expect(searchCost({ query: 'a', page: '-50' })).toBe(1);
  });
});

describe('measuredSearchPoints', () => {
  it.each([
    [0, 1],
    [3, 1],
    [25, 1],
    [26, 2],
    [400, 16],
    [3_000, 120],
  ])('charges %s ms of database time %s point(s) at 25 ms per point', (ms, points) => {
    expect(measuredSearchPoints(ms, 25)).toBe(points);
  });
});
