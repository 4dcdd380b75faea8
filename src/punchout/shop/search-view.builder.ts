import type { SearchResponseDto } from '../../search/dto/search-response.dto';
import { SEARCH_LIMITS, SEARCH_SORTS, type SearchRequest } from '../../search/search-request.parser';
import { localImageUrl } from './local-image-url';
import { searchPath, type SearchFilter } from '../core/punchout-paths';
import type { FilterValueView, FilterView, PageLinkView, SearchView } from './views/shop-view.models';

/** Page links shown either side of the current page (first and last are always shown). */
const PAGE_LINKS_AROUND = 2;

/** The filters of a request as ordered pairs, as the search URL carries them. */
export function filtersOf(request: SearchRequest): SearchFilter[] {
  return Object.entries(request.filters).flatMap(([facet, values]) =>
    (values ?? []).map((value): SearchFilter => [facet, value]),
  );
}

/**
 * The search page's view of an API search answer: hits with their pictures, the facets as filter
 * links (toggling a value keeps the others and goes back to page 1), the selected filters with
 * their removal, and numbered pages. Pure: the page shows exactly what the API answered.
 */
export function buildSearchView(
  result: SearchResponseDto,
  request: SearchRequest,
  sessionKey: string,
  publicUrl: string,
): SearchView {
  const selected = filtersOf(request);
  const link = (filters: readonly SearchFilter[], page?: number, sort: string = request.sort) =>
    searchPath(sessionKey, request.query, page, filters, sort);
  const without = (facet: string, value?: string) =>
    selected.filter(([f, v]) => f !== facet || (value !== undefined && v !== value));
  const toggled = (facet: string, value: string, isSelected: boolean): string =>
    link(isSelected ? without(facet, value) : [...selected, [facet, value]]);
  // A category narrows: choosing one replaces the category filter instead of adding to it.
  const category = (value: string): string => link([...without('category'), ['category', value]]);

  const names = new Map<string, string>();
  const filters = result.facets.map((facet): FilterView => {
    const parents = (facet.parents ?? []).map((parent): FilterValueView => {
      names.set(`${facet.id}=${parent.id}`, parent.name);
      return { name: parent.name, selected: parent.selected === true, href: category(parent.id) };
    });
    const values = facet.values.map((value): FilterValueView => {
      names.set(`${facet.id}=${value.id}`, value.name);
      const isSelected = value.selected === true;
      return {
        name: value.name,
        selected: isSelected,
        href: facet.id === 'category' ? category(value.id) : toggled(facet.id, value.id, isSelected),
        ...(value.count !== undefined ? { count: value.count } : {}),
      };
    });
    return { id: facet.id, name: facet.name, parents, values };
  });
  const facetNames = new Map(result.facets.map((facet) => [facet.id, facet.name]));

  const pageSize = request.pageSize;
  const reachable = Math.min(result.count.value, SEARCH_LIMITS.maxResultWindow);
  const lastPage = Math.max(1, Math.ceil(reachable / pageSize));
  const current = request.page;
  return {
    query: request.query,
    page: current,
    total: result.count.value,
    totalIsLowerBound: result.count.relation === 'gte',
    hits: result.data.map((hit) => {
      const imageUrl = hit.preview ? localImageUrl(hit.preview.url, publicUrl) : undefined;
      return {
        id: hit.id,
        name: hit.name,
        ...(hit.vendor ? { vendor: hit.vendor } : {}),
        priceText: hit.price.formatted ?? `${hit.price.amount} ${hit.price.currency}`,
        ...(hit.priceTaxLabel ? { priceTaxLabel: hit.priceTaxLabel } : {}),
        ...(hit.quotedPrice?.formatted ? { quotedGrossText: hit.quotedPrice.formatted } : {}),
        preferred: hit.preferred === true,
        blocked: hit.blocked === true,
        ...(hit.delivery ? { delivery: hit.delivery } : {}),
        ...(imageUrl ? { image: { url: imageUrl, alt: hit.preview?.altText ?? hit.name } } : {}),
        ...(hit.availability ? { availability: hit.availability } : {}),
        ...(hit.starRating !== undefined ? { starRating: hit.starRating } : {}),
        ...(hit.sku ? { sku: hit.sku } : {}),
      };
    }),
    hasNext: current < lastPage,
    filters,
    sort: request.sort,
    // Another order starts again at page 1 and keeps the filters.
    sorts: SEARCH_SORTS.map((sort) => ({
      sort,
      href: link(selected, undefined, sort),
      current: sort === request.sort,
    })),
    selected: selected.map(([facet, value]) => ({
      facet: facetNames.get(facet) ?? facet,
      name: names.get(`${facet}=${value}`) ?? value,
      removeHref: link(without(facet, value)),
    })),
    ...(selected.length > 0 ? { clearHref: link([]) } : {}),
    pages: pageLinks(current, lastPage, (page) => link(selected, page)),
    ...(current > 1 ? { previousHref: link(selected, Math.min(current - 1, lastPage)) } : {}),
    ...(current < lastPage ? { nextHref: link(selected, current + 1) } : {}),
  };
}

/** The page of a search that could not run (its notice says why). */
export function emptySearchView(query: string): SearchView {
  return {
    query,
    page: 1,
    total: 0,
    totalIsLowerBound: false,
    hits: [],
    hasNext: false,
    filters: [],
    sort: 'relevance',
    sorts: [],
    selected: [],
    pages: [],
  };
}

/** 1 … 4 5 [6] 7 8 … 20: the first, the last, and a few around the current page. */
export function pageLinks(
  current: number,
  last: number,
  href: (page: number) => string,
): Array<PageLinkView | 'gap'> {
  if (last <= 1) return [];
  const shown = new Set([1, last]);
  for (let page = current - PAGE_LINKS_AROUND; page <= current + PAGE_LINKS_AROUND; page += 1) {
    if (page >= 1 && page <= last) shown.add(page);
  }
  const links: Array<PageLinkView | 'gap'> = [];
  let previous = 0;
  for (const page of [...shown].sort((a, b) => a - b)) {
    if (page > previous + 1) links.push('gap');
    links.push({ page, href: href(page), current: page === current });
    previous = page;
  }
  return links;
}
