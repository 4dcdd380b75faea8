import type {
  FacetCandidate,
  FacetCounts,
  FeatureFacetCounts,
  LocalizedFeatureText,
} from './search.repository';
import {
  FACET_IDS,
  FacetId,
  FilterId,
  featureFacetId,
  featureKeyOf,
  isFeatureFacetId,
} from './search-filters';
import { SearchFacetDto, SearchFacetValueDto } from './dto/search-response.dto';
import { AVAILABILITY_NAMES, CONDITION_NAMES } from '../catalog/catalog.messages';
import { Language, languagesFor } from '../common/i18n/language';
import { unitSymbol } from '../catalog/units';
import { FACET_NAMES, YES, deliveryWithin, priceRangeName, starsAndUp } from './search.messages';

export const PRICE_RANGES = ['0-10', '10-25', '25-50', '50-100', '100-250', '250-500', '500-'];
const DELIVERY_DAYS = ['1', '2', '3', '5', '7'];
const RATINGS = ['4', '3', '2', '1'];

/** The fixed-valued facets' values whose counts the facet query computes. */
export function facetCandidates(): FacetCandidate[] {
  return [
    ...PRICE_RANGES.map((value) => ({ facet: 'price' as const, value })),
    ...Object.keys(AVAILABILITY_NAMES).map((value) => ({ facet: 'availability' as const, value })),
    ...DELIVERY_DAYS.map((value) => ({ facet: 'delivery_day' as const, value })),
    ...RATINGS.map((value) => ({ facet: 'review-rating' as const, value })),
    { facet: 'is_prime', value: 'true' },
    { facet: 'cpf_eligible', value: 'true' },
    ...Object.keys(CONDITION_NAMES).map((value) => ({ facet: 'condition-type' as const, value })),
  ];
}

function valueName(facet: FacetId, value: string, language: Language, currency: string): string {
  switch (facet) {
    case 'price':
      return priceRangeName(value, currency, language);
    case 'availability':
      return AVAILABILITY_NAMES[value][language];
    case 'delivery_day':
      return deliveryWithin(Number(value), language);
    case 'review-rating':
      return starsAndUp(Number(value), language);
    case 'is_prime':
    case 'cpf_eligible':
      return YES[facet][language];
    case 'condition-type':
      return CONDITION_NAMES[value][language];
    default:
      return value;
  }
}

/**
 * The response's facets: a value is listed when it would leave results (given the other facets'
 * filters) or is selected; selected values come back with `selected: true`; a facet without values
 * is left out. Category values are the children of the selected category (roots when none), with
 * the path to it as `parents`.
 */
export function buildFacets(
  counts: FacetCounts,
  candidates: FacetCandidate[],
  filters: Partial<Record<FilterId, string[]>>,
  language: Language,
  /** The marketplace currency, in which price ranges are compared and named. */
  currency: string,
): SearchFacetDto[] {
  const selected = (facet: FilterId, value: string) => filters[facet]?.includes(value) ?? false;
  const values = new Map<FacetId, SearchFacetValueDto[]>(FACET_IDS.map((id) => [id, []]));
  // Counts only where they are exact: the facets were computed over every match, not a sample.
  const push = (facet: FacetId, value: string, name: string, count: number) => {
    const entry: SearchFacetValueDto = { id: value, name };
    if (selected(facet, value)) entry.selected = true;
    if (counts.complete) entry.count = count;
    values.get(facet)!.push(entry);
  };

  for (const c of counts.categories) push('category', c.id, language === 'de' ? c.nameDe : c.nameEn, c.n);
  for (const b of counts.brands) push('lbr_brands_browse-bin', b.id, b.name, b.n);
  candidates.forEach((candidate, i) => {
    if (counts.candidates[i] > 0 || selected(candidate.facet, candidate.value)) {
      push(
        candidate.facet,
        candidate.value,
        valueName(candidate.facet, candidate.value, language, currency),
        counts.candidates[i],
      );
    }
  });
  // Selected values that the sample did not show still come back, so a client can deselect them.
  for (const facet of ['lbr_brands_browse-bin', 'category'] as const) {
    const listed = new Set(values.get(facet)!.map((v) => v.id));
    const trail = new Set(counts.categoryTrail.map((c) => c.id));
    for (const value of filters[facet] ?? []) {
      if (!listed.has(value) && !(facet === 'category' && trail.has(value))) {
        values.get(facet)!.push({ id: value, name: value, selected: true });
      }
    }
  }

  const facets: SearchFacetDto[] = [];
  for (const id of FACET_IDS) {
    const facet: SearchFacetDto = { id, name: FACET_NAMES[id][language], values: values.get(id)! };
    if (id === 'category' && counts.categoryTrail.length > 0) {
      facet.parents = counts.categoryTrail.map((c) => {
        const parent: SearchFacetValueDto = { id: c.id, name: language === 'de' ? c.nameDe : c.nameEn };
        if (selected('category', c.id)) parent.selected = true;
        return parent;
      });
    }
    if (facet.values.length > 0 || facet.parents) facets.push(facet);
    // The feature facets come right after the category they are chosen within.
    if (id === 'category') facets.push(...featureFacets(counts.features, filters, language, counts.complete));
  }
  return facets;
}

/** A text in the buyer's language, else the other one. */
function localized(text: LocalizedFeatureText, language: Language): string | undefined {
  for (const candidate of languagesFor(language)) if (text[candidate] !== undefined) return text[candidate];
  return undefined;
}

/**
 * The feature facets, most shared first: names and values in the buyer's language (else the other),
 * a value with its unit as product details write it. Selected values come back even when no match has
 * them (so they can be deselected), and so does a selected feature no match has.
 */
function featureFacets(
  features: FeatureFacetCounts[],
  filters: Partial<Record<FilterId, string[]>>,
  language: Language,
  complete: boolean,
): SearchFacetDto[] {
  const facets = features.map((feature): SearchFacetDto => {
    const id = featureFacetId(feature.key);
    const chosen = filters[id] ?? [];
    const values = feature.values.map((value): SearchFacetValueDto => {
      const text = localized(value.name, language) ?? value.id;
      // The unit as product details write it beside a value ("GM" as "g/m²"; unknown codes as written).
      const unit = value.unit?.trim() ? unitSymbol(value.unit, language) : '';
      const entry: SearchFacetValueDto = { id: value.id, name: unit ? `${text} ${unit}` : text };
      if (chosen.includes(value.id)) entry.selected = true;
      if (complete) entry.count = value.n;
      return entry;
    });
    return { id, name: localized(feature.name, language) ?? feature.key, values };
  });
  for (const [id, chosen] of Object.entries(filters) as Array<[FilterId, string[]]>) {
    if (!isFeatureFacetId(id)) continue;
    let facet = facets.find((f) => f.id === id);
    if (!facet) {
      facet = { id, name: featureKeyOf(id), values: [] };
      facets.push(facet);
    }
    const listed = new Set(facet.values.map((v) => v.id));
    for (const value of chosen) {
      if (!listed.has(value)) facet.values.push({ id: value, name: value, selected: true });
    }
  }
  return facets.filter((facet) => facet.values.length > 0);
}
