import { applyDecorators } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger';
import {
  AVAILABILITIES,
  BRAND_KEY_PATTERN,
  CATEGORY_ID_PATTERN,
  OFFER_CONDITIONS,
} from '../../catalog/catalog.constants';
import { FACET_IDS, FacetId } from '../search-filters';
import { SEARCH_LIMITS, SEARCH_SORTS } from '../search-request.parser';

/**
 * The value ids each facet filter accepts, as isValidFacetValue checks them (search-request.params.spec.ts
 * keeps the two in step). Facet ids are a fixed set, so each filter is its own documented parameter
 * (`style: form, explode: true`: `?category=a&category=b`), which validators and client generators
 * understand, unlike a free-form object parameter.
 */
export const FACET_VALUE_SCHEMAS: Record<FacetId, SchemaObject & { description: string }> = {
  category: {
    type: 'string',
    pattern: CATEGORY_ID_PATTERN.source,
    description: 'Category ids; a category includes its subtree.',
  },
  price: {
    type: 'string',
    pattern: '^\\d{1,7}-(\\d{1,7})?$',
    description: 'Price ranges `from-to` (to > from, half-open [from, to)) or `from-` (and up), whole units.',
  },
  availability: { type: 'string', enum: [...AVAILABILITIES], description: 'Availability.' },
  delivery_day: {
    type: 'string',
    pattern: '^([1-9]|[1-5]\\d|60)$',
    description: 'Delivered within this many days (1-60).',
  },
  'review-rating': {
    type: 'string',
    enum: ['1', '2', '3', '4', '5'],
    description: 'At least this many stars.',
  },
  is_prime: { type: 'string', enum: ['true'], description: 'Only prime-eligible products.' },
  cpf_eligible: { type: 'string', enum: ['true'], description: 'Only climate-pledge-friendly products.' },
  'lbr_brands_browse-bin': {
    type: 'string',
    pattern: BRAND_KEY_PATTERN.source,
    description: 'Brand keys.',
  },
  'condition-type': { type: 'string', enum: [...OFFER_CONDITIONS], description: 'Offer condition.' },
};

/** The query parameters of GET /api/v1/marketplace/search, as parseSearchRequest reads them. */
export function ApiSearchParameters(): MethodDecorator {
  return applyDecorators(
    ApiQuery({
      name: 'query',
      required: true,
      description:
        'Search words (web-search syntax: "phrase", -exclusion, OR). Not blank, no control characters.',
      schema: { type: 'string', minLength: 1, maxLength: SEARCH_LIMITS.maxQueryLength },
      example: 'kugelschreiber blau',
    }),
    ApiQuery({
      name: 'page',
      required: false,
      description: 'Page number, from 1.',
      schema: { type: 'integer', minimum: 1, maximum: SEARCH_LIMITS.maxPage, default: 1 },
    }),
    ApiQuery({
      name: 'pageSize',
      required: false,
      description: 'Results per page.',
      schema: {
        type: 'integer',
        minimum: 1,
        maximum: SEARCH_LIMITS.maxPageSize,
        default: SEARCH_LIMITS.maxPageSize,
      },
    }),
    ApiQuery({
      name: 'sort',
      required: false,
      description:
        'Result order: `relevance` (preferred products first, then rank), `price-asc` / `price-desc` (the shown ' +
        "offer's net price), `delivery` (fastest delivery first), `rating` (best rated first). Ties go by rank. " +
        'Products without the key (no price in the marketplace currency, no delivery or rating) come last.',
      schema: { type: 'string', enum: [...SEARCH_SORTS], default: 'relevance' },
    }),
    ...FACET_IDS.map((facet) =>
      ApiQuery({
        name: facet,
        required: false,
        style: 'form',
        explode: true,
        description:
          `Facet filter "${facet}": ${FACET_VALUE_SCHEMAS[facet].description} Value ids come from the ` +
          "response's facets[].values[].id; several values of one facet are ORed, facets ANDed. A malformed " +
          'value is 400; parameters that are no facet id are ignored.',
        schema: {
          type: 'array',
          maxItems: SEARCH_LIMITS.maxValuesPerFacet,
          items: withoutDescription(FACET_VALUE_SCHEMAS[facet]),
        },
      }),
    ),
  );
}

function withoutDescription({ description: _description, ...schema }: SchemaObject): SchemaObject {
  return schema;
}
