/** The URLs of the punchout pages, in one place (controllers route them, views link them). */
export const PUNCHOUT_BASE = '/punchout';

export const startPath = (startToken: string): string => `${PUNCHOUT_BASE}/start/${startToken}`;

/** Every page of an opened session lives under its secret key. */
export const sessionPath = (sessionKey: string, rest = ''): string =>
  `${PUNCHOUT_BASE}/s/${sessionKey}${rest}`;

export const productPath = (sessionKey: string, productId: string): string =>
  sessionPath(sessionKey, `/product/${encodeURIComponent(productId)}`);

/** Where "back to the shop" leads: the session's product, or its start page. */
export const shopHomePath = (sessionKey: string, productId: string | null): string =>
  productId === null ? sessionPath(sessionKey) : productPath(sessionKey, productId);

/** A facet filter as the search API takes it: `<facet id>=<value id>`. */
export type SearchFilter = readonly [facetId: string, valueId: string];

export const searchPath = (
  sessionKey: string,
  query?: string,
  page?: number,
  filters: readonly SearchFilter[] = [],
  sort = 'relevance',
): string => {
  const params = new URLSearchParams();
  if (query !== undefined) params.set('query', query);
  for (const [facet, value] of filters) params.append(facet, value);
  if (sort !== 'relevance') params.set('sort', sort);
  if (page !== undefined && page > 1) params.set('page', String(page));
  const qs = params.toString();
  return sessionPath(sessionKey, `/search${qs ? `?${qs}` : ''}`);
};

export const cartPath = (sessionKey: string): string => sessionPath(sessionKey, '/cart');
