import type { SearchResponseDto } from '../../search/dto/search-response.dto';
import { localImageUrl } from './local-image-url';
import { buildSearchView, pageLinks } from './search-view.builder';

const KEY = 'psk_test';

function response(overrides: Partial<SearchResponseDto> = {}): SearchResponseDto {
  return {
    id: 'marketplace',
    name: 'Marketplace',
    count: { value: 100, relation: 'eq' },
    data: [],
    facets: [
      {
        id: 'lbr_brands_browse-bin',
        name: 'Brand',
        values: [
          { id: 'acme', name: 'Acme', selected: true },
          { id: 'zeta', name: 'Zeta', count: 7 },
        ],
      },
      {
        id: 'category',
        name: 'Category',
        parents: [{ id: 'it', name: 'IT', selected: true }],
        values: [{ id: 'cables', name: 'Cables' }],
      },
    ],
    ...overrides,
  };
}

const query = (href: string) => [...new URL(href, 'http://x').searchParams.entries()];

describe('search page view', () => {
  const request = {
    query: 'cable',
    page: 2,
    pageSize: 24,
    sort: 'relevance' as const,
    filters: { 'lbr_brands_browse-bin': ['acme'], category: ['it'] },
  };

  it('toggles a value while keeping the other filters, and starts again at page 1', () => {
    const view = buildSearchView(response(), request, KEY, 'https://gw.example');
    const [acme, zeta] = view.filters[0].values;
    expect(query(acme.href)).toEqual([
      ['query', 'cable'],
      ['category', 'it'],
    ]);
    expect(query(zeta.href)).toEqual([
      ['query', 'cable'],
      ['lbr_brands_browse-bin', 'acme'],
      ['category', 'it'],
      ['lbr_brands_browse-bin', 'zeta'],
    ]);
  });

  it('narrows a category instead of adding one, and names the selected filters with their removal', () => {
    const view = buildSearchView(response(), request, KEY, 'https://gw.example');
    expect(query(view.filters[1].values[0].href)).toEqual([
      ['query', 'cable'],
      ['lbr_brands_browse-bin', 'acme'],
      ['category', 'cables'],
    ]);
    expect(view.selected.map((chip) => [chip.facet, chip.name])).toEqual([
      ['Brand', 'Acme'],
      ['Category', 'IT'],
    ]);
    expect(query(view.selected[0].removeHref)).toEqual([
      ['query', 'cable'],
      ['category', 'it'],
    ]);
    expect(query(view.clearHref!)).toEqual([['query', 'cable']]);
  });

  it("shows a value's result count where the search gives one, and none where it does not", () => {
    const view = buildSearchView(response(), request, KEY, 'https://gw.example');
    const [acme, zeta] = view.filters[0].values;
    expect([acme.count, zeta.count]).toEqual([undefined, 7]);
  });

  it('pages up to the result window, with previous and next', () => {
    const view = buildSearchView(response({ count: { value: 10000, relation: 'gte' } }), request, KEY, '');
    const numbers = view.pages.map((link) => (link === 'gap' ? '…' : link.page));
    // 1,000 results are served at most: 42 pages of 24.
    expect(numbers).toEqual([1, 2, 3, 4, '…', 42]);
    expect(query(view.previousHref!)).not.toContainEqual(['page', '1']);
    expect(query(view.nextHref!)).toContainEqual(['page', '3']);
    expect(view.totalIsLowerBound).toBe(true);
  });

  it('lists no pages for one page of results', () => {
    expect(pageLinks(1, 1, String)).toEqual([]);
    expect(pageLinks(5, 9, String).map((l) => (l === 'gap' ? '…' : l.page))).toEqual([
      1,
      '…',
      3,
      4,
      5,
      6,
      7,
      '…',
      9,
    ]);
  });

  it('shows only images the page may load', () => {
    expect(localImageUrl('https://gw.example/images/p/1/small.svg', 'https://gw.example')).toBe(
      '/images/p/1/small.svg',
    );
    expect(localImageUrl('https://cdn.example/p.jpg', 'https://gw.example')).toBeUndefined();
    expect(localImageUrl('//cdn.example/p.jpg', 'https://gw.example')).toBeUndefined();
  });
});
